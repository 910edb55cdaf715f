import { signal } from '@preact/signals-core'
import { vi } from 'vitest'
import { createEip155Adapter } from '../../../../src/chains/eip155/adapter.js'
import { createInjectedConnector } from '../../../../src/connectors/injected/connector.js'
import type { Eip1193Provider } from '../../../../src/connectors/injected/eip1193.js'
import { createKit } from '../../../../src/core/kit.js'
import { resolveOptions } from '../../../../src/core/options.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import type { KitEvents } from '../../../../src/core/types/events.js'
import type { SiwxOptions } from '../../../../src/core/types/options.js'
import type { AnalyticsApi, CatalogApi } from '../../../../src/core/types/services.js'
import { createSafeStorage, type SafeStorage } from '../../../../src/core/utils/storage.js'
import type { BlockchainService } from '../../../../src/services/blockchain.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { createTestWallet, type TestWallet } from '../../../stack/wallet/index.js'

export const projectId = '0123456789abcdef0123456789abcdef'
export const PAGE_HREF = 'https://shop.example:8443/account?from=mail'
/** Where local sessions live in storage (the storage adds its `walletkit:` prefix). */
export const STORAGE_KEY = 'walletkit:siwx:sessions'

/** Storage that survives a "reload": a new kit given the same object sees what the last stored. */
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

/** The local sessions as stored (parsed), or the raw text when it is no JSON. */
export function stored(storage: { raw: Map<string, string> }): unknown {
  const text = storage.raw.get(STORAGE_KEY)
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The test wallet in process (accounts of the anvil mnemonic, starting with account 1). */
export function testWallet(): TestWallet {
  return createTestWallet({
    chains: [
      { chainId: 31337, rpcUrl: 'http://127.0.0.1:9' },
      { chainId: 31338, rpcUrl: 'http://127.0.0.1:9' },
    ],
    accountIndex: 1,
  })
}

const blockchain: BlockchainService = {
  getBalances: () => new Promise(() => {}),
  getIdentity: async () => ({ name: null, avatar: null }),
  getSupportedChains: async () => ({ http: [], ws: [] }),
  lookupName: async () => undefined,
  getHistory: async () => ({ items: [], next: null }),
  getSessions: async () => [],
  revokeSession: async () => undefined,
}

const EVENTS = ['connected', 'disconnected', 'signedIn', 'signedOut', 'open', 'close'] as const

/**
 * A kit with SIWX over the in-process test wallet: a controllable page address and clock,
 * storage that survives a "reload", and a recorder of events.
 */
export function setup(
  parameters: {
    siwx?: SiwxOptions
    wallet?: TestWallet
    storage?: ReturnType<typeof memoryStorage>
    rpc?: (url: string, method: string, params: unknown[]) => Promise<unknown>
    networks?: unknown[]
    allowUnsupportedChain?: boolean
    /** Changes the wallet's connector (e.g. to describe its accounts as an embedded wallet does). */
    wrap?: (connector: Connector) => Connector
  } = {},
) {
  const wallet = parameters.wallet ?? testWallet()
  const storage = parameters.storage ?? memoryStorage()
  const page = { href: PAGE_HREF }
  const injected = createInjectedConnector({
    id: `eip6963:${wallet.info.uuid}`,
    name: wallet.info.name,
    type: 'ANNOUNCED',
    // The wallet's chains are not running here: what would reach them is answered as an empty
    // chain would (no balance, no contract code).
    provider: {
      request: (args: { method: string; params?: unknown }) =>
        args.method === 'eth_getBalance'
          ? Promise.resolve('0x0')
          : args.method === 'eth_call'
            ? Promise.resolve('0x')
            : wallet.provider.request(args),
      on: (event: string, listener: (payload: unknown) => void) =>
        wallet.provider.on(event, listener),
      removeListener: (event: string, listener: (payload: unknown) => void) =>
        wallet.provider.removeListener(event, listener),
    } as unknown as Eip1193Provider,
    rdns: wallet.info.rdns,
  })
  const connector = parameters.wrap?.(injected) ?? injected
  const catalog: CatalogApi = {
    getWallets: vi.fn(() => Promise.resolve({ count: 0, data: [] })),
    getWalletImage: vi.fn(() => Promise.reject(new Error('no image'))),
    getAnalyticsConfig: vi.fn(() => Promise.resolve({ isAnalyticsEnabled: false })),
  }
  const analytics: AnalyticsApi = { send: vi.fn(() => Promise.resolve()), beacon: () => true }
  const kit = createKit({
    options: resolveOptions({
      projectId,
      networks: parameters.networks ?? ['eip155:31337', 'eip155:31338'],
      features: { analytics: false },
      allowUnsupportedChain: parameters.allowUnsupportedChain ?? false,
      ...(parameters.siwx && { siwx: parameters.siwx }),
    }),
    version: '0.0.0-test',
    services: { catalog, analytics },
    adapters: { eip155: createEip155Adapter({ blockchain, rpc: parameters.rpc ?? rpcRequest }) },
    connectors: signal<readonly Connector[]>([connector]),
    env: {
      isMobile: () => false,
      storage,
      location: () => ({ href: page.href, hostname: new URL(page.href).hostname }),
    },
  })
  const events: [keyof KitEvents, unknown][] = []
  for (const name of EVENTS) kit.events.on(name, (detail) => events.push([name, detail]))
  const siwx = kit.siwx
  if (parameters.siwx && !siwx) throw new Error('the kit has no SIWX controller')
  return {
    kit,
    /** The SIWX controller: made by the kit once an account connects, else on this first read. */
    get siwx() {
      if (!siwx) throw new Error('the kit has no SIWX controller')
      return siwx()
    },
    wallet,
    storage,
    page,
    connector,
    events,
    named: (name: keyof KitEvents) => events.filter((e) => e[0] === name).map((e) => e[1]),
    /** Opens the modal on Connect and connects the wallet, as the visitor would. */
    async connect() {
      await kit.open()
      await kit.connection.connect(connector)
    },
  }
}

/** Lets queued callbacks (in-process wallet answers, promise chains) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}
