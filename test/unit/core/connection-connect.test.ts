// @vitest-environment node
import { effect } from '@preact/signals-core'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { Eip1193Provider } from '../../../src/connectors/injected/eip1193.js'
import {
  ChainDisconnectedError,
  ProviderDisconnectedError,
  type ProviderRpcError,
  RequestAlreadyPendingError,
  UnauthorizedProviderError,
  UserRejectedRequestError,
} from '../../../src/core/errors/rpc.js'
import type { Kit } from '../../../src/core/kit.js'
import type { WalletKitOptions } from '../../../src/core/types/options.js'
import {
  type ChainDescription,
  type Chains,
  startChains,
  testAccount,
} from '../../stack/chain/index.js'
import { createTestWallet, type TestWallet } from '../../stack/wallet/index.js'
import { createTestKit, localNetworks, walletConnector } from '../connectors/support/test-kit.js'

let chains: Chains
beforeAll(async () => {
  chains = await startChains()
}, 30_000)
afterAll(() => chains?.stop())

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})
const track = (kit: Kit) => cleanups.push(() => kit.destroy())

function setup(options: Partial<WalletKitOptions> = {}, wallet?: TestWallet) {
  const w = wallet ?? createTestWallet({ chains: chains.chains })
  const connector = walletConnector(w)
  const t = createTestKit({ chains: chains.chains, connectors: [connector], options })
  track(t.kit)
  const statuses: string[] = []
  cleanups.push(
    effect(() => {
      statuses.push(t.kit.chain.accounts.value.eip155?.status ?? 'none')
    }),
  )
  return { ...t, wallet: w, connector, statuses }
}

const address = testAccount(0).address

test('default', async () => {
  const { kit, wallet, connector, events, account, statuses } = setup()
  await kit.connection.connect(connector)
  const connectorSummary = { id: connector.id, name: 'Devnet Wallet', type: 'ANNOUNCED' }
  expect(kit.getState()).toMatchObject({
    status: 'connected',
    address,
    caipAddress: `eip155:31337:${address}`,
    namespace: 'eip155',
    caipNetworkId: 'eip155:31337',
    connector: { id: connector.id, name: 'Devnet Wallet' },
  })
  expect(events).toEqual([
    [
      'connected',
      {
        address,
        caipAddress: `eip155:31337:${address}`,
        namespace: 'eip155',
        caipNetworkId: 'eip155:31337',
        connector: connectorSummary,
      },
    ],
  ])
  expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
  expect(account()?.connectedWalletInfo).toEqual({ name: 'Devnet Wallet', icon: wallet.info.icon })
  expect(account()?.allAccounts).toEqual([{ address, type: 'eoa' }])
  expect(kit.chain.networks.peek().eip155?.approvedCaipNetworkIds).toEqual(['eip155:31337'])
  expect(kit.connection.connectorOf('eip155')).toBe(connector)
  expect(kit.connection.stored()).toEqual([
    {
      namespace: 'eip155',
      connectorId: connector.id,
      name: 'Devnet Wallet',
      rdns: 'dev.walletkit.devnet',
    },
  ])
  expect(kit.router.isOpen.peek()).toBe(false)
  expect(wallet.calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'eth_chainId'])
})

test('args: an address the wallet sends in lower case is stored checksummed', async () => {
  const wallet = createTestWallet({ chains: chains.chains, accountIndex: 3 })
  const lowercasing: Eip1193Provider = {
    request: async (args) => {
      const result = await wallet.provider.request(args)
      return args.method === 'eth_requestAccounts'
        ? (result as string[]).map((a) => a.toLowerCase())
        : result
    },
  }
  const connector = walletConnector(wallet, lowercasing)
  const { kit, events } = createTestKit({ chains: chains.chains, connectors: [connector] })
  track(kit)
  await kit.connection.connect(connector)
  const checksummed = testAccount(3).address
  expect(checksummed).not.toBe(checksummed.toLowerCase())
  expect(kit.getState().address).toBe(checksummed)
  expect(events[0]?.[1]).toMatchObject({ caipAddress: `eip155:31337:${checksummed}` })
})

test('behavior: connecting on a network outside `networks` opens UnsupportedChain', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  await wallet.switchChainFromWallet(31338)
  const { kit, connector } = setup(
    { networks: localNetworks([chains.chains[0] as ChainDescription]) },
    wallet,
  )
  await kit.connection.connect(connector)
  expect(kit.getState()).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31338' })
  expect(kit.router.isOpen.peek()).toBe(true)
  expect(kit.router.view.peek()).toBe('UnsupportedChain')
})

test('behavior: with allowUnsupportedChain the visitor stays on the other network', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  await wallet.switchChainFromWallet(31338)
  const { kit, connector } = setup(
    {
      networks: localNetworks([chains.chains[0] as ChainDescription]),
      allowUnsupportedChain: true,
    },
    wallet,
  )
  await kit.connection.connect(connector)
  expect(kit.getState()).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31338' })
  expect(kit.router.isOpen.peek()).toBe(false)
})

test('error: 4001 on connect restores the status; no phantom connection; retry works', async () => {
  const { kit, wallet, connector, events, statuses } = setup()
  wallet.rejectNext('eth_requestAccounts', 4001)
  const error = await kit.connection.connect(connector).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(UserRejectedRequestError)
  expect((error as ProviderRpcError).shortMessage).toMatchInlineSnapshot(
    `"The request was declined in the wallet."`,
  )
  expect(kit.getState()).toMatchObject({ status: 'disconnected', address: null, connector: null })
  expect(kit.chain.isConnected.peek()).toBe(false)
  expect(kit.connection.connectorOf('eip155')).toBeUndefined()
  expect(kit.connection.stored()).toEqual([])
  expect(events).toEqual([])
  expect(statuses).toEqual(['disconnected', 'connecting', 'disconnected'])

  await kit.connection.connect(connector)
  expect(kit.getState()).toMatchObject({ status: 'connected', address })
  expect(events.map((e) => e[0])).toEqual(['connected'])
})

test.each([
  [-32002, RequestAlreadyPendingError],
  [4100, UnauthorizedProviderError],
  [4900, ProviderDisconnectedError],
  [4901, ChainDisconnectedError],
] as const)('error: %i on connect ends disconnected with its error', async (code, Class) => {
  const { kit, wallet, connector, events } = setup()
  wallet.rejectNext('eth_requestAccounts', code)
  const error = await kit.connection.connect(connector).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(Class)
  expect((error as ProviderRpcError).code).toBe(code)
  expect(kit.getState()).toMatchObject({ status: 'disconnected', address: null })
  expect(kit.chain.isConnected.peek()).toBe(false)
  expect(events).toEqual([])
  await kit.connection.connect(connector)
  expect(kit.getState().status).toBe('connected')
})

test('error: the texts of the connect failures differ', async () => {
  const texts: Record<string, string> = {}
  for (const code of [4001, -32002, 4100, 4900, 4901]) {
    const { kit, wallet, connector } = setup()
    wallet.rejectNext('eth_requestAccounts', code)
    const error = (await kit.connection
      .connect(connector)
      .catch((e: unknown) => e)) as ProviderRpcError
    texts[code] = error.shortMessage
  }
  expect(texts).toMatchInlineSnapshot(`
    {
      "-32002": "A request is already waiting in your wallet. Open the wallet to continue.",
      "4001": "The request was declined in the wallet.",
      "4100": "The wallet has not authorised this site. Unlock it and try again.",
      "4900": "The wallet is not connected to any network.",
      "4901": "The wallet is not connected to this network.",
    }
  `)
})

test('error: a rejection nested in data.originalError is recognised', async () => {
  const { kit, wallet, connector } = setup()
  wallet.nestNextError('eth_requestAccounts', 4001)
  await expect(kit.connection.connect(connector)).rejects.toBeInstanceOf(UserRejectedRequestError)
  expect(kit.getState().status).toBe('disconnected')
})

test('error: accounts granted but the network unreadable → still disconnected', async () => {
  const { kit, wallet, connector, events } = setup()
  wallet.rejectNext('eth_chainId', 4900)
  await expect(kit.connection.connect(connector)).rejects.toBeInstanceOf(ProviderDisconnectedError)
  expect(kit.getState()).toMatchObject({ status: 'disconnected', address: null })
  expect(events).toEqual([])
  // No listener is left on the wallet: its events do not connect the kit.
  await wallet.setAccount(1)
  expect(kit.getState().status).toBe('disconnected')
})

test('error: a failed connect to a second wallet keeps the first one connected', async () => {
  const first = createTestWallet({ chains: chains.chains })
  const second = createTestWallet({ chains: chains.chains, accountIndex: 2 })
  const a = walletConnector(first)
  const b = walletConnector(second)
  const { kit, events } = createTestKit({ chains: chains.chains, connectors: [a, b] })
  track(kit)
  await kit.connection.connect(a)
  second.rejectNext('eth_requestAccounts', 4001)
  await expect(kit.connection.connect(b)).rejects.toBeInstanceOf(UserRejectedRequestError)
  expect(kit.getState()).toMatchObject({
    status: 'connected',
    address,
    connector: { id: a.id },
  })
  expect(kit.connection.connectorOf('eip155')).toBe(a)
  // The first wallet's events are still followed.
  await first.setAccount(1)
  expect(kit.getState().address).toBe(testAccount(1).address)
  expect(events.map((e) => e[0])).toEqual(['connected', 'accountChanged'])
})
