// @vitest-environment node
import {
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  parseGwei,
  parseUnits,
  recoverTransactionAddress,
  type TransactionSerialized,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type ChainDescription, type Chains, startChains, testAccount } from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import { createTestWallet, DEVNET_WALLET, type TestWallet, type WalletEvent } from './index.js'

let chains: Chains
let wallet: TestWallet
const events: WalletEvent[] = []
const chainAt = (i: number) => chains.chains[i] as ChainDescription

beforeAll(async () => {
  chains = await startChains()
  wallet = createTestWallet({ chains: chains.chains })
  wallet.subscribe((e) => {
    events.push(e)
  })
})
afterAll(() => chains?.stop())
beforeEach(() => {
  wallet.reset()
  events.length = 0
})

const call = (method: string, params: unknown[] = []) => wallet.handle(method, params)
const result = async (method: string, params: unknown[] = []) => {
  const outcome = await call(method, params)
  if ('error' in outcome) throw new Error(`${method} failed: ${JSON.stringify(outcome.error)}`)
  return outcome.result
}

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
  expect(wallet.connected).toBe(false)
  expect(wallet.info).toMatchObject({ name: 'Devnet Wallet', rdns: 'dev.walletkit.devnet' })
  expect(wallet.info.icon).toBe(DEVNET_WALLET.icon)
  expect(wallet.info.icon).toMatch(/^data:image\/svg\+xml;base64,/)
  expect(wallet.info.uuid).toMatch(/^[0-9a-f-]{36}$/)
})

describe('connection', () => {
  test('behavior: eth_requestAccounts connects and emits accountsChanged', async () => {
    expect(await result('eth_requestAccounts')).toEqual([testAccount(0).address])
    expect(await result('eth_accounts')).toEqual([testAccount(0).address])
    expect(events).toEqual([{ event: 'accountsChanged', payload: [testAccount(0).address] }])
    expect(wallet.calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'eth_accounts'])
  })

  test('behavior: wallet_requestPermissions connects; revoke disconnects', async () => {
    const granted = (await result('wallet_requestPermissions', [{ eth_accounts: {} }])) as {
      parentCapability: string
    }[]
    expect(granted[0]?.parentCapability).toBe('eth_accounts')
    expect(wallet.connected).toBe(true)
    expect(await result('wallet_revokePermissions', [{ eth_accounts: {} }])).toBeNull()
    expect(await result('eth_accounts')).toEqual([])
    expect(events.map((e) => e.payload)).toEqual([[testAccount(0).address], []])
  })

  test('behavior: authorize() makes eth_accounts answer without a prompt or event', async () => {
    wallet.authorize()
    expect(await result('eth_accounts')).toEqual([testAccount(0).address])
    expect(events).toEqual([])
  })

  test('behavior: wallet-side account change, disconnect and reconnect', async () => {
    await result('eth_requestAccounts')
    await wallet.setAccount(3)
    expect(await result('eth_accounts')).toEqual([testAccount(3).address])
    await wallet.disconnectFromWallet()
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

describe('transactions', () => {
  test('behavior: eth_sendTransaction keeps the dapp gas, fee and nonce fields', async () => {
    await result('eth_requestAccounts')
    const { rpcUrl } = chainAt(0)
    const client = createPublicClient({ transport: http(rpcUrl) })
    const from = testAccount(0).address
    const nonce = await client.getTransactionCount({ address: from })
    const hash = (await result('eth_sendTransaction', [
      {
        from,
        to: testAccount(7).address,
        value: '0x1',
        gas: '0x7530',
        maxFeePerGas: `0x${parseGwei('9').toString(16)}`,
        maxPriorityFeePerGas: `0x${parseGwei('2').toString(16)}`,
        nonce: `0x${nonce.toString(16)}`,
      },
    ])) as Hex
    const tx = await client.getTransaction({ hash })
    expect(tx).toMatchObject({
      gas: 30_000n,
      maxFeePerGas: parseGwei('9'),
      maxPriorityFeePerGas: parseGwei('2'),
      nonce,
    })
    expect(
      await recoverTransactionAddress({ serializedTransaction: await rawOf(rpcUrl, hash) }),
    ).toBe(from)
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success')

    const legacy = (await result('eth_sendTransaction', [
      { from, to: testAccount(7).address, gasPrice: `0x${parseGwei('5').toString(16)}` },
    ])) as Hex
    expect(await client.getTransaction({ hash: legacy })).toMatchObject({
      type: 'legacy',
      gasPrice: parseGwei('5'),
    })
  })

  test('error: a reverting call passes the node error through (code, message, revert data)', async () => {
    await result('eth_requestAccounts')
    const chain = chainAt(0)
    const data = encodeFunctionData({
      abi: artifacts.TestToken.abi,
      functionName: 'transfer',
      args: [testAccount(7).address, parseUnits('1000000', 6)],
    })
    const usdc = chain.tokens[0]?.address
    const outcome = await call('eth_sendTransaction', [
      { from: testAccount(0).address, to: usdc, data },
    ])
    expect(outcome).toMatchObject({
      error: { code: 3, message: expect.stringContaining('ERC20: balance') },
    })
    expect(await call('eth_call', [{ to: usdc, data }, 'latest'])).toMatchObject({
      error: { code: 3, data: expect.stringMatching(/^0x08c379a0/) },
    })
  })
})

describe('chains', () => {
  test('behavior: switching to a configured chain emits chainChanged and moves the RPC', async () => {
    await result('eth_requestAccounts')
    expect(await result('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBeNull()
    expect(await result('eth_chainId')).toBe('0x7a6a')
    expect(events.at(-1)).toEqual({ event: 'chainChanged', payload: '0x7a6a' })
    const hash = (await result('eth_sendTransaction', [
      { from: testAccount(0).address, to: testAccount(7).address, value: '0x2' },
    ])) as Hex
    const onB = createPublicClient({ transport: http(chainAt(1).rpcUrl) })
    expect((await onB.getTransactionReceipt({ hash })).status).toBe('success')
  })

  test('error: an unknown chain → 4902; a malformed id → -32602', async () => {
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).toEqual({
      error: {
        code: 4902,
        message:
          'Unrecognized chain ID "0x1". Try adding the chain using wallet_addEthereumChain first.',
      },
    })
    expect(await call('wallet_switchEthereumChain', [{ chainId: '31338' }])).toMatchObject({
      error: { code: -32602 },
    })
    expect(await result('eth_chainId')).toBe('0x7a69')
  })

  test('behavior: wallet_addEthereumChain accepts a local anvil, then switching works', async () => {
    const single = createTestWallet({ chains: [chainAt(0)] })
    const param = { chainId: '0x7a6a', chainName: 'Devnet B', rpcUrls: [chainAt(1).rpcUrl] }
    expect(
      await single.handle('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]),
    ).toMatchObject({ error: { code: 4902 } })
    expect(await single.handle('wallet_addEthereumChain', [param])).toEqual({ result: null })
    expect(single.chainId).toBe(31337)
    expect(single.addedChains).toEqual([
      { chainId: 31338, rpcUrl: chainAt(1).rpcUrl, chainName: 'Devnet B' },
    ])
    expect(await single.handle('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      result: null,
    })
    expect(await single.handle('eth_blockNumber')).toMatchObject({
      result: expect.stringMatching(/^0x/),
    })
  })

  test('error: wallet_addEthereumChain refuses a wrong id or a remote RPC', async () => {
    const wrongId = { chainId: '0x7a6b', rpcUrls: [chainAt(1).rpcUrl] }
    expect(await call('wallet_addEthereumChain', [wrongId])).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('does not match') },
    })
    const remote = { chainId: '0x1', rpcUrls: ['https://rpc.example.org'] }
    expect(await call('wallet_addEthereumChain', [remote])).toMatchObject({
      error: { code: -32602 },
    })
    wallet.rejectNext('wallet_addEthereumChain')
    expect(
      await call('wallet_addEthereumChain', [{ chainId: '0x7a6a', rpcUrls: [chainAt(1).rpcUrl] }]),
    ).toMatchObject({ error: { code: 4001 } })
  })

  test('behavior: switchChainFromWallet may go to an unlisted chain, as hex, decimal or number', async () => {
    await wallet.switchChainFromWallet(31338)
    await wallet.switchChainFromWallet(1, { format: 'decimal' })
    await wallet.switchChainFromWallet(10, { format: 'number' })
    expect(events.map((e) => e.payload)).toEqual(['0x7a6a', '1', 10])
    expect(await result('eth_chainId')).toBe('0xa')
    expect(await call('eth_blockNumber')).toMatchObject({ error: { code: 4901 } })
  })
})

describe('controls', () => {
  test('behavior: rejectNext fails only the next call of that method, with any code', async () => {
    wallet.rejectNext('eth_requestAccounts')
    wallet.rejectNext('eth_requestAccounts', -32002)
    wallet.rejectNext('eth_requestAccounts', -32603, 'Ein Fehler ist aufgetreten', { reason: 'x' })
    expect(await call('eth_requestAccounts')).toEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    })
    expect(await call('eth_requestAccounts')).toMatchObject({ error: { code: -32002 } })
    expect(await call('eth_requestAccounts')).toEqual({
      error: { code: -32603, message: 'Ein Fehler ist aufgetreten', data: { reason: 'x' } },
    })
    expect(await call('eth_requestAccounts')).toEqual({ result: [testAccount(0).address] })
    for (const code of [4100, 4900, 4901]) {
      wallet.rejectNext('eth_chainId', code)
      expect(await call('eth_chainId')).toMatchObject({ error: { code } })
    }
  })

  test('behavior: nestNextError hides the code under data.originalError', async () => {
    wallet.nestNextError('wallet_switchEthereumChain', 4902)
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toMatchObject({
      error: { code: -32603, data: { originalError: { code: 4902 } } },
    })
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
    wallet.provider.on('accountsChanged', listener)
    wallet.rejectNext('eth_requestAccounts')
    await expect(wallet.provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4001,
    })
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    wallet.provider.removeListener('accountsChanged', listener)
    await wallet.setAccount(1)
    expect(seen).toEqual([[testAccount(0).address]])
  })
})

async function rawOf(rpcUrl: string, hash: Hex): Promise<TransactionSerialized> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getRawTransactionByHash',
      params: [hash],
    }),
  })
  return ((await response.json()) as { result: TransactionSerialized }).result
}
