// @vitest-environment node
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { Eip1193Provider } from '../../../src/connectors/injected/eip1193.js'
import { InvalidOptionError } from '../../../src/core/errors/options.js'
import {
  type ProviderRpcError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../../src/core/errors/rpc.js'
import type { Kit } from '../../../src/core/kit.js'
import type { NetworkOption, WalletKitOptions } from '../../../src/core/types/options.js'
import {
  type ChainDescription,
  type Chains,
  startChains,
  testAccount,
} from '../../stack/chain/index.js'
import { createTestWallet, type TestWalletOptions } from '../../stack/wallet/index.js'
import {
  createTestKit,
  eip1193,
  localNetworks,
  settle,
  walletConnector,
} from '../connectors/support/test-kit.js'

let chains: Chains
beforeAll(async () => {
  chains = await startChains()
}, 30_000)
afterAll(() => chains?.stop())

const kits: Kit[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

const chainAt = (i: number) => chains.chains[i] as ChainDescription
const address = testAccount(0).address

/** A kit connected to a test wallet that knows the chains `knows` (both by default). */
async function connected(
  parameters: {
    knows?: number[]
    wallet?: Omit<Partial<TestWalletOptions>, 'chains'>
    options?: Partial<WalletKitOptions>
    wrap?: (p: Eip1193Provider) => Eip1193Provider
  } = {},
) {
  const { knows = [0, 1] } = parameters
  const wallet = createTestWallet({ chains: knows.map(chainAt), ...parameters.wallet })
  const provider = parameters.wrap ? parameters.wrap(eip1193(wallet)) : eip1193(wallet)
  const connector = walletConnector(wallet, provider)
  const t = createTestKit({
    chains: chains.chains,
    connectors: [connector],
    options: parameters.options ?? {},
  })
  kits.push(t.kit)
  await t.kit.connection.connect(connector)
  t.events.length = 0
  wallet.calls.length = 0
  const methods = () => wallet.calls.map((c) => c.method)
  return { ...t, wallet, connector, methods }
}

const chainChanged = (id: string, supported = true) => [
  'chainChanged',
  { caipNetworkId: id, namespace: 'eip155', supported },
]

test('default', async () => {
  const { kit, wallet, events, methods } = await connected()
  await kit.switchNetwork('eip155:31338')
  expect(wallet.chainId).toBe(31338)
  expect(kit.getState()).toMatchObject({
    status: 'connected',
    caipNetworkId: 'eip155:31338',
    caipAddress: `eip155:31338:${address}`,
  })
  // The wallet's chainChanged and the read-back agree: one event.
  expect(events).toEqual([chainChanged('eip155:31338')])
  expect(methods()).toEqual(['wallet_switchEthereumChain', 'eth_chainId'])
})

test('args: without a wallet only the kit state changes', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const { kit, events, network } = createTestKit({
    chains: chains.chains,
    connectors: [walletConnector(wallet)],
  })
  kits.push(kit)
  await kit.switchNetwork('eip155:31338')
  await kit.switchNetwork('eip155:31338')
  expect(network()).toBe('eip155:31338')
  expect(events).toEqual([chainChanged('eip155:31338')])
  expect(wallet.calls).toEqual([])
})

test('behavior: 4902 → wallet_addEthereumChain with the rpcUrl → switch', async () => {
  const { kit, wallet, events, methods } = await connected({ knows: [0] })
  await kit.switchNetwork('eip155:31338')
  expect(methods()).toEqual([
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'eth_chainId',
    'wallet_switchEthereumChain',
    'eth_chainId',
  ])
  expect(wallet.calls[1]?.params).toMatchObject([
    { chainId: '0x7a6a', rpcUrls: [chainAt(1).rpcUrl] },
  ])
  expect(wallet.addedChains.map((c) => c.chainId)).toEqual([31338])
  expect(kit.getState().caipNetworkId).toBe('eip155:31338')
  expect(events).toEqual([chainChanged('eip155:31338')])
})

test('behavior: 4902 nested in data.originalError also adds the network', async () => {
  const { kit, wallet, methods } = await connected()
  wallet.nestNextError('wallet_switchEthereumChain', 4902)
  await kit.switchNetwork('eip155:31338')
  expect(methods().slice(0, 2)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
  expect(kit.getState().caipNetworkId).toBe('eip155:31338')
})

test('error: 4902 → add declined keeps the previous network, asks nothing more', async () => {
  const { kit, wallet, events, methods } = await connected({ knows: [0] })
  wallet.rejectNext('wallet_addEthereumChain', 4001)
  const error = await kit.switchNetwork('eip155:31338').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(UserRejectedRequestError)
  expect(methods()).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
  expect(kit.getState()).toMatchObject({
    status: 'connected',
    caipNetworkId: 'eip155:31337',
    caipAddress: `eip155:31337:${address}`,
  })
  expect(kit.router.isOpen.peek()).toBe(false)
  expect(events).toEqual([])
})

test('error: 4902 for a network without rpcUrl → UnrecognizedChainError, network kept', async () => {
  const networks: (NetworkOption | `eip155:${string}`)[] = [
    ...localNetworks([chainAt(0)]),
    'eip155:31338',
  ]
  const { kit, events, methods } = await connected({ knows: [0], options: { networks } })
  const error = await kit.switchNetwork('eip155:31338').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(UnrecognizedChainError)
  expect(methods()).toEqual(['wallet_switchEthereumChain'])
  expect(kit.getState().caipNetworkId).toBe('eip155:31337')
  expect(events).toEqual([])
})

test('behavior: add succeeds without a chainChanged event → network read back', async () => {
  // A wallet that never reports chainChanged.
  const silent = (p: Eip1193Provider): Eip1193Provider => ({
    ...p,
    on: (event, listener) => (event === 'chainChanged' ? undefined : p.on?.(event, listener)),
  })
  const { kit, wallet, events, methods } = await connected({
    knows: [0],
    wallet: { switchOnAdd: true },
    wrap: silent,
  })
  await kit.switchNetwork('eip155:31338')
  expect(methods()).toEqual([
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'eth_chainId',
    'eth_chainId',
  ])
  expect(wallet.chainId).toBe(31338)
  expect(kit.getState()).toMatchObject({
    caipNetworkId: 'eip155:31338',
    caipAddress: `eip155:31338:${address}`,
  })
  expect(events).toEqual([chainChanged('eip155:31338')])
})

test('behavior: a wallet that accepts the switch but stays put → the state follows the wallet', async () => {
  const stubborn = (p: Eip1193Provider): Eip1193Provider => ({
    ...p,
    request: (args) =>
      args.method === 'wallet_switchEthereumChain' ? Promise.resolve(null) : p.request(args),
  })
  const { kit, events } = await connected({ wrap: stubborn })
  await kit.switchNetwork('eip155:31338')
  expect(kit.getState().caipNetworkId).toBe('eip155:31337')
  expect(events).toEqual([])
})

test('error: -32603 with a localized message → the wallet text, previous network kept', async () => {
  const { kit, wallet, events } = await connected()
  wallet.rejectNext('wallet_switchEthereumChain', -32603, 'Interner Fehler beim Netzwerkwechsel')
  const error = await kit.switchNetwork('eip155:31338').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(WalletRequestError)
  expect((error as ProviderRpcError).shortMessage).toMatchInlineSnapshot(
    `"Interner Fehler beim Netzwerkwechsel"`,
  )
  expect(kit.getState()).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31337' })
  expect(events).toEqual([])
})

test('error: a wallet throwing a plain string on switch → WalletRequestError, network kept', async () => {
  const throwing = (p: Eip1193Provider): Eip1193Provider => ({
    ...p,
    request: (args) =>
      args.method === 'wallet_switchEthereumChain'
        ? Promise.reject('Netzwerkwechsel abgelehnt')
        : p.request(args),
  })
  const { kit, events } = await connected({ wrap: throwing })
  const error = await kit.switchNetwork('eip155:31338').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(WalletRequestError)
  expect(kit.getState()).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31337' })
  expect(events).toEqual([])
})

test('behavior: a spurious disconnect during the switch does not log out (SECURITY 23)', async () => {
  const { kit, wallet, events, methods } = await connected()
  wallet.beforeNext('wallet_switchEthereumChain', () =>
    wallet.emit('disconnect', { code: 4900, message: 'The provider is disconnected.' }),
  )
  await kit.switchNetwork('eip155:31338')
  await settle()
  expect(methods()).toContain('eth_accounts')
  expect(kit.getState()).toMatchObject({
    status: 'connected',
    address,
    caipNetworkId: 'eip155:31338',
  })
  expect(events).toEqual([chainChanged('eip155:31338')])
})

test('error: a network that is not configured is refused before asking the wallet', async () => {
  const { kit, events, methods } = await connected()
  const error = await kit.switchNetwork('eip155:8453').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(InvalidOptionError)
  expect((error as InvalidOptionError).shortMessage).toMatchInlineSnapshot(
    `"Invalid option "caipNetworkId": expected one of eip155:31337, eip155:31338, received "eip155:8453"."`,
  )
  expect(methods()).toEqual([])
  expect(kit.getState().caipNetworkId).toBe('eip155:31337')
  expect(events).toEqual([])
})
