// @vitest-environment node
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createInjectedConnector } from '../../../../src/connectors/injected/connector.js'
import type { Eip1193Provider } from '../../../../src/connectors/injected/eip1193.js'
import {
  UnauthorizedProviderError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../../../src/core/errors/rpc.js'
import type { CaipNetwork } from '../../../../src/core/types/caip.js'
import {
  type ChainDescription,
  type Chains,
  startChains,
  testAccount,
} from '../../../stack/chain/index.js'
import { createTestWallet, type TestWalletOptions } from '../../../stack/wallet/index.js'

let chains: Chains
beforeAll(async () => {
  chains = await startChains()
}, 30_000)
afterAll(() => chains?.stop())

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const chainAt = (i: number) => chains.chains[i] as ChainDescription

/** The network of local chain `i` as a site configures it. */
const networkOf = (i: number, more: Partial<CaipNetwork> = {}): CaipNetwork => {
  const { chainId, rpcUrl } = chainAt(i)
  return {
    caipNetworkId: `eip155:${chainId}`,
    namespace: 'eip155',
    reference: String(chainId),
    name: i === 0 ? 'Devnet' : 'Devnet 2',
    nativeCurrency: ETH,
    rpcUrl,
    ...more,
  }
}

/** The test wallet and a connector over its in-process provider. */
function setup(options: Omit<Partial<TestWalletOptions>, 'chains'> & { knows?: number[] } = {}) {
  const { knows = [0, 1], ...rest } = options
  const wallet = createTestWallet({ chains: knows.map(chainAt), ...rest })
  const connector = createInjectedConnector({
    id: `eip6963:${wallet.info.uuid}`,
    name: wallet.info.name,
    type: 'ANNOUNCED',
    provider: wallet.provider as unknown as Eip1193Provider,
    rdns: wallet.info.rdns,
    icon: wallet.info.icon,
  })
  const methods = () => wallet.calls.map((c) => c.method)
  return { wallet, connector, methods }
}

/** A provider that records which listeners are attached. */
function countingProvider(answers: Record<string, unknown> = {}) {
  const listeners = new Map<string, Set<(...args: never[]) => void>>()
  const provider = {
    request: vi.fn(async ({ method }: { method: string }) => answers[method]),
    on: vi.fn((event: string, listener: (...args: never[]) => void) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    }),
    removeListener: vi.fn((event: string, listener: (...args: never[]) => void) => {
      listeners.get(event)?.delete(listener)
    }),
  } satisfies Eip1193Provider
  const attached = () => [...listeners].flatMap(([event, set]) => [...set].map(() => event)).sort()
  const fire = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) (listener as (p: unknown) => void)(payload)
  }
  return { provider, attached, fire }
}

test('default', async () => {
  const { wallet, connector, methods } = setup()
  expect({
    id: connector.id,
    name: connector.name,
    type: connector.type,
    namespace: connector.namespace,
    rdns: connector.rdns,
  }).toEqual({
    id: `eip6963:${wallet.info.uuid}`,
    name: 'Devnet Wallet',
    type: 'ANNOUNCED',
    namespace: 'eip155',
    rdns: 'dev.walletkit.devnet',
  })
  expect(connector.icon).toBe(wallet.info.icon)
  expect(Object.isFrozen(connector)).toBe(true)
  expect(connector.getProvider()).toBe(wallet.provider)
  expect(await connector.getAccounts()).toEqual([])
  expect(await connector.isAuthorized()).toBe(false)
  const connected = await connector.connect({})
  expect(connected).toEqual({ accounts: [testAccount(0).address], caipNetworkId: 'eip155:31337' })
  expect(await connector.getAccounts()).toEqual([testAccount(0).address])
  expect(await connector.isAuthorized()).toBe(true)
  expect(await connector.getNetworkId()).toBe('eip155:31337')
  expect(methods()).toEqual([
    'eth_accounts',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'eth_accounts',
    'eth_accounts',
    'eth_chainId',
  ])
})

test('args: connect returns the wallet accounts as given, for the adapter to checksum', async () => {
  const lower = testAccount(1).address.toLowerCase()
  const { provider } = countingProvider({ eth_requestAccounts: [lower], eth_chainId: '0x1' })
  const connector = createInjectedConnector({ id: 'x', name: 'X', type: 'INJECTED', provider })
  expect(await connector.connect({})).toEqual({ accounts: [lower], caipNetworkId: 'eip155:1' })
})

test('args: getNetworkId normalises a decimal or numeric answer', async () => {
  for (const answer of ['31338', 31338, '0x7a6a']) {
    const { provider } = countingProvider({ eth_chainId: answer })
    const connector = createInjectedConnector({ id: 'x', name: 'X', type: 'INJECTED', provider })
    expect(await connector.getNetworkId(), String(answer)).toBe('eip155:31338')
  }
})

test('behavior: chainChanged as hex, decimal string and number is normalised to CAIP-2', async () => {
  const { wallet, connector } = setup()
  const seen: string[] = []
  const off = connector.on('chainChanged', (id) => seen.push(id))
  await wallet.switchChainFromWallet(31338, { format: 'hex' })
  await wallet.switchChainFromWallet(31337, { format: 'decimal' })
  await wallet.switchChainFromWallet(8453, { format: 'number' })
  expect(seen).toEqual(['eip155:31338', 'eip155:31337', 'eip155:8453'])
  off()
})

test('behavior: an invalid chain id is ignored', async () => {
  const { wallet, connector } = setup()
  const listener = vi.fn()
  const off = connector.on('chainChanged', listener)
  for (const payload of ['banana', '0x', '0x0', 0, -5, 1.5, null, { chainId: '0x1' }, '1e3'])
    await wallet.emit('chainChanged', payload)
  expect(listener).not.toHaveBeenCalled()
  await wallet.emit('chainChanged', '0x1')
  expect(listener).toHaveBeenCalledExactlyOnceWith('eip155:1')
  off()
})

test('behavior: accountsChanged keeps string accounts only; disconnect is forwarded', async () => {
  const { wallet, connector } = setup()
  await connector.connect({})
  const accounts: string[][] = []
  const disconnects = vi.fn()
  const stops = [
    connector.on('accountsChanged', (a) => accounts.push(a)),
    connector.on('disconnect', disconnects),
  ]
  await wallet.setAccount(2)
  await wallet.emit('accountsChanged', ['0xabc', 5, null])
  await wallet.emit('accountsChanged', 'not a list')
  await wallet.disconnectFromWallet()
  expect(accounts).toEqual([[testAccount(2).address], ['0xabc'], [], []])
  expect(disconnects).toHaveBeenCalledOnce()
  for (const stop of stops) stop()
})

test('behavior: listeners are attached to the provider only while someone listens', () => {
  const { provider, attached, fire } = countingProvider()
  const connector = createInjectedConnector({ id: 'x', name: 'X', type: 'INJECTED', provider })
  expect(provider.on).not.toHaveBeenCalled()
  const chainListener = vi.fn()
  const offChain = connector.on('chainChanged', chainListener)
  const offAccounts = connector.on('accountsChanged', () => {})
  expect(attached()).toEqual(['accountsChanged', 'chainChanged', 'disconnect'])
  expect(provider.on).toHaveBeenCalledTimes(3)
  offChain()
  offChain()
  expect(attached()).toEqual(['accountsChanged', 'chainChanged', 'disconnect'])
  fire('chainChanged', '0x1')
  expect(chainListener).not.toHaveBeenCalled()
  offAccounts()
  expect(attached()).toEqual([])
  expect(provider.removeListener).toHaveBeenCalledTimes(3)
  // An unsubscribe called again after the last one does not detach a new subscription.
  const again = vi.fn()
  const offAgain = connector.on('chainChanged', again)
  offAccounts()
  offChain()
  expect(attached()).toEqual(['accountsChanged', 'chainChanged', 'disconnect'])
  fire('chainChanged', '0xa')
  expect(again).toHaveBeenCalledExactlyOnceWith('eip155:10')
  offAgain()
  expect(attached()).toEqual([])
})

test('behavior: a provider without on/removeListener still works', async () => {
  const provider = { request: async () => ['0x1'] }
  const connector = createInjectedConnector({ id: 'x', name: 'X', type: 'INJECTED', provider })
  const off = connector.on('chainChanged', () => {})
  off()
  expect(await connector.getAccounts()).toEqual(['0x1'])
})

test('behavior: switchNetwork switches a network the wallet knows', async () => {
  const { wallet, connector, methods } = setup()
  await connector.switchNetwork(networkOf(1))
  expect(wallet.chainId).toBe(31338)
  expect(methods()).toEqual(['wallet_switchEthereumChain'])
  expect(wallet.calls[0]?.params).toEqual([{ chainId: '0x7a6a' }])
})

test('behavior: 4902 → wallet_addEthereumChain with the rpcUrl → switch', async () => {
  const { wallet, connector, methods } = setup({ knows: [0] })
  const network = networkOf(1, { explorerUrl: 'https://explorer.example' })
  await connector.switchNetwork(network)
  expect(methods()).toEqual([
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'eth_chainId',
    'wallet_switchEthereumChain',
  ])
  expect(wallet.calls[0]?.error?.code).toBe(4902)
  expect(wallet.calls[1]?.params).toEqual([
    {
      chainId: '0x7a6a',
      chainName: 'Devnet 2',
      nativeCurrency: ETH,
      rpcUrls: [chainAt(1).rpcUrl],
      blockExplorerUrls: ['https://explorer.example'],
    },
  ])
  expect(wallet.addedChains.map((c) => c.chainId)).toEqual([31338])
  expect(wallet.chainId).toBe(31338)
})

test('behavior: a wallet that switches on add is not asked to switch again', async () => {
  const { wallet, connector, methods } = setup({ knows: [0], switchOnAdd: true })
  await connector.switchNetwork(networkOf(1))
  expect(methods()).toEqual([
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'eth_chainId',
  ])
  expect(wallet.calls[1]?.params).toEqual([
    { chainId: '0x7a6a', chainName: 'Devnet 2', nativeCurrency: ETH, rpcUrls: [chainAt(1).rpcUrl] },
  ])
  expect(wallet.chainId).toBe(31338)
})

test('behavior: 4902 nested in data.originalError also adds the network', async () => {
  const { wallet, connector, methods } = setup()
  wallet.nestNextError('wallet_switchEthereumChain', 4902)
  await connector.switchNetwork(networkOf(1))
  expect(wallet.calls[0]?.error).toMatchObject({
    code: -32603,
    data: { originalError: { code: 4902 } },
  })
  expect(methods()).toEqual([
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'eth_chainId',
    'wallet_switchEthereumChain',
  ])
  expect(wallet.chainId).toBe(31338)
})

test('error: the visitor declines adding the network → no switch is asked', async () => {
  const { wallet, connector, methods } = setup({ knows: [0] })
  wallet.rejectNext('wallet_addEthereumChain', 4001)
  const error = await connector.switchNetwork(networkOf(1)).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(UserRejectedRequestError)
  expect((error as UserRejectedRequestError).shortMessage).toMatchInlineSnapshot(
    `"The request was declined in the wallet."`,
  )
  expect(methods()).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
  expect(wallet.chainId).toBe(31337)
})

test('error: 4902 for a network without rpcUrl → UnrecognizedChainError, nothing added', async () => {
  const { wallet, connector, methods } = setup({ knows: [0] })
  const error = await connector
    .switchNetwork(networkOf(1, { rpcUrl: undefined }))
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(UnrecognizedChainError)
  expect((error as UnrecognizedChainError).shortMessage).toMatchInlineSnapshot(
    `"The wallet does not know this network."`,
  )
  expect((error as UnrecognizedChainError).cause).toBeInstanceOf(UnrecognizedChainError)
  expect(methods()).toEqual(['wallet_switchEthereumChain'])
  expect(wallet.chainId).toBe(31337)
})

test('error: a declined switch is thrown and nothing is added', async () => {
  const { wallet, connector, methods } = setup()
  wallet.rejectNext('wallet_switchEthereumChain', 4001)
  await expect(connector.switchNetwork(networkOf(1))).rejects.toBeInstanceOf(
    UserRejectedRequestError,
  )
  wallet.rejectNext('wallet_switchEthereumChain', -32603, 'Interner Fehler')
  const error = await connector.switchNetwork(networkOf(1)).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(WalletRequestError)
  expect((error as WalletRequestError).shortMessage).toMatchInlineSnapshot(`"Interner Fehler"`)
  expect(methods()).toEqual(['wallet_switchEthereumChain', 'wallet_switchEthereumChain'])
  expect(wallet.chainId).toBe(31337)
})

test('behavior: disconnect revokes; a wallet that cannot revoke (4200, -32601) is fine', async () => {
  const { wallet, connector } = setup()
  await connector.connect({})
  await connector.disconnect()
  expect(wallet.connected).toBe(false)
  expect(wallet.calls.at(-1)).toMatchObject({
    method: 'wallet_revokePermissions',
    params: [{ eth_accounts: {} }],
  })
  wallet.rejectNext('wallet_revokePermissions', 4200)
  await expect(connector.disconnect()).resolves.toBeUndefined()
  wallet.rejectNext('wallet_revokePermissions', -32601)
  await expect(connector.disconnect()).resolves.toBeUndefined()
})

test('error: disconnect throws wallet errors other than unsupported', async () => {
  const { wallet, connector } = setup()
  await connector.connect({})
  wallet.rejectNext('wallet_revokePermissions', 4001)
  await expect(connector.disconnect()).rejects.toBeInstanceOf(UserRejectedRequestError)
  wallet.rejectNext('wallet_revokePermissions', -32603)
  await expect(connector.disconnect()).rejects.toBeInstanceOf(WalletRequestError)
  expect(wallet.connected).toBe(true)
})

test('error: connect maps a declined request, no account and an invalid chain id', async () => {
  const { wallet, connector } = setup()
  wallet.rejectNext('eth_requestAccounts', 4001)
  await expect(connector.connect({})).rejects.toBeInstanceOf(UserRejectedRequestError)

  const empty = countingProvider({ eth_requestAccounts: [], eth_chainId: '0x1' })
  const none = createInjectedConnector({
    id: 'x',
    name: 'X',
    type: 'INJECTED',
    provider: empty.provider,
  })
  const noAccount = await none.connect({}).catch((e: unknown) => e)
  expect(noAccount).toBeInstanceOf(UnauthorizedProviderError)
  expect((noAccount as UnauthorizedProviderError).details).toBe('The wallet returned no account.')

  const bad = countingProvider({ eth_requestAccounts: ['0x1'], eth_chainId: 'mainnet' })
  const badChain = createInjectedConnector({
    id: 'x',
    name: 'X',
    type: 'INJECTED',
    provider: bad.provider,
  })
  const invalid = await badChain.connect({}).catch((e: unknown) => e)
  expect(invalid).toBeInstanceOf(WalletRequestError)
  expect((invalid as WalletRequestError).shortMessage).toMatchInlineSnapshot(
    `"The wallet sent an invalid chain id."`,
  )
})

test('error: isAuthorized is false when eth_accounts fails', async () => {
  const { wallet, connector } = setup()
  wallet.authorize()
  wallet.rejectNext('eth_accounts', 4100)
  expect(await connector.isAuthorized()).toBe(false)
  expect(await connector.isAuthorized()).toBe(true)
})

test('error: connect drops accounts that are not strings', async () => {
  const { provider } = countingProvider({ eth_requestAccounts: [42, null], eth_chainId: '0x1' })
  const connector = createInjectedConnector({ id: 'x', name: 'X', type: 'INJECTED', provider })
  await expect(connector.connect({})).rejects.toBeInstanceOf(UnauthorizedProviderError)
})
