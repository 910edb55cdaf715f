import { signal } from '@preact/signals-core'
import { afterEach, expect, test, vi } from 'vitest'
import { createBip122Adapter } from '../../../../src/chains/bip122/adapter.js'
import { createPolkadotAdapter } from '../../../../src/chains/polkadot/adapter.js'
import {
  createSessionNamespaceConnector,
  linkSessionNamespaces,
} from '../../../../src/connectors/session-namespaces/index.js'
import { createEmitter } from '../../../../src/core/emitter.js'
import {
  UnauthorizedProviderError,
  UnrecognizedChainError,
} from '../../../../src/core/errors/rpc.js'
import { createKit, type Kit } from '../../../../src/core/kit.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { resolveOptions } from '../../../../src/core/options.js'
import type { ChainAdapter } from '../../../../src/core/types/adapter.js'
import type { ChainNamespace } from '../../../../src/core/types/caip.js'
import type { Connector, ConnectorEvents } from '../../../../src/core/types/connector.js'
import { createSafeStorage } from '../../../../src/core/utils/storage.js'

const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const TBTC = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
const DOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
const EVM = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'

/** A WalletConnect connector's view of a session: the provider's `session` and live topics. */
function fakeSource(
  namespaces: Record<string, { accounts: string[] }> | undefined,
  namespace: ChainNamespace = 'eip155',
) {
  const emitter = createEmitter<ConnectorEvents>()
  const provider = namespaces
    ? { session: { topic: 't1', namespaces }, client: { session: { keys: ['t1'] } } }
    : undefined
  const source = {
    id: 'walletConnect',
    namespace,
    provider: provider as unknown,
    ended: false,
    on: emitter.on as Connector['on'],
    emit: emitter.emit,
    end() {
      source.ended = true
      if (provider) provider.client.session.keys = []
    },
  }
  return source
}

test('default', async () => {
  const source = fakeSource({ bip122: { accounts: [`${BITCOIN}:${BTC}`] } })
  const connector = createSessionNamespaceConnector({ source, namespace: 'bip122' })
  expect(connector).toMatchObject({
    id: 'walletConnect:bip122',
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    namespace: 'bip122',
  })
  expect(await connector.isAuthorized()).toBe(true)
  expect(await connector.connect({})).toEqual({ accounts: [BTC], caipNetworkId: BITCOIN })
  expect(await connector.getAccounts()).toEqual([BTC])
  expect(await connector.getNetworkId()).toBe(BITCOIN)
  expect(connector.getProvider()).toBe(source.provider)
})

test('args: the network asked for when the session has an account on it', async () => {
  const source = fakeSource({
    bip122: { accounts: [`${BITCOIN}:${BTC}`, `${TESTNET}:${TBTC}`] },
  })
  const connector = createSessionNamespaceConnector({ source, namespace: 'bip122' })
  expect(await connector.connect({ network: resolveNetwork(TESTNET) })).toEqual({
    accounts: [TBTC],
    caipNetworkId: TESTNET,
  })
  await connector.switchNetwork(resolveNetwork(BITCOIN))
  expect(await connector.getNetworkId()).toBe(BITCOIN)
  expect(await connector.getAccounts()).toEqual([BTC])
})

test('behavior: accounts that break their namespace rules, or of other namespaces, are left out', async () => {
  const source = fakeSource({
    bip122: {
      accounts: [
        `${BITCOIN}:not an address`,
        `${POLKADOT}:${DOT}`,
        42 as never,
        `${BITCOIN}:${BTC}`,
      ],
    },
  })
  const connector = createSessionNamespaceConnector({ source, namespace: 'bip122' })
  expect((await connector.connect({})).accounts).toEqual([BTC])
})

test('behavior: the session ending is a disconnect; the accounts are gone', async () => {
  const source = fakeSource({ polkadot: { accounts: [`${POLKADOT}:${DOT}`] } })
  const connector = createSessionNamespaceConnector({ source, namespace: 'polkadot' })
  const seen: unknown[] = []
  const off = connector.on('disconnect', () => seen.push('disconnect'))
  source.end()
  source.emit('disconnect', undefined)
  expect(seen).toEqual(['disconnect'])
  expect(await connector.getAccounts()).toEqual([])
  expect(await connector.isAuthorized()).toBe(false)
  off()
  source.emit('disconnect', undefined)
  expect(seen).toHaveLength(1)
})

test('error: no session, no account of the namespace, or an unapproved network', async () => {
  await expect(
    createSessionNamespaceConnector({ source: fakeSource(undefined), namespace: 'bip122' }).connect(
      {},
    ),
  ).rejects.toBeInstanceOf(UnauthorizedProviderError)
  const source = fakeSource({ eip155: { accounts: [`eip155:1:${EVM}`] } })
  const connector = createSessionNamespaceConnector({ source, namespace: 'polkadot' })
  await expect(connector.connect({})).rejects.toBeInstanceOf(UnauthorizedProviderError)
  await expect(connector.getNetworkId()).rejects.toBeInstanceOf(UnauthorizedProviderError)
  const bitcoin = createSessionNamespaceConnector({
    source: fakeSource({ bip122: { accounts: [`${BITCOIN}:${BTC}`] } }),
    namespace: 'bip122',
  })
  await expect(bitcoin.switchNetwork(resolveNetwork(TESTNET))).rejects.toBeInstanceOf(
    UnrecognizedChainError,
  )
})

// ── linkSessionNamespaces ─────────────────────────────────────────────────────────────────

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

const eip155: ChainAdapter = {
  namespace: 'eip155',
  formatAddress: (a) => a,
  checkAddress: (a: string) => ({ valid: true, address: a }),
  getTokenBalances: async () => [],
  getNativeBalance: () => new Promise(() => {}),
}

function kitWith(source: ReturnType<typeof fakeSource>) {
  const primary: Connector = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    namespace: 'eip155',
    connect: async () => ({ accounts: [EVM], caipNetworkId: 'eip155:1' }),
    disconnect: async () => undefined,
    getAccounts: async () => (source.ended ? [] : [EVM]),
    getNetworkId: async () => 'eip155:1',
    isAuthorized: async () => true,
    switchNetwork: async () => undefined,
    getProvider: () => source.provider,
    on: source.on,
  }
  const kit = createKit({
    options: resolveOptions({
      projectId: '0123456789abcdef0123456789abcdef',
      networks: ['eip155:1', BITCOIN, POLKADOT],
      features: { analytics: false },
    }),
    version: '0.0.0-test',
    services: {
      catalog: {
        getWallets: vi.fn(async () => ({ count: 0, data: [] })),
        getWalletImage: vi.fn(() => Promise.reject(new Error('none'))),
        getAnalyticsConfig: vi.fn(async () => ({ isAnalyticsEnabled: false })),
      },
      analytics: { send: vi.fn(async () => undefined) },
    },
    adapters: { eip155, bip122: createBip122Adapter(), polkadot: createPolkadotAdapter() },
    connectors: signal<readonly Connector[]>([primary]),
    env: { isMobile: () => false, storage: createSafeStorage(() => undefined) },
  })
  kits.push(kit)
  return { kit, primary }
}

test('behavior: a WalletConnect connection brings the session namespaces in, the visitor stays on theirs', async () => {
  const source = fakeSource({
    eip155: { accounts: [`eip155:1:${EVM}`] },
    bip122: { accounts: [`${BITCOIN}:${BTC}`] },
    polkadot: { accounts: [`${POLKADOT}:${DOT}`] },
  })
  const { kit, primary } = kitWith(source)
  const stop = linkSessionNamespaces(kit, source)
  const chainChanged = vi.fn()
  kit.events.on('chainChanged', chainChanged)
  await kit.connection.connect(primary)
  await vi.waitFor(() =>
    expect(kit.chain.accounts.peek().polkadot).toMatchObject({ status: 'connected', address: DOT }),
  )
  expect(kit.chain.accounts.peek().bip122).toMatchObject({
    status: 'connected',
    address: BTC,
    caipAddress: `${BITCOIN}:${BTC}`,
    connector: { id: 'walletConnect:bip122', type: 'WALLET_CONNECT' },
  })
  expect(kit.getState()).toMatchObject({ namespace: 'eip155', address: EVM })
  expect(chainChanged).not.toHaveBeenCalled()
  // The session's end takes every namespace with it.
  source.end()
  source.emit('disconnect', undefined)
  await vi.waitFor(() => expect(kit.chain.isConnected.peek()).toBe(false))
  stop()
})

test('behavior: only configured namespaces the wallet approved; other connectors are ignored', async () => {
  const source = fakeSource({
    eip155: { accounts: [`eip155:1:${EVM}`] },
    bip122: { accounts: [`${BITCOIN}:${BTC}`] },
  })
  const { kit, primary } = kitWith(source)
  linkSessionNamespaces(kit, source)
  // Another wallet connecting is no WalletConnect session.
  await kit.connection.connect({
    ...primary,
    id: 'eip6963:other',
    name: 'Other',
    type: 'ANNOUNCED',
    on: () => () => undefined,
  })
  await new Promise((r) => setTimeout(r, 0))
  expect(kit.chain.accounts.peek().bip122?.status).toBe('disconnected')
  await kit.connection.connect(primary)
  await vi.waitFor(() => expect(kit.chain.accounts.peek().bip122?.status).toBe('connected'))
  expect(kit.chain.accounts.peek().polkadot?.status).toBe('disconnected')
})

test('behavior: when WalletConnect itself serves a namespace (a site without EVM), that one is not linked twice', async () => {
  const source = fakeSource(
    { bip122: { accounts: [`${BITCOIN}:${BTC}`] }, polkadot: { accounts: [`${POLKADOT}:${DOT}`] } },
    'bip122',
  )
  const { kit, primary } = kitWith(source)
  linkSessionNamespaces(kit, source)
  await kit.connection.connect(primary)
  await vi.waitFor(() => expect(kit.chain.accounts.peek().polkadot?.status).toBe('connected'))
  // bip122 is the WalletConnect connector's own namespace here: no second connector links it.
  expect(kit.chain.accounts.peek().bip122?.status).toBe('disconnected')
})
