// @vitest-environment node
import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { describe, expect, test, vi } from 'vitest'
import { testAccount } from '../chain/index.js'
import { DEVNET_WALLET } from './index.js'
import { walletOnChainsForFile } from './wallet-fixture.js'

const stack = walletOnChainsForFile()
const { events, call, result } = stack

const TYPED_DATA = {
  domain: { name: 'WalletKit', version: '1', chainId: 31337 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Login: [
      { name: 'user', type: 'address' },
      { name: 'nonce', type: 'uint256' },
    ],
  },
  primaryType: 'Login',
  message: { user: testAccount(0).address, nonce: '7' },
} as const

test('default', async () => {
  expect(await result('eth_accounts')).toEqual([])
  expect(await result('eth_chainId')).toBe('0x7a69')
  expect(stack.wallet.connected).toBe(false)
  expect(stack.wallet.info).toMatchObject({ name: 'Devnet Wallet', rdns: 'dev.walletkit.devnet' })
  expect(stack.wallet.info.icon).toBe(DEVNET_WALLET.icon)
  expect(stack.wallet.info.icon).toMatch(/^data:image\/svg\+xml;base64,/)
  expect(stack.wallet.info.uuid).toMatch(/^[0-9a-f-]{36}$/)
})

describe('connection', () => {
  test('behavior: eth_requestAccounts connects and emits accountsChanged', async () => {
    expect(await result('eth_requestAccounts')).toEqual([testAccount(0).address])
    expect(await result('eth_accounts')).toEqual([testAccount(0).address])
    expect(events).toEqual([{ event: 'accountsChanged', payload: [testAccount(0).address] }])
    expect(stack.wallet.calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'eth_accounts'])
  })

  test('behavior: wallet_requestPermissions connects; revoke disconnects', async () => {
    const granted = (await result('wallet_requestPermissions', [{ eth_accounts: {} }])) as {
      parentCapability: string
    }[]
    expect(granted[0]?.parentCapability).toBe('eth_accounts')
    expect(stack.wallet.connected).toBe(true)
    expect(await result('wallet_revokePermissions', [{ eth_accounts: {} }])).toBeNull()
    expect(await result('eth_accounts')).toEqual([])
    expect(events.map((e) => e.payload)).toEqual([[testAccount(0).address], []])
  })

  test('behavior: authorize() makes eth_accounts answer without a prompt or event', async () => {
    stack.wallet.authorize()
    expect(await result('eth_accounts')).toEqual([testAccount(0).address])
    expect(events).toEqual([])
  })

  test('behavior: wallet-side account change, disconnect and reconnect', async () => {
    await result('eth_requestAccounts')
    await stack.wallet.setAccount(3)
    expect(await result('eth_accounts')).toEqual([testAccount(3).address])
    await stack.wallet.disconnectFromWallet()
    expect(await result('eth_accounts')).toEqual([])
    await result('eth_requestAccounts')
    expect(events).toEqual([
      { event: 'accountsChanged', payload: [testAccount(0).address] },
      { event: 'accountsChanged', payload: [testAccount(3).address] },
      {
        event: 'disconnect',
        payload: { code: 4900, message: 'The provider is disconnected from all chains.' },
      },
      { event: 'accountsChanged', payload: [] },
      { event: 'connect', payload: { chainId: '0x7a69' } },
      { event: 'accountsChanged', payload: [testAccount(3).address] },
    ])
  })
})

describe('signing', () => {
  test('behavior: personal_sign and eth_signTypedData_v4 give real signatures', async () => {
    await result('eth_requestAccounts')
    const address = testAccount(0).address
    const signature = (await result('personal_sign', ['0x68656c6c6f', address])) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
    const text = (await result('personal_sign', ['plain text', address])) as Hex
    expect(await verifyMessage({ address, message: 'plain text', signature: text })).toBe(true)
    const typed = (await result('eth_signTypedData_v4', [
      address,
      JSON.stringify(TYPED_DATA),
    ])) as Hex
    expect(
      await verifyTypedData({
        address,
        signature: typed,
        domain: TYPED_DATA.domain,
        types: { Login: TYPED_DATA.types.Login },
        primaryType: 'Login',
        message: { user: address, nonce: 7n },
      }),
    ).toBe(true)
  })

  test('error: signing before connecting or for another account → 4100; bad typed data → -32602', async () => {
    const address = testAccount(0).address
    expect(await call('personal_sign', ['0x00', address])).toMatchObject({ error: { code: 4100 } })
    await result('eth_requestAccounts')
    expect(await call('personal_sign', ['0x00', testAccount(1).address])).toMatchObject({
      error: { code: 4100 },
    })
    expect(await call('eth_signTypedData_v4', [address, '{not json'])).toMatchObject({
      error: { code: -32602 },
    })
  })
})

describe('controls', () => {
  test('behavior: rejectNext fails only the next call of that method, with any code', async () => {
    stack.wallet.rejectNext('eth_requestAccounts')
    stack.wallet.rejectNext('eth_requestAccounts', -32002)
    stack.wallet.rejectNext('eth_requestAccounts', -32603, 'Ein Fehler ist aufgetreten', {
      reason: 'x',
    })
    expect(await call('eth_requestAccounts')).toEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    })
    expect(await call('eth_requestAccounts')).toMatchObject({ error: { code: -32002 } })
    expect(await call('eth_requestAccounts')).toEqual({
      error: { code: -32603, message: 'Ein Fehler ist aufgetreten', data: { reason: 'x' } },
    })
    expect(await call('eth_requestAccounts')).toEqual({ result: [testAccount(0).address] })
    for (const code of [4100, 4900, 4901]) {
      stack.wallet.rejectNext('eth_chainId', code)
      expect(await call('eth_chainId')).toMatchObject({ error: { code } })
    }
  })

  test('behavior: forgeNextSignature signs the next personal_sign with another account, once', async () => {
    await result('eth_requestAccounts')
    const address = testAccount(0).address
    stack.wallet.forgeNextSignature(5)
    const forged = (await result('personal_sign', ['0x68656c6c6f', address])) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature: forged })).toBe(false)
    expect(
      await verifyMessage({ address: testAccount(5).address, message: 'hello', signature: forged }),
    ).toBe(true)
    const real = (await result('personal_sign', ['0x68656c6c6f', address])) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature: real })).toBe(true)
  })

  test('behavior: nestNextError hides the code under data.originalError', async () => {
    stack.wallet.nestNextError('wallet_switchEthereumChain', 4902)
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toMatchObject({
      error: { code: -32603, data: { originalError: { code: 4902 } } },
    })
  })

  test('behavior: beforeNext runs mid-request, e.g. a spurious disconnect during a switch', async () => {
    let released = () => {}
    const gate = new Promise<void>((resolve) => {
      released = resolve
    })
    stack.wallet.beforeNext('wallet_switchEthereumChain', async () => {
      await stack.wallet.emit('disconnect', { code: 4900, message: 'blip' })
      await gate
    })
    const pending = call('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    await vi.waitFor(() => expect(events).toHaveLength(1))
    expect(stack.wallet.chainId).toBe(31337)
    released()
    expect(await pending).toEqual({ result: null })
    expect(events.map((e) => e.event)).toEqual(['disconnect', 'chainChanged'])
  })

  test('error: unsupported methods → 4200', async () => {
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'wallet_sendCalls',
      'wallet_somethingNew',
    ]) {
      expect(await call(method, [])).toMatchObject({ error: { code: 4200 } })
    }
  })

  test('behavior: the in-process provider throws errors with their code and relays events', async () => {
    const seen: unknown[] = []
    const listener = (payload: unknown) => seen.push(payload)
    stack.wallet.provider.on('accountsChanged', listener)
    stack.wallet.rejectNext('eth_requestAccounts')
    await expect(
      stack.wallet.provider.request({ method: 'eth_requestAccounts' }),
    ).rejects.toMatchObject({
      code: 4001,
    })
    await stack.wallet.provider.request({ method: 'eth_requestAccounts' })
    stack.wallet.provider.removeListener('accountsChanged', listener)
    await stack.wallet.setAccount(1)
    expect(seen).toEqual([[testAccount(0).address]])
  })
})
