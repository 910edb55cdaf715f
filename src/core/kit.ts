import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core'
import { createAccountData } from './account-data.js'
import { createAnalytics } from './analytics.js'
import { type ChainState, createChainState } from './chain-state.js'
import { createConnection } from './connection.js'
import { createEmitter, type Emitter } from './emitter.js'
import { ChainAdapterNotFoundError } from './errors/caip.js'
import { KitDestroyedError, UnknownViewError } from './errors/options.js'
import { createImageCache } from './images.js'
import type { ResolvedOptions } from './options.js'
import { createRouter } from './router.js'
import { createSiwx } from './siwx/controller.js'
import type { SiwxSessionSummary } from './siwx/types.js'
import { createTheme } from './theme.js'
import { createToasts } from './toast.js'
import { createTransactions } from './transactions.js'
import type { ChainAdapter } from './types/adapter.js'
import type { CaipNetworkId, ChainNamespace } from './types/caip.js'
import type { Connector } from './types/connector.js'
import type { KitEvents } from './types/events.js'
import type { ThemeUpdate } from './types/options.js'
import type { AnalyticsApi, BlockchainApi, CatalogApi, RpcRequest } from './types/services.js'
import type { KitState } from './types/state.js'
import { isOpenableView, OPENABLE_VIEWS, type OpenableView } from './types/view.js'
import type { WalletEntry } from './types/wallet.js'
import { isNamespace } from './utils/caip.js'
import { createSafeStorage, type SafeStorage } from './utils/storage.js'
import { customWalletEntry } from './wallet-entry.js'
import { walletProvider } from './wallet-provider.js'
import { createWalletList } from './wallets.js'

/** What `createKit()` wires together; `embed/` passes the concrete parts. */
export type CreateKitParameters = {
  options: ResolvedOptions
  version: string
  services: {
    catalog: CatalogApi
    analytics: AnalyticsApi
    /** The blockchain API (name lookups; the adapters get their own reference for balances). */
    blockchain?: BlockchainApi
    /** A JSON-RPC call to a network's own endpoint (SIWX checks of contract accounts). */
    rpc?: RpcRequest
    /** Fetches an image by URL within the size cap (custom wallets' images, avatars). */
    fetchImage?: (url: string) => Promise<Blob>
  }
  /** The chain adapter of each namespace that has one. */
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>
  /** The connectors discovered so far (they may appear late). */
  connectors?: ReadonlySignal<readonly Connector[]>
  env?: {
    isMobile?: () => boolean
    storage?: SafeStorage
    matchMedia?: (query: string) => MediaQueryList
    location?: () => { href: string; hostname: string }
    /**
     * Runs work that opening starts but that need not delay the modal's first frame (the wallet
     * list's request); by default at once.
     */
    afterPaint?: (task: () => void) => void
  }
}

/** What `kit.open()` takes. */
export type OpenParameters = { view?: OpenableView; namespace?: ChainNamespace }

export type { KitState }

/** A WalletKit instance (the core; `embed/` adds the DOM). */
export type Kit = ReturnType<typeof createKit>

/**
 * Creates a kit: every controller, wired, with the public methods of DESIGN §2 that need no DOM.
 *
 * @example
 * const kit = createKit({ options: resolveOptions({ projectId }), version, services, adapters: ['eip155'] })
 * await kit.open()
 */
export function createKit(parameters: CreateKitParameters) {
  const { options } = parameters
  const env = parameters.env ?? {}
  const storage = env.storage ?? createSafeStorage()
  const afterPaint = env.afterPaint ?? ((task: () => void) => task())
  const events = createEmitter<KitEvents>()
  const toasts = createToasts({ onError: (error) => events.emit('error', error) })
  const chain = createChainState({
    networks: options.networks,
    defaultNetwork: options.defaultNetwork,
    accountTypes: options.defaultAccountTypes,
  })
  const adapters = chain.namespaces.filter((ns) => parameters.adapters[ns] !== undefined)
  const connectors = parameters.connectors ?? signal<readonly Connector[]>([])
  const hasOpened = signal(false)
  const router = createRouter({
    isConnected: () => chain.isConnected.value,
    hasAdapters: () => adapters.length > 0,
    isMobile: env.isMobile ?? (() => false),
    canClose: () => siwx?.canClose() ?? true,
  })
  const theme = createTheme({
    mode: options.themeMode,
    preset: options.themePreset,
    variables: options.themeVariables,
    matchMedia: env.matchMedia,
  })
  const images = createImageCache((id) => parameters.services.catalog.getWalletImage(id), {
    fetchUrl: parameters.services.fetchImage,
    serviceOrigins: [options.apiUrl, options.blockchainApiUrl].map((url) => new URL(url).origin),
  })
  const wallets = createWalletList({
    api: parameters.services.catalog,
    images,
    storage,
    chains: options.networks.map((n) => n.caipNetworkId),
    featuredWalletIds: options.featuredWalletIds,
    includeWalletIds: options.includeWalletIds,
    excludeWalletIds: options.excludeWalletIds,
    customWallets: options.customWallets.flatMap((w) => customWalletEntry(w) ?? []),
  })
  const analytics = createAnalytics({
    enabled: options.features.analytics,
    debug: options.debug,
    catalog: parameters.services.catalog,
    api: parameters.services.analytics,
    toasts,
    location: env.location ?? (() => ({ href: location.href, hostname: location.hostname })),
  })
  const accountData = createAccountData({
    chain,
    adapters: parameters.adapters,
    toasts,
    provider: (ns) => walletProvider(connection.connectorOf(ns)),
  })
  const connection = createConnection({
    chain,
    router,
    events,
    storage,
    adapters: parameters.adapters,
    connectors,
    accountData,
    networks: options.networks,
    allowUnsupportedChain: options.allowUnsupportedChain,
    shouldLoadAccountData: () => hasOpened.peek(),
    onConnected: (connector) =>
      wallets.addRecent(catalogMatch(connector) ?? walletFromConnector(connector)),
  })
  const transactions = createTransactions({
    adapters: parameters.adapters,
    connectorOf: (ns) => connection.connectorOf(ns),
    networkOf: (id) =>
      options.networks.find((n) => n.caipNetworkId === id) ??
      Object.values(chain.networks.peek()).find((n) => n?.caipNetwork?.caipNetworkId === id)
        ?.caipNetwork,
    currentNetwork: (ns) => chain.networks.peek()[ns]?.caipNetwork?.caipNetworkId,
    currentAddress: (ns) => chain.accounts.peek()[ns]?.address,
    events,
    toasts,
    refresh: (ns) => void accountData.refresh(ns),
  })
  const siwx = options.siwx
    ? createSiwx({
        options: options.siwx,
        chain,
        router,
        events,
        storage,
        networks: options.networks,
        allowUnsupportedChain: options.allowUnsupportedChain,
        provider: (ns) => walletProvider(connection.connectorOf(ns)),
        disconnect: (ns) => connection.disconnect(ns),
        location: env.location ?? (() => location),
        rpc: parameters.services.rpc,
      })
    : undefined
  // Silent reconnect: when a remembered wallet shows up (announcements may come late), ask it
  // once whether it still authorises the site. Not when two wallets claim the same identity.
  const attempted = new Set<string>()
  const stopReconnect = effect(() => {
    const list = connectors.value
    for (const entry of connection.stored()) {
      if (attempted.has(entry.namespace)) continue
      const match =
        list.find((c) => c.namespace === entry.namespace && c.id === entry.connectorId) ??
        list.find(
          (c) =>
            c.namespace === entry.namespace && entry.rdns !== undefined && c.rdns === entry.rdns,
        )
      const flags = match?.flags
      if (
        !match ||
        flags?.duplicateRdns ||
        flags?.duplicateName ||
        flags?.uuidCollision ||
        flags?.lookalike
      )
        continue
      attempted.add(entry.namespace)
      void connection.reconnect(match)
    }
  })
  let destroyed = false

  /**
   * The catalogue entry of an installed wallet: by rdns; a wallet without one (Wallet Standard) by
   * its name among loaded entries that support its namespace, unless another wallet has that name.
   */
  function catalogMatch(connector: Connector): WalletEntry | undefined {
    if (connector.rdns) return wallets.byRdns(connector.rdns)
    if (connector.flags?.duplicateName) return undefined
    const name = connector.name.toLowerCase()
    const lists = [wallets.featured, wallets.recommended, wallets.recent, wallets.all]
    for (const list of lists)
      for (const w of list.value)
        if (
          w.name.toLowerCase() === name &&
          w.chains.some((c) => c.startsWith(`${connector.namespace}:`))
        )
          return w
    return undefined
  }

  const state = computed(() =>
    snapshotOf({
      open: router.isOpen.value,
      view: router.view.value,
      namespace: chain.activeNamespace.value,
      account: chain.account.value,
      caipNetworkId: chain.network.value?.caipNetwork?.caipNetworkId,
      session: siwx?.summary.value ?? null,
    }),
  )

  // Open and close events follow the router, whatever closed the modal (Escape, back, the host).
  let wasOpen = router.isOpen.peek()
  const stopOpenEvents = effect(() => {
    const open = router.isOpen.value
    const view = router.view.peek()
    if (open === wasOpen) return
    wasOpen = open
    if (open && !hasOpened.peek()) {
      hasOpened.value = true
      // Balances and profiles show as loading in the first frame either way.
      afterPaint(() => {
        if (destroyed) return
        for (const ns of chain.namespaces)
          if (chain.accounts.peek()[ns]?.status === 'connected') connection.loadData(ns)
      })
    }
    events.emit(open ? 'open' : 'close', { view })
    void analytics.track(open ? 'MODAL_OPEN' : 'MODAL_CLOSE', {
      connected: chain.isConnected.peek(),
    })
  })

  const alive = () => {
    if (destroyed) throw new KitDestroyedError()
  }

  let ready = false

  return {
    version: parameters.version,
    options,
    /** Runs a task once the next frame is drawn (at once where the environment has no frames). */
    afterPaint,
    storage,
    /** The kit's events, to listen to; only the controllers that own an event emit it. */
    events: { on: events.on } as Pick<Emitter<KitEvents>, 'on'>,
    toasts,
    /** Account and network state of each namespace, read-only (the connection controller writes it). */
    chain: readOnlyChain(chain),
    router,
    theme,
    images,
    wallets,
    analytics,
    connection,
    accountData,
    /** The pending list and the one way to submit a transaction (see docs/transactions.md). */
    transactions,
    connectors,
    /** Sign-In With X, when the `siwx` option is given. */
    siwx,
    /** The catalogue entry of an installed wallet (by rdns, or by name for a wallet without one). */
    catalogMatch,
    /** Plain snapshot of the state (DESIGN §2). */
    state,
    /** Namespaces with an adapter. */
    adapters: adapters as readonly ChainNamespace[],

    /** Opens the modal by SPEC §2's rules; resolves once it is open. */
    async open(input: OpenParameters = {}): Promise<void> {
      alive()
      if (typeof input !== 'object' || input === null)
        throw new UnknownViewError({ view: input, allowed: OPENABLE_VIEWS })
      const { view, namespace } = input
      if (view !== undefined && !isOpenableView(view))
        throw new UnknownViewError({ view, allowed: OPENABLE_VIEWS })
      if (namespace !== undefined) {
        if (!isNamespace(namespace) || !adapters.includes(namespace))
          throw new ChainAdapterNotFoundError({ namespace: String(namespace) })
        connection.activate(namespace)
        const connected = chain.accounts.value[namespace]?.status === 'connected'
        router.open(view ?? (connected ? 'Account' : 'Connect'), { namespace })
      } else router.open(view)
      // A required sign-in that is still missing comes before anything else.
      if (siwx?.mustSignIn()) router.open('SIWXSignMessage')
      if (router.view.peek() === 'Connect' || router.view.peek() === 'ConnectingWalletConnectBasic')
        // Connect shows the same placeholders before the request as during it.
        afterPaint(() => {
          if (!destroyed) void wallets.loadConnect()
        })
    },
    /**
     * The connected wallet's provider for the host page (`kit.getProvider(namespace)`), or
     * undefined: the connector's own, with the host's sends recorded by the transactions controller.
     */
    getProvider(namespace: ChainNamespace): unknown {
      alive()
      if (!adapters.includes(namespace))
        throw new ChainAdapterNotFoundError({ namespace: String(namespace) })
      return transactions.watchHost(namespace)
    },
    /** Announces `ready` (once): the modal is mounted. */
    announceReady(): void {
      if (ready || destroyed) return
      ready = true
      events.emit('ready', { version: parameters.version })
    },
    /** Reports a failure a view showed in place (not as a toast) as `walletkit:error`. */
    reportError(error: KitEvents['error']): void {
      events.emit('error', error)
    },
    /** Closes the modal (unless a required sign-in is pending). */
    close(): void {
      alive()
      router.close()
    },
    /** The state snapshot. */
    getState(): KitState {
      alive()
      return state.peek()
    },
    /** Calls `listener` with the new snapshot after each change; returns the unsubscribe. */
    subscribe(listener: (state: KitState) => void): () => void {
      alive()
      let first = true
      return effect(() => {
        const value = state.value
        if (first) {
          first = false
          return
        }
        listener(value)
      })
    },
    /** Changes the theme live; returns the rejected token names. */
    setTheme(next: ThemeUpdate): string[] {
      alive()
      return theme.set(next)
    },
    /** Stops every timer and listener of the core. */
    destroy(): void {
      if (destroyed) return
      destroyed = true
      stopOpenEvents()
      stopReconnect()
      siwx?.destroy()
      transactions.destroy()
      connection.destroy()
      router.destroy()
      toasts.destroy()
      theme.destroy()
      wallets.destroy()
      images.destroy()
      events.clear()
    },
    get destroyed() {
      return destroyed
    },
  }
}

/** What views, connectors and the host may read of the chain state: no writer is reachable. */
export type ChainView = Pick<
  ChainState,
  'namespaces' | 'accounts' | 'networks' | 'activeNamespace' | 'account' | 'network' | 'isConnected'
>

/** The read-only side of the chain state, as its own object (the writers are not on it at all). */
function readOnlyChain(chain: ChainState): ChainView {
  const { namespaces, accounts, networks, activeNamespace, account, network, isConnected } = chain
  return { namespaces, accounts, networks, activeNamespace, account, network, isConnected }
}

/** A recent-wallets entry for an installed wallet the catalogue does not list. */
function walletFromConnector(connector: Connector): WalletEntry {
  return Object.freeze({
    id: connector.rdns ?? connector.id,
    name: connector.name,
    image_id: null,
    image_url: null,
    homepage: null,
    rdns: connector.rdns ?? null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    chrome_store: null,
    badge_type: 'none',
    chains: [],
    supports_wc: false,
    injected: [],
  })
}

function snapshotOf(input: {
  open: boolean
  view: string
  namespace: ChainNamespace
  account: ReturnType<ReturnType<typeof createChainState>['account']['peek']>
  caipNetworkId: CaipNetworkId | undefined
  session: SiwxSessionSummary | null
}): KitState {
  const a = input.account
  return {
    open: input.open,
    view: input.view,
    status: a?.status ?? 'disconnected',
    address: a?.address ?? null,
    caipAddress: a?.caipAddress ?? null,
    namespace: input.namespace,
    caipNetworkId: input.caipNetworkId ?? null,
    connector: a?.connector ? { id: a.connector.id, name: a.connector.name } : null,
    balance: a?.balance !== undefined ? { amount: a.balance, symbol: a.balanceSymbol ?? '' } : null,
    session: input.session,
  }
}
