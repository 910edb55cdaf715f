import { type ReadonlySignal, signal } from '@preact/signals-core'
import { vi } from 'vitest'
import { createEip155Adapter } from '../../../../src/chains/eip155/adapter.js'
import { createInjectedConnector } from '../../../../src/connectors/injected/connector.js'
import type { Eip1193Provider } from '../../../../src/connectors/injected/eip1193.js'
import type { TokenBalance } from '../../../../src/core/chain-state.js'
import { type CreateKitParameters, createKit } from '../../../../src/core/kit.js'
import { resolveOptions } from '../../../../src/core/options.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import type { KitEvents } from '../../../../src/core/types/events.js'
import type { NetworkOption, WalletKitOptions } from '../../../../src/core/types/options.js'
import type { AnalyticsApi, CatalogApi } from '../../../../src/core/types/services.js'
import { createSafeStorage, type SafeStorage } from '../../../../src/core/utils/storage.js'
import type { BlockchainService } from '../../../../src/services/blockchain.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import type { ChainDescription } from '../../../stack/chain/index.js'
import type { TestWallet } from '../../../stack/wallet/index.js'

export const projectId = '0123456789abcdef0123456789abcdef'
export const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The two local chains as a site configures them (with their RPC urls). */
export function localNetworks(chains: readonly ChainDescription[]): NetworkOption[] {
  return chains.map((c, i) => ({
    caipNetworkId: `eip155:${c.chainId}` as const,
    name: i === 0 ? 'Devnet' : `Devnet ${i + 1}`,
    nativeCurrency: ETH,
    rpcUrl: c.rpcUrl,
  }))
}

/** Storage that survives a "reload": a new kit given the same object sees what the last one stored. */
export function memoryStorage(): SafeStorage & { raw: Map<string, string> } {
  const raw = new Map<string, string>()
  const storage = {
    getItem: (key: string) => raw.get(key) ?? null,
    setItem: (key: string, value: string) => void raw.set(key, value),
    removeItem: (key: string) => void raw.delete(key),
  } as unknown as Storage
  return Object.assign(
    createSafeStorage(() => storage),
    { raw },
  )
}

/** The native balance the blockchain API stand-in reports. */
export const apiNative = (caipNetworkId: string, numeric = '12.5'): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId: caipNetworkId,
  price: 3000,
  value: Number(numeric) * 3000,
  quantity: { decimals: '18', numeric },
})

/** A blockchain service that answers from memory. */
export function fakeBlockchain(): BlockchainService & {
  getBalances: ReturnType<typeof vi.fn<BlockchainService['getBalances']>>
} {
  return {
    getBalances: vi.fn<BlockchainService['getBalances']>(async (_address, caipNetworkId) => [
      apiNative(caipNetworkId),
    ]),
    getIdentity: vi.fn(async () => ({ name: null, avatar: null })),
    getSupportedChains: vi.fn(async () => ({ http: [], ws: [] })),
    lookupName: vi.fn(async () => undefined),
    getHistory: vi.fn(async () => ({ items: [], next: null })),
    getSessions: vi.fn(async () => []),
    revokeSession: vi.fn(async () => undefined),
  }
}

/** The test wallet's provider as the connector types it (its listener signature is narrower). */
export const eip1193 = (wallet: TestWallet) => wallet.provider as unknown as Eip1193Provider

/** An injected connector over the test wallet (or over a provider wrapping it). */
export function walletConnector(wallet: TestWallet, provider: Eip1193Provider = eip1193(wallet)) {
  return createInjectedConnector({
    id: `eip6963:${wallet.info.uuid}`,
    name: wallet.info.name,
    type: 'ANNOUNCED',
    provider,
    rdns: wallet.info.rdns,
    icon: wallet.info.icon,
  })
}

const EVENT_NAMES = [
  'connected',
  'disconnected',
  'accountChanged',
  'chainChanged',
  'error',
  'open',
  'close',
] as const satisfies (keyof KitEvents)[]

/** A recorded kit event: `[name, detail]`. */
export type Recorded = [keyof KitEvents, unknown]

/**
 * A kit with the eip155 adapter over an in-memory blockchain API and the networks' own RPC, the
 * given connectors, and a recorder of its events.
 */
export function createTestKit(parameters: {
  chains: readonly ChainDescription[]
  connectors: ReadonlySignal<readonly Connector[]> | readonly Connector[]
  options?: Partial<WalletKitOptions>
  storage?: SafeStorage
  blockchain?: BlockchainService
  /** More services (on-ramp, names). */
  services?: Partial<CreateKitParameters['services']>
  /** More environment (the checkout window, the time zone). */
  env?: CreateKitParameters['env']
}) {
  const catalog: CatalogApi = {
    getWallets: vi.fn(() => Promise.resolve({ count: 0, data: [] })),
    getWalletImage: vi.fn(() => Promise.reject(new Error('no image'))),
    getAnalyticsConfig: vi.fn(() => Promise.resolve({ isAnalyticsEnabled: false })),
  }
  const analytics: AnalyticsApi = { send: vi.fn(() => Promise.resolve()) }
  const blockchain = parameters.blockchain ?? fakeBlockchain()
  const connectors =
    'value' in parameters.connectors
      ? parameters.connectors
      : signal<readonly Connector[]>(parameters.connectors)
  const kit = createKit({
    options: resolveOptions({
      projectId,
      networks: localNetworks(parameters.chains),
      features: { analytics: false },
      ...parameters.options,
    }),
    version: '0.0.0-test',
    services: { catalog, analytics, ...parameters.services },
    adapters: { eip155: createEip155Adapter({ blockchain, rpc: rpcRequest }) },
    connectors,
    env: {
      isMobile: () => false,
      storage: parameters.storage ?? memoryStorage(),
      location: () => ({ href: 'https://site.example/', hostname: 'site.example' }),
      ...parameters.env,
    },
  })
  const events: Recorded[] = []
  for (const name of EVENT_NAMES) kit.events.on(name, (detail) => events.push([name, detail]))
  const account = () => kit.chain.accounts.peek().eip155
  const network = () => kit.chain.networks.peek().eip155?.caipNetwork?.caipNetworkId
  return {
    kit,
    events,
    blockchain,
    account,
    network,
    named: (n: keyof KitEvents) => events.filter((e) => e[0] === n),
  }
}

/** Waits until every queued callback (in-process wallet answers, then-chains) has run. */
export const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

/** Waits for an assertion to hold (in-process answers need a few ticks; a loaded machine more). */
export const until = (assertion: () => void) =>
  vi.waitFor(assertion, { timeout: 5000, interval: 5 })
