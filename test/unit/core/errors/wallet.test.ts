import { EventEmitter } from 'node:events'
import { expect, test, vi } from 'vitest'
import { createInjectedConnector } from '../../../../src/connectors/injected/connector.js'
import { createSolanaStandardConnector } from '../../../../src/connectors/solana-standard/connector.js'
import type { SolanaProvider } from '../../../../src/connectors/solana-standard/provider.js'
import { createWalletConnectConnector } from '../../../../src/connectors/walletconnect/connector.js'
import type { ProviderFactory } from '../../../../src/connectors/walletconnect/provider.js'
import { ProviderRpcError } from '../../../../src/core/errors/rpc.js'
import { actionOf, toWalletError } from '../../../../src/core/errors/wallet.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import { walletProvider } from '../../../../src/core/wallet-provider.js'
import { fakeWallet } from '../../connectors/solana-standard/fake-wallet.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CODES = [4001, -32002, 4100, 4200, 4900, 4901] as const
const ACTIONS = ['connect', 'sign', 'send'] as const
type Action = (typeof ACTIONS)[number]

/** What a visitor reads for each code on each action, and the class behind it (SECURITY 22). */
const EXPECTED: Record<Action, Record<(typeof CODES)[number], [string, string]>> = {
  connect: {
    4001: ['UserRejectedRequestError', 'The request was declined in the wallet.'],
    [-32002]: [
      'RequestAlreadyPendingError',
      'A request is already waiting in your wallet. Open the wallet to continue.',
    ],
    4100: [
      'UnauthorizedProviderError',
      'The wallet has not authorised this site. Unlock it and try again.',
    ],
    4200: ['UnsupportedProviderMethodError', 'The wallet does not support this request.'],
    4900: ['ProviderDisconnectedError', 'The wallet is not connected to any network.'],
    4901: ['ChainDisconnectedError', 'The wallet is not connected to this network.'],
  },
  sign: {} as never,
  send: {} as never,
}
EXPECTED.sign = { ...EXPECTED.connect, 4001: ['SignatureDeclinedError', 'Signature declined'] }
EXPECTED.send = { ...EXPECTED.connect, 4001: ['SignatureDeclinedError', 'Signature declined'] }

/** How each connector kind's wallet words a failure (WalletConnect wallets reject with 5000). */
const failure = (kind: string, code: number) =>
  kind === 'walletconnect' && code === 4001
    ? Object.assign(new Error('User rejected.'), { code: 5000 })
    : Object.assign(new Error(`wallet says ${code}`), { code })

/** One connector kind: how to connect, sign and send through it, and how to make the next call fail. */
type Harness = {
  connector: Connector
  failNext(code: number): void
  run(action: Action): Promise<unknown>
}

/** An EIP-1193 wallet whose next request fails with the queued error. */
function eip1193Wallet(kind: string) {
  let queued: number | undefined
  const request = vi.fn(async ({ method }: { method: string }) => {
    if (queued !== undefined) {
      const code = queued
      queued = undefined
      throw failure(kind, code)
    }
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
    if (method === 'eth_chainId') return '0x7a69'
    if (method === 'personal_sign') return `0x${'1b'.repeat(65)}`
    if (method === 'eth_sendTransaction') return `0x${'ab'.repeat(32)}`
    return null
  })
  return {
    provider: Object.assign(new EventEmitter(), { request }),
    failNext: (code: number) => {
      queued = code
    },
  }
}

const evmRun = (connector: Connector) => async (action: Action) => {
  if (action === 'connect') return connector.connect({})
  const provider = walletProvider(connector) as { request(a: unknown): Promise<unknown> }
  return action === 'sign'
    ? provider.request({ method: 'personal_sign', params: ['0x68690a', ADDRESS] })
    : provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS }] })
}

function injected(): Harness {
  const wallet = eip1193Wallet('injected')
  const connector = createInjectedConnector({
    id: 'eip6963:test',
    name: 'Test Wallet',
    type: 'ANNOUNCED',
    provider: wallet.provider as never,
  })
  return { connector, failNext: wallet.failNext, run: evmRun(connector) }
}

function walletConnect(): Harness {
  const wallet = eip1193Wallet('walletconnect')
  const provider = Object.assign(wallet.provider, {
    session: undefined as undefined | { topic: string; namespaces: object },
    client: Object.assign(new EventEmitter(), {
      session: { keys: [] as string[] },
      core: {
        verify: { register: vi.fn(async () => '') },
        heartbeat: { stop: vi.fn() },
        relayer: { transportClose: vi.fn(async () => undefined) },
      },
    }),
    connect: vi.fn(async () => {
      if (provider.session) return provider.session
      provider.session = { topic: 't', namespaces: { eip155: { chains: ['eip155:31337'] } } }
      provider.client.session.keys = ['t']
      return provider.session
    }),
    setDefaultChain: vi.fn(),
    disconnect: vi.fn(),
  })
  const factory: ProviderFactory = { init: async () => provider as never }
  const connector = createWalletConnectConnector({
    projectId: 'p'.repeat(32),
    relayUrl: 'ws://127.0.0.1:1',
    metadata: () => ({ name: 'Site', description: 'Site', url: 'http://127.0.0.1', icons: [] }),
    networks: [resolveNetwork('eip155:31337')],
    rpcUrl: () => 'http://127.0.0.1:2',
    loadProvider: async () => factory,
    pairing: { reusePairing: () => false },
  })
  // WalletConnect's connect fails in the proposal; sign and send in the session's requests.
  let queued: number | undefined
  return {
    connector,
    failNext: (code) => {
      queued = code
    },
    run: async (action) => {
      const code = queued
      queued = undefined
      if (action === 'connect') {
        if (code !== undefined) {
          provider.session = undefined
          provider.client.session.keys = []
          provider.connect.mockImplementationOnce(async () => {
            throw failure('walletconnect', code)
          })
        }
        return connector.connect({})
      }
      await connector.connect({})
      if (code !== undefined) wallet.failNext(code)
      return evmRun(connector)(action)
    },
  }
}

function solana(): Harness {
  const wallet = fakeWallet({ chains: ['solana:localnet'] })
  const connector = createSolanaStandardConnector({
    id: 'solana:test',
    name: 'Test Solana',
    wallet,
    networks: [
      { ...resolveNetwork('solana:localnet' as never), rpcUrl: 'http://127.0.0.1:8899' },
    ] as never,
    rpc: async () => 'x'.repeat(88),
  })
  let queued: number | undefined
  const failNext = (code: number) => {
    queued = code
  }
  const once = (fn: ReturnType<typeof vi.fn>, code: number) =>
    fn.mockImplementationOnce(async () => {
      throw failure('solana', code)
    })
  return {
    connector,
    failNext,
    run: async (action) => {
      if (action === 'connect') {
        if (queued !== undefined) once(wallet.connect, queued)
        queued = undefined
        return connector.connect({})
      }
      await connector.connect({})
      const provider = walletProvider(connector) as SolanaProvider
      if (queued !== undefined)
        once(action === 'sign' ? wallet.signMessage : wallet.signAndSendTransaction, queued)
      queued = undefined
      return action === 'sign'
        ? provider.signMessage(new Uint8Array([1]))
        : provider.signAndSendTransaction(new Uint8Array([1]))
    },
  }
}

const HARNESSES = { injected, walletconnect: walletConnect, solana }

test('default', () => {
  const error = toWalletError({ code: 4001, message: 'no' }, 'sign')
  expect(error).toMatchObject({
    name: 'SignatureDeclinedError',
    shortMessage: 'Signature declined',
    code: 4001,
  })
  expect([
    actionOf('eth_requestAccounts'),
    actionOf('personal_sign'),
    actionOf('eth_signTypedData_v4'),
    actionOf('eth_sendTransaction'),
    actionOf('eth_chainId'),
  ]).toEqual(['connect', 'sign', 'sign', 'send', 'request'])
})

for (const [kind, make] of Object.entries(HARNESSES))
  for (const action of ACTIONS)
    test(`error: ${kind} ${action}: each wallet code has its own text, and the retry works (SECURITY 22)`, async () => {
      const texts = new Set<string>()
      for (const code of CODES) {
        const h = make()
        h.failNext(code)
        const error = await h.run(action).then(
          () => undefined,
          (e: unknown) => e,
        )
        const [name, text] = EXPECTED[action][code]
        expect(error, `${kind} ${action} ${code}`).toBeInstanceOf(ProviderRpcError)
        expect(error, `${kind} ${action} ${code}`).toMatchObject({ name, shortMessage: text, code })
        texts.add(text)
        // The same call again, with the wallet willing this time, goes through.
        await expect(h.run(action), `${kind} ${action} ${code} retry`).resolves.toBeDefined()
      }
      expect(texts.size).toBe(CODES.length)
    })
