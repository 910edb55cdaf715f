import { afterEach, expect, test, vi } from 'vitest'
import { createAuthConnector } from '../../../../src/connectors/auth/connector.js'
import type { RequestMessage } from '../../../../src/connectors/auth/protocol.js'
import {
  EmailRetryAfterError,
  ExpiredOtpError,
  InvalidOtpError,
  LoginFailedError,
} from '../../../../src/core/errors/auth.js'
import {
  UnauthorizedProviderError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../../../src/core/errors/rpc.js'
import { createFakeFrame, FRAME_URL, settle } from './fake-frame.js'

const SMART = '0x1111111111111111111111111111111111111111'
const EOA = '0x2222222222222222222222222222222222222222'

const userOf = (type: 'smartAccount' | 'eoa', chainId = 31337) => ({
  address: type === 'smartAccount' ? SMART : EOA,
  chainId,
  accounts: [
    { address: SMART, type: 'smartAccount' },
    { address: EOA, type: 'eoa' },
  ],
  preferredAccountType: type,
  method: 'email',
  email: 'alice@example.com',
})

type Shown = { cancel: () => void; hidden: boolean }

/** A connector over the fake frame, which answers as `reply` says (by default, as a frame would). */
function setup(reply?: (message: RequestMessage) => unknown) {
  const frame = createFakeFrame()
  const shown: Shown[] = []
  const connector = createAuthConnector({
    url: FRAME_URL,
    chainIds: [31337, 31338],
    preferredAccountType: () => 'smartAccount',
    host: {
      mount: frame.mount,
      show(onCancel) {
        const entry = { cancel: onCancel, hidden: false }
        shown.push(entry)
        return () => {
          entry.hidden = true
        }
      },
    },
    target: frame.page,
  })
  let type: 'smartAccount' | 'eoa' = 'smartAccount'
  frame.onRequest(
    reply ??
      ((m) => {
        const payload = m.payload as Record<string, unknown>
        switch (m.type) {
          case 'GET_USER':
            type = payload.preferredAccountType as typeof type
            return userOf(type, payload.chainId as number)
          case 'SET_PREFERRED_ACCOUNT':
            type = payload.type as typeof type
            return { type, address: type === 'smartAccount' ? SMART : EOA }
          case 'SWITCH_NETWORK':
            return { chainId: payload.chainId }
          case 'IS_CONNECTED':
            return { isConnected: true }
          case 'RPC_REQUEST':
            return undefined
          default:
            return {}
        }
      }),
  )
  connector.prepare()
  frame.ready()
  return { frame, connector, shown }
}

afterEach(() => {
  vi.useRealTimers()
})

test('default', async () => {
  const { connector } = setup()
  expect({ id: connector.id, name: connector.name, type: connector.type }).toEqual({
    id: 'auth',
    name: 'Email & Social',
    type: 'AUTH',
  })
  expect(await connector.getAccounts()).toEqual([])
  expect(await connector.connect({})).toEqual({
    accounts: [SMART],
    caipNetworkId: 'eip155:31337',
  })
  expect(await connector.getAccounts()).toEqual([SMART])
  expect(connector.accountInfo?.()).toEqual({
    accounts: userOf('smartAccount').accounts,
    preferredAccountType: 'smartAccount',
    user: { email: 'alice@example.com', username: undefined },
    socialProvider: 'email',
  })
  const provider = connector.getProvider() as { request(a: unknown): Promise<unknown> }
  expect(await provider.request({ method: 'eth_accounts' })).toEqual([SMART])
  expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
})

test('behavior: the login steps map the frame refusals to their errors', async () => {
  const errors: Record<string, unknown> = {
    a: { code: 'INVALID_OTP', message: 'x' },
    b: { code: 'EXPIRED_OTP', message: 'x' },
    c: { code: 'RETRY_AFTER', message: 'x', retryAfterSeconds: 12 },
    d: { code: 'NOT_AUTHENTICATED', message: 'Sign in first.' },
  }
  const frame = createFakeFrame()
  const connector = createAuthConnector({
    url: FRAME_URL,
    chainIds: [1],
    preferredAccountType: () => 'eoa',
    host: { mount: frame.mount, show: () => () => undefined },
    target: frame.page,
  })
  frame.onRequest((m) => {
    const key = (m.payload as { otp?: string }).otp ?? 'd'
    frame.fail(m, errors[key] as never)
    return new Error('answered')
  })
  connector.prepare()
  frame.ready()
  await expect(connector.connectOtp('a')).rejects.toBeInstanceOf(InvalidOtpError)
  await expect(connector.connectOtp('b')).rejects.toBeInstanceOf(ExpiredOtpError)
  const retry = await connector.connectOtp('c').catch((e: unknown) => e)
  expect(retry).toBeInstanceOf(EmailRetryAfterError)
  expect((retry as EmailRetryAfterError).shortMessage).toBe('Please try again after 12 seconds')
  const other = await connector.connect({}).catch((e: unknown) => e)
  expect(other).toBeInstanceOf(LoginFailedError)
  expect((other as LoginFailedError).code).toBe('NOT_AUTHENTICATED')
})

test('behavior: signing is approved in the frame, shown by the kit only meanwhile', async () => {
  const { frame, connector, shown } = setup()
  await connector.connect({})
  const provider = connector.getProvider() as { request(a: unknown): Promise<unknown> }
  const signature = provider.request({ method: 'personal_sign', params: ['0x68', SMART] })
  await settle()
  expect(shown).toHaveLength(1)
  expect(shown[0]?.hidden).toBe(false)
  const asked = frame.posted.at(-1)?.message
  expect(asked?.payload).toEqual({
    chainId: 31337,
    method: 'personal_sign',
    params: ['0x68', SMART],
    approval: true,
  })
  frame.answer(asked as RequestMessage, { result: `0x${'ab'.repeat(65)}` })
  expect(await signature).toBe(`0x${'ab'.repeat(65)}`)
  expect(shown[0]?.hidden).toBe(true)
})

test('behavior: one approval at a time; cancelling the shown one declines it (4001)', async () => {
  const { frame, connector, shown } = setup()
  await connector.connect({})
  const provider = connector.getProvider() as { request(a: unknown): Promise<unknown> }
  const first = provider.request({ method: 'eth_sendTransaction', params: [{ to: EOA }] })
  const second = provider.request({ method: 'personal_sign', params: ['0x68', SMART] })
  await settle()
  expect(shown).toHaveLength(1)
  shown[0]?.cancel()
  await expect(first).rejects.toBeInstanceOf(UserRejectedRequestError)
  await settle()
  expect(shown).toHaveLength(2)
  expect(frame.posted.map((p) => p.message.type)).toContain('RPC_ABORT')
  const asked = frame.posted.filter((p) => p.message.type === 'RPC_REQUEST').at(-1)?.message
  frame.fail(asked as RequestMessage, { code: 4001, message: 'Rejected in the frame' })
  await expect(second).rejects.toBeInstanceOf(UserRejectedRequestError)
})

test('error: an answer that is not what the method returns is refused', async () => {
  const { frame, connector } = setup()
  await connector.connect({})
  const provider = connector.getProvider() as { request(a: unknown): Promise<unknown> }
  const sent = provider.request({ method: 'eth_sendTransaction', params: [{ to: EOA }] })
  await settle()
  const asked = frame.posted.at(-1)?.message
  frame.answer(asked as RequestMessage, { result: '0x1234' })
  await expect(sent).rejects.toBeInstanceOf(WalletRequestError)
})

test('error: nothing is signed and no account is given before the visitor signs in', async () => {
  const { connector, frame } = setup()
  const provider = connector.getProvider() as { request(a: unknown): Promise<unknown> }
  await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toBeInstanceOf(
    UnauthorizedProviderError,
  )
  await expect(
    provider.request({ method: 'personal_sign', params: ['0x68', SMART] }),
  ).rejects.toBeInstanceOf(UnauthorizedProviderError)
  expect(frame.posted).toEqual([])
})

test('behavior: the account type switch announces the new address', async () => {
  const { connector } = setup()
  await connector.connect({})
  const seen: string[][] = []
  connector.on('accountsChanged', (accounts) => seen.push(accounts))
  const provider = connector.getProvider() as {
    on(event: string, listener: (value: unknown) => void): void
  }
  const fromProvider: unknown[] = []
  provider.on('accountsChanged', (accounts) => fromProvider.push(accounts))
  expect(await connector.setPreferredAccountType('eoa')).toBe(EOA)
  expect(seen).toEqual([[EOA]])
  expect(fromProvider).toEqual([[EOA]])
  expect(connector.accountInfo?.()?.preferredAccountType).toBe('eoa')
  // The same type again changes nothing.
  await connector.setPreferredAccountType('eoa')
  expect(seen).toHaveLength(1)
})

test('behavior: switching networks: offered ones through the frame, others refused', async () => {
  const { connector } = setup()
  await connector.connect({})
  const changed: string[] = []
  connector.on('chainChanged', (id) => changed.push(id))
  await connector.switchNetwork({
    caipNetworkId: 'eip155:31338',
    namespace: 'eip155',
    reference: '31338',
    name: 'Devnet 2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  })
  expect(changed).toEqual(['eip155:31338'])
  expect(await connector.getNetworkId()).toBe('eip155:31338')
  await expect(
    connector.switchNetwork({
      caipNetworkId: 'eip155:1',
      namespace: 'eip155',
      reference: '1',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }),
  ).rejects.toBeInstanceOf(UnrecognizedChainError)
})

test('behavior: a remembered login is restored; disconnect signs out of the frame', async () => {
  const { connector, frame } = setup()
  expect(await connector.isAuthorized()).toBe(true)
  expect(await connector.getAccounts()).toEqual([SMART])
  await connector.disconnect()
  expect(frame.posted.at(-1)?.message.type).toBe('SIGN_OUT')
  expect(await connector.getAccounts()).toEqual([])
})
