import { computed, type ReadonlySignal, signal } from '@preact/signals-core'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ChainAdapterNotFoundError } from '../../../src/core/errors/caip.js'
import { HistoryFetchError } from '../../../src/core/errors/history.js'
import { KitDestroyedError, UnknownViewError } from '../../../src/core/errors/options.js'
import { type CreateKitParameters, createKit } from '../../../src/core/kit.js'
import { resolveOptions } from '../../../src/core/options.js'
import type { ChainAdapter } from '../../../src/core/types/adapter.js'
import type { Connector } from '../../../src/core/types/connector.js'
import type { WalletKitOptions } from '../../../src/core/types/options.js'
import type { AnalyticsApi, CatalogApi } from '../../../src/core/types/services.js'
import { createSafeStorage } from '../../../src/core/utils/storage.js'
import { devnetConnector } from './devnet-connector.js'
import { item } from './history/items.js'

const projectId = '0123456789abcdef0123456789abcdef'
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'

/** An adapter whose answers never arrive, so nothing changes behind the test's back. */
const pendingAdapter: ChainAdapter = {
  namespace: 'eip155',
  formatAddress: (address) => address,
  checkAddress: (address) => ({ valid: true, address }),
  getTokenBalances: () => new Promise(() => {}),
  getNativeBalance: () => new Promise(() => {}),
}

function setup(
  input: Partial<WalletKitOptions> = {},
  overrides: Partial<Omit<CreateKitParameters, 'options' | 'services'>> & {
    /** Services besides the catalog and analytics. */
    services?: Partial<CreateKitParameters['services']>
  } = {},
) {
  const { services, ...rest } = overrides
  const catalog: CatalogApi = {
    getWallets: vi.fn(() => Promise.resolve({ count: 0, data: [] })),
    getWalletImage: vi.fn(() => Promise.reject(new Error('no image'))),
    getAnalyticsConfig: vi.fn(() => Promise.resolve({ isAnalyticsEnabled: false })),
  }
  const analytics: AnalyticsApi = { send: vi.fn(() => Promise.resolve()), beacon: () => true }
  const kit = createKit({
    options: resolveOptions({ projectId, features: { analytics: false }, ...input }),
    version: '0.0.0-test',
    services: { catalog, analytics, ...services },
    adapters: { eip155: pendingAdapter },
    env: {
      isMobile: () => false,
      storage: createSafeStorage(() => undefined),
      location: () => ({ href: 'https://site.example/', hostname: 'site.example' }),
    },
    ...rest,
  })
  // Connected the way a visitor connects: through a connector, so the state is the connection's.
  const devnet = devnetConnector(ADDRESS)
  const connect = () => kit.connection.connect(devnet)
  return { kit, catalog, analytics, connect }
}

let kits: ReturnType<typeof setup>['kit'][] = []
beforeEach(() => {
  kits = []
})
afterEach(() => {
  for (const kit of kits) kit.destroy()
})
const track = <T extends ReturnType<typeof setup>>(s: T) => {
  kits.push(s.kit)
  return s
}

test('default', () => {
  const { kit, catalog, analytics } = track(setup())
  expect(kit.getState()).toMatchInlineSnapshot(`
    {
      "address": null,
      "balance": null,
      "caipAddress": null,
      "caipNetworkId": "eip155:1",
      "connector": null,
      "locale": "en",
      "namespace": "eip155",
      "open": false,
      "session": null,
      "status": "disconnected",
      "view": "Connect",
    }
  `)
  expect(kit.version).toBe('0.0.0-test')
  expect(kit.adapters).toEqual(['eip155'])
  expect(kit.destroyed).toBe(false)
  // Creating a kit makes no request.
  expect(catalog.getWallets).not.toHaveBeenCalled()
  expect(catalog.getAnalyticsConfig).not.toHaveBeenCalled()
  expect(analytics.send).not.toHaveBeenCalled()
})

test('args: the public methods', () => {
  const { kit } = track(setup())
  expect(
    Object.entries(kit)
      .filter(([, value]) => typeof value === 'function')
      .map(([key]) => key),
  ).toMatchInlineSnapshot(`
    [
      "disconnect",
      "switchNetwork",
      "getProvider",
      "signIn",
      "signOut",
      "setLocale",
      "setTheme",
      "afterPaint",
      "send",
      "catalogMatch",
      "checkOpen",
      "open",
      "announceReady",
      "close",
      "getState",
      "subscribe",
      "destroy",
    ]
  `)
})

// ── open() ─────────────────────────────────────────────────────────────────

test('behavior: open shows Connect and loads its wallets', async () => {
  const { kit, catalog } = track(setup())
  await kit.open()
  expect(kit.getState()).toMatchObject({ open: true, view: 'Connect' })
  expect(catalog.getWallets).toHaveBeenCalledTimes(1)
})

/** The kit's environment with `afterPaint` holding its tasks until the test runs them. */
function paintLater() {
  const tasks: (() => void)[] = []
  const env = {
    isMobile: () => false,
    storage: createSafeStorage(() => undefined),
    afterPaint: (task: () => void) => void tasks.push(task),
  }
  const paint = () => {
    for (const task of tasks.splice(0)) task()
  }
  return { env, tasks, paint }
}

test('behavior: open asks for the wallet list only after the first frame', async () => {
  const { env, tasks, paint } = paintLater()
  const { kit, catalog } = track(setup({}, { env }))
  await kit.open()
  expect(kit.getState()).toMatchObject({ open: true, view: 'Connect' })
  expect(catalog.getWallets).not.toHaveBeenCalled()
  expect(tasks.length).toBeGreaterThan(0)
  paint()
  expect(catalog.getWallets).toHaveBeenCalledTimes(1)
})

test('behavior: a kit destroyed before the first frame after open requests nothing', async () => {
  const { env, paint } = paintLater()
  const { kit, catalog } = setup({}, { env })
  await kit.open()
  kit.destroy()
  paint()
  expect(catalog.getWallets).not.toHaveBeenCalled()
})

test('behavior: the first open loads the account data after the first frame', async () => {
  const { env, paint } = paintLater()
  const getTokenBalances = vi.fn(() => new Promise<never>(() => {}))
  const { kit, connect } = track(
    setup({}, { env, adapters: { eip155: { ...pendingAdapter, getTokenBalances } } }),
  )
  await connect()
  await kit.open()
  expect(kit.getState().view).toBe('Account')
  await new Promise((r) => setTimeout(r, 0))
  expect(getTokenBalances).not.toHaveBeenCalled()
  paint()
  await vi.waitFor(() => expect(getTokenBalances).toHaveBeenCalled())
})

test("behavior: the first open asks for the language's pack after the first frame", async () => {
  const { env, paint } = paintLater()
  const localePack = vi.fn(() => Promise.resolve([]))
  const { kit } = track(setup({ locale: 'de' }, { env, services: { localePack }, locales: ['de'] }))
  await kit.open()
  await new Promise((r) => setTimeout(r, 0))
  expect(localePack).not.toHaveBeenCalled()
  paint()
  expect(localePack).toHaveBeenCalledWith('de')
  await vi.waitFor(() => expect(kit.locale.tag.value).toBe('de'))
})

test('behavior: on a phone the first open loads the login frame after the first frame', async () => {
  const { env, paint } = paintLater()
  const prepare = vi.fn()
  const { kit } = track(
    setup(
      { features: { analytics: false, email: true } },
      { env: { ...env, isMobile: () => true }, auth: { prepare } as never },
    ),
  )
  await kit.open()
  await new Promise((r) => setTimeout(r, 0))
  expect(prepare).not.toHaveBeenCalled()
  paint()
  expect(prepare).toHaveBeenCalledTimes(1)
  kit.close()
  await kit.open()
  paint()
  expect(prepare).toHaveBeenCalledTimes(1)
})

test("rule: off a phone no open loads the login frame (Connect's login part does, on intent)", async () => {
  const { env, paint } = paintLater()
  const prepare = vi.fn()
  const { kit } = track(
    setup({ features: { analytics: false, email: true } }, { env, auth: { prepare } as never }),
  )
  await kit.open()
  paint()
  kit.close()
  await kit.open()
  paint()
  expect(prepare).not.toHaveBeenCalled()
})

test('behavior: open when connected shows Account and loads no wallet list', async () => {
  const { kit, catalog, connect } = track(setup())
  await connect()
  await kit.open()
  expect(kit.getState().view).toBe('Account')
  expect(catalog.getWallets).not.toHaveBeenCalled()
})

test('behavior: a disconnect from Account shows Connect and loads its wallets after the frame', async () => {
  const { env, paint } = paintLater()
  const { kit, catalog, connect } = track(setup({}, { env }))
  await connect()
  await kit.open()
  paint()
  expect(catalog.getWallets).not.toHaveBeenCalled()
  await kit.connection.disconnect('eip155')
  expect(kit.getState()).toMatchObject({ open: true, view: 'Connect' })
  expect(catalog.getWallets).not.toHaveBeenCalled()
  paint()
  expect(catalog.getWallets).toHaveBeenCalledTimes(1)
})

test('behavior: open without adapters on a desktop shows ConnectingWalletConnectBasic', async () => {
  const { kit } = track(setup({}, { adapters: {} }))
  await kit.open()
  expect(kit.getState().view).toBe('ConnectingWalletConnectBasic')
})

test('behavior: open without adapters on a phone shows Connect', async () => {
  const { kit } = track(
    setup(
      {},
      { adapters: {}, env: { isMobile: () => true, storage: createSafeStorage(() => undefined) } },
    ),
  )
  await kit.open()
  expect(kit.getState().view).toBe('Connect')
})

test('behavior: an adapter for a namespace without networks does not count', async () => {
  const { kit } = track(
    setup({}, { adapters: { solana: { ...pendingAdapter, namespace: 'solana' } } }),
  )
  expect(kit.adapters).toEqual([])
  await kit.open()
  expect(kit.getState().view).toBe('ConnectingWalletConnectBasic')
})

test('behavior: open with a view resets the history to it', async () => {
  const { kit } = track(setup())
  await kit.open()
  kit.router.push('AllWallets')
  await kit.open({ view: 'Networks' })
  expect(kit.router.history.value).toEqual(['Networks'])
})

test('behavior: open with a namespace shows its Connect, or its Account when connected', async () => {
  const { kit, connect } = track(
    setup(
      { networks: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] },
      { adapters: { eip155: pendingAdapter, solana: { ...pendingAdapter, namespace: 'solana' } } },
    ),
  )
  await kit.open({ namespace: 'solana' })
  expect(kit.getState()).toMatchObject({ view: 'Connect', namespace: 'solana' })
  await connect()
  await kit.open({ namespace: 'eip155' })
  expect(kit.getState()).toMatchObject({ view: 'Account', namespace: 'eip155' })
  await kit.open({ namespace: 'solana' })
  expect(kit.getState()).toMatchObject({ view: 'Connect', namespace: 'solana' })
})

test('behavior: analytics off sends nothing on open; on, the config is asked first', async () => {
  const off = track(setup())
  await off.kit.open()
  off.kit.close()
  expect(off.catalog.getAnalyticsConfig).not.toHaveBeenCalled()
  const on = track(setup({ features: { analytics: true } }))
  await on.kit.open()
  await vi.waitFor(() => expect(on.catalog.getAnalyticsConfig).toHaveBeenCalledTimes(1))
  expect(on.analytics.send).not.toHaveBeenCalled()
})

// ── events, state, subscribe ───────────────────────────────────────────────

test('behavior: open and close events carry the view, once per change', async () => {
  const { kit } = track(setup())
  const open = vi.fn()
  const close = vi.fn()
  kit.events.on('open', open)
  kit.events.on('close', close)
  await kit.open()
  await kit.open({ view: 'AllWallets' })
  expect(open.mock.calls).toEqual([[{ view: 'Connect' }]])
  kit.close()
  kit.close()
  expect(close.mock.calls).toEqual([[{ view: 'AllWallets' }]])
})

test('behavior: closing by going back emits close too', async () => {
  const { kit } = track(setup())
  const close = vi.fn()
  kit.events.on('close', close)
  await kit.open()
  kit.router.goBack()
  expect(close).toHaveBeenCalledWith({ view: 'Connect' })
})

test('behavior: error toasts are reported as error events', () => {
  const { kit } = track(setup())
  const error = vi.fn()
  kit.events.on('error', error)
  kit.toasts.error(new HistoryFetchError(), 'HISTORY')
  expect(error).toHaveBeenCalledWith({ code: 'HISTORY', message: 'Failed to fetch transactions' })
})

test('behavior: getState is a plain snapshot of the connected state', async () => {
  const answering: ChainAdapter = {
    ...pendingAdapter,
    getTokenBalances: async (_address, network) => [
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: network.caipNetworkId,
        price: 3000,
        value: 4500,
        quantity: { decimals: '18', numeric: '1.5' },
      },
    ],
  }
  const { kit, connect } = track(
    setup({ networks: ['eip155:1', 'eip155:8453'] }, { adapters: { eip155: answering } }),
  )
  await connect()
  await kit.open()
  await vi.waitFor(() => expect(kit.getState().balance).not.toBeNull())
  const state = kit.getState()
  expect(state).toMatchInlineSnapshot(`
    {
      "address": "0x70997970C51812dc3A010C7d01b50e79d17dc79C",
      "balance": {
        "amount": "1.5",
        "symbol": "ETH",
      },
      "caipAddress": "eip155:1:0x70997970C51812dc3A010C7d01b50e79d17dc79C",
      "caipNetworkId": "eip155:1",
      "connector": {
        "id": "dev.walletkit.devnet",
        "name": "Devnet Wallet",
      },
      "locale": "en",
      "namespace": "eip155",
      "open": true,
      "session": null,
      "status": "connected",
      "view": "Account",
    }
  `)
  expect(structuredClone(state)).toEqual(state)
})

test('behavior: subscribe calls the listener after each change, not at once, until unsubscribed', async () => {
  const { kit } = track(setup())
  const listener = vi.fn()
  const unsubscribe = kit.subscribe(listener)
  expect(listener).not.toHaveBeenCalled()
  await kit.open()
  expect(listener).toHaveBeenCalledTimes(1)
  expect(listener).toHaveBeenLastCalledWith(
    expect.objectContaining({ open: true, view: 'Connect' }),
  )
  kit.router.push('AllWallets')
  expect(listener).toHaveBeenCalledTimes(2)
  expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ view: 'AllWallets' }))
  unsubscribe()
  kit.close()
  expect(listener).toHaveBeenCalledTimes(2)
})

test('behavior: setTheme changes the theme and reports rejected tokens', () => {
  const { kit } = track(setup())
  expect(
    kit.setTheme({ mode: 'dark', variables: { '--wk-radius': 4, '--wk-accent': 'url(x)' } }),
  ).toEqual(['--wk-accent'])
  expect(kit.theme.resolved.value).toBe('dark')
  expect(kit.theme.variables.value).toEqual({ '--wk-radius': '4px' })
})

test('behavior: themePreset starts the theme; setTheme changes the preset alone', () => {
  const { kit } = track(setup({ themePreset: 'contrast' }))
  expect(kit.theme.preset.value).toBe('contrast')
  expect(kit.setTheme({ preset: 'rounded' })).toEqual([])
  expect(kit.theme.preset.value).toBe('rounded')
  expect(kit.theme.mode.value).toBe('system')
  expect(kit.theme.variables.value).toEqual({})
})

// ── errors ─────────────────────────────────────────────────────────────────

test('behavior: Activity month headings are in the language shown and follow setLocale()', async () => {
  const page = {
    items: [
      item({ minedAt: Date.UTC(2020, 9, 14, 12) }),
      item({ minedAt: Date.UTC(2019, 10, 2, 12) }),
    ],
    next: null,
  }
  const blockchain = {
    getBalances: () => new Promise<never>(() => {}),
    getIdentity: () => new Promise<never>(() => {}),
    getSupportedChains: () => new Promise<never>(() => {}),
    lookupName: () => Promise.resolve(undefined),
    getHistory: vi.fn(() => Promise.resolve(page)),
    getSessions: () => Promise.resolve([]),
    revokeSession: () => Promise.resolve(),
  }
  // German and French packs beside the bundle; the core only needs them to arrive.
  const { kit, connect } = track(
    setup(
      { locale: 'de' },
      { services: { blockchain, localePack: () => Promise.resolve([]) }, locales: ['de', 'fr'] },
    ),
  )
  await connect()
  const history = kit.history?.()
  if (!history) throw new Error('no history')
  await history.load()
  const titles = () => history.view.value.groups.map((g) => g.title)
  // Before the first open no pack is loaded: English.
  expect(titles()).toEqual(['October 2020', 'November 2019'])
  await kit.open()
  await vi.waitFor(() => expect(kit.locale.tag.value).toBe('de'))
  expect(titles()).toEqual(['Oktober 2020', 'November 2019'])
  await kit.setLocale('fr')
  expect(titles()).toEqual(['octobre 2020', 'novembre 2019'])
})

test('error: open with an unknown view', async () => {
  const { kit } = track(setup())
  await expect(kit.open({ view: 'Nope' as never })).rejects.toThrowErrorMatchingInlineSnapshot(
    `[UnknownViewError: Cannot open view "Nope": expected one of Connect, Account, AllWallets, Networks, ConnectingWalletConnectBasic, Swap, OnRamp, Transactions, Send, Receive, RegisterName, SmartSessions.]`,
  )
  await expect(kit.open({ view: 'ConnectingFarcaster' as never })).rejects.toBeInstanceOf(
    UnknownViewError,
  )
  await expect(kit.open(null as never)).rejects.toBeInstanceOf(UnknownViewError)
  expect(kit.getState().open).toBe(false)
})

test('behavior: page wallets listed by what the catalogue knows, one of them recent, do not cycle', () => {
  localStorage.setItem('walletkit:recentWallets', JSON.stringify(['page-wallet']))
  const wallet: Connector = {
    id: 'page-wallet',
    name: 'Page Wallet',
    type: 'ANNOUNCED',
    namespace: 'solana',
    connect: async () => ({ accounts: [], caipNetworkId: 'eip155:1' }),
    disconnect: async () => undefined,
    getAccounts: async () => [],
    getNetworkId: async () => 'eip155:1',
    isAuthorized: async () => true,
    switchNetwork: async () => undefined,
    getProvider: () => undefined,
    on: () => () => undefined,
  }
  // As the page's discovery does: a wallet is listed after asking whether the catalogue knows it,
  // which is known once the kit exists.
  const known = signal<(c: Connector) => boolean>(() => false)
  const connectors: ReadonlySignal<readonly Connector[]> = computed(() => {
    known.value(wallet)
    return [wallet]
  })
  const { kit } = track(
    setup(
      {},
      {
        connectors,
        env: {
          isMobile: () => false,
          storage: createSafeStorage(() => localStorage),
          location: () => ({ href: 'https://site.example/', hostname: 'site.example' }),
        },
      },
    ),
  )
  known.value = (c) =>
    kit.catalogMatch({ name: c.name, namespace: c.namespace, rdns: undefined }) !== undefined
  expect(connectors.value).toEqual([wallet])
  expect(kit.wallets.recent.value.map((w) => w.id)).toEqual(['page-wallet'])
  // The page's own wallet is not the catalogue's.
  expect(kit.catalogMatch(wallet)).toBeUndefined()
  localStorage.clear()
})

test('error: open with a namespace that has no configured network', async () => {
  const { kit } = track(setup())
  const error = await kit.open({ namespace: 'solana' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ChainAdapterNotFoundError)
  expect((error as ChainAdapterNotFoundError).shortMessage).toBe('Chain adapter not found')
  expect(error).toMatchInlineSnapshot(`
    [ChainAdapterNotFoundError: Chain adapter not found

    Details: solana]
  `)
  await expect(kit.open({ namespace: 'cosmos' as never })).rejects.toThrow(
    'Chain adapter not found',
  )
  expect(kit.getState()).toMatchObject({ open: false, namespace: 'eip155' })
})

test('error: open with a namespace whose networks have no chain adapter', async () => {
  const { kit } = track(
    setup({ networks: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }),
  )
  await expect(kit.open({ namespace: 'solana' })).rejects.toBeInstanceOf(ChainAdapterNotFoundError)
  expect(kit.getState()).toMatchObject({ open: false, namespace: 'eip155' })
})

test('error: every method throws after destroy', async () => {
  const { kit } = setup()
  const listener = vi.fn()
  kit.events.on('close', listener)
  await kit.open()
  kit.destroy()
  kit.destroy()
  expect(kit.destroyed).toBe(true)
  await expect(kit.open()).rejects.toThrowErrorMatchingInlineSnapshot(
    `[KitDestroyedError: This WalletKit instance was destroyed: call WalletKit.init() again.]`,
  )
  await expect(kit.open()).rejects.toBeInstanceOf(KitDestroyedError)
  expect(() => kit.close()).toThrow(KitDestroyedError)
  expect(() => kit.subscribe(() => {})).toThrow(KitDestroyedError)
  expect(() => kit.setTheme({ mode: 'dark' })).toThrow(KitDestroyedError)
  expect(() => kit.getState()).toThrow(KitDestroyedError)
  // Events stop with the kit.
  kit.router.close()
  expect(listener).not.toHaveBeenCalled()
})
