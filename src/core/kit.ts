import { computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core'
import { createAccountData } from './account-data.js'
import { createAnalytics } from './analytics.js'
import { trackFunnel } from './analytics-funnel.js'
import { createAuth } from './auth/controller.js'
import { createChainState, readOnlyChain } from './chain-state.js'
import { createConnection } from './connection.js'
import { BALANCE_NAMESPACES } from './constants.js'
import { createEmitter, type Emitter } from './emitter.js'
import { ChainAdapterNotFoundError } from './errors/caip.js'
import { LocalePackError } from './errors/locale.js'
import { KitDestroyedError, UnknownViewError } from './errors/options.js'
import { createHistory } from './history/controller.js'
import { createImageCache } from './images.js'
import { createLegalConsent } from './legal.js'
import { createLocale } from './locale.js'
import { createNameNormalizer } from './names/normalizer.js'
import { createNameRegistration } from './names/registration.js'
import type { NamesApi } from './names/types.js'
import { type CheckoutWindow, createOnRamp, type OnRampTarget } from './onramp/controller.js'
import type { OnRampApi, OnRampAsset } from './onramp/types.js'
import type { ResolvedOptions } from './options.js'
import { createKitPhone } from './phone/wiring.js'
import { createRouter } from './router.js'
import { createSend } from './send/controller.js'
import { createSmartSessions } from './sessions/controller.js'
import { personalSign } from './sessions/sign.js'
import { createSiwx } from './siwx/controller.js'
import { eip155Signer } from './siwx/eip155.js'
import type { SiwxSessionSummary } from './siwx/types.js'
import type { SwapApi } from './swap/types.js'
import { createKitSwap, type PageVisibility } from './swap/wiring.js'
import { createTheme } from './theme.js'
import { createToasts } from './toast.js'
import { createTransactions } from './transactions.js'
import type { ChainAdapter } from './types/adapter.js'
import type { AuthPort } from './types/auth.js'
import type { CaipNetworkId, ChainNamespace } from './types/caip.js'
import { type Connector, isMarked } from './types/connector.js'
import type { KitEvents } from './types/events.js'
import type { ThemeUpdate } from './types/options.js'
import type { AnalyticsApi, BlockchainApi, CatalogApi, RpcRequest } from './types/services.js'
import type { KitState } from './types/state.js'
import { isOpenableView, OPENABLE_VIEWS, type OpenableView } from './types/view.js'
import type { WalletEntry } from './types/wallet.js'
import { isNamespace } from './utils/caip.js'
import { createSafeStorage, type SafeStorage } from './utils/storage.js'
import { customWalletEntry } from './wallet-entry.js'
import { createWalletFeatures } from './wallet-features.js'
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
    /** Fetches an image by URL within the size cap (custom wallets' images, avatars, site icons). */
    fetchImage?: (url: string) => Promise<Blob>
    /** Fetches a locale's pack beside the bundle, checked against its built-in sha384. */
    localePack?: (tag: string) => Promise<unknown>
    /** The blockchain API's convert and price calls (swaps). */
    swap?: SwapApi
    /** The blockchain API's on-ramp calls (options, quote, checkout link). */
    onramp?: OnRampApi
    /** The blockchain API's profile calls (names). */
    names?: NamesApi & Pick<BlockchainApi, 'lookupName'>
    /** Fetches ENSIP-15's tables beside the bundle, checked against their built-in sha384. */
    ensip15?: () => Promise<unknown>
  }
  /** Tags of the locale packs built beside the bundle (English is built in). */
  locales?: readonly string[]
  /** The chain adapter of each namespace that has one. */
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>
  /** The connectors discovered so far (they may appear late). */
  connectors?: ReadonlySignal<readonly Connector[]>
  /** Wallets the page announced that discovery left out of `connectors` (over its caps). */
  leftOutWallets?: ReadonlySignal<number>
  /** The Auth connector (email and social login), when the site offers login. */
  auth?: AuthPort | undefined
  env?: {
    isMobile?: () => boolean
    storage?: SafeStorage
    matchMedia?: (query: string) => MediaQueryList
    location?: () => { href: string; hostname: string }
    /** The page's `<html lang>` and the browser's languages, in order of preference. */
    languages?: () => readonly (string | null | undefined)[]
    /** True when the visitor sent Global Privacy Control or Do Not Track. */
    trackingOptOut?: () => boolean
    /** Whether the page is shown (swap quotes refresh only then). */
    visibility?: PageVisibility
    /** Opens an empty window for the on-ramp checkout, inside the click; null when blocked. */
    openWindow?: () => CheckoutWindow | null
    /** The browser's time zone (IANA name). */
    timeZone?: () => string | undefined
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
  const locale = createLocale({
    requested: options.locale,
    preferences: env.languages ?? (() => []),
    available: parameters.locales ?? [],
    load: (tag) =>
      parameters.services.localePack
        ? parameters.services.localePack(tag)
        : Promise.reject(new LocalePackError({ locale: tag })),
    // Runs only when a pack fails to load, after the kit is made.
    onError: (error) => {
      const wrapped =
        error instanceof LocalePackError
          ? error
          : new LocalePackError({ locale: locale.wanted, cause: error })
      events.emit('error', { code: 'LOCALE_UNAVAILABLE', message: wrapped.shortMessage })
    },
  })
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
    onLeaveFarcaster: {
      clearUrl: () => auth?.onLeaveFarcaster.clearUrl(),
      reloadAuth: () => auth?.onLeaveFarcaster.reloadAuth(),
    },
  })
  const theme = createTheme({
    mode: options.themeMode,
    preset: options.themePreset,
    variables: options.themeVariables,
    matchMedia: env.matchMedia,
  })
  const { catalog } = parameters.services
  const images = createImageCache((id) => catalog.getWalletImage(id), {
    loadPublic: (kind, id) =>
      catalog.getImage?.(kind, id) ?? Promise.reject(new Error('no catalogue images')),
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
    // A recent installed wallet (or WalletConnect) the catalogue does not list, while it is here.
    entryOf: (id) => {
      const connector = connectors.value.find((c) => c.id === id || c.rdns === id)
      return connector && walletFromConnector(connector)
    },
  })
  const analytics = createAnalytics({
    enabled: options.features.analytics,
    debug: options.debug,
    optedOut: env.trackingOptOut ?? (() => false),
    catalog: parameters.services.catalog,
    api: parameters.services.analytics,
    toasts,
    location: env.location ?? (() => ({ href: location.href, hostname: location.hostname })),
  })
  /** A feature's success in the analytics funnel, with the view, connector and network. */
  const trackFeature = (event: string) =>
    analytics.track(event, {
      view: router.view.peek(),
      connector: chain.account.peek()?.connector?.id,
      caipNetworkId: chain.network.peek()?.caipNetwork?.caipNetworkId,
    })
  const accountData = createAccountData({
    chain,
    adapters: parameters.adapters,
    toasts,
    provider: (ns) => walletProvider(connection.connectorOf(ns)),
    names: parameters.services.names,
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
    onConnectFailed: (connector, error) =>
      analytics.track('CONNECT_ERROR', {
        connector: connector.id,
        connectorType: connector.type,
        view: router.view.peek(),
        message: error instanceof Error ? error.name : 'Error',
      }),
    onConnected: (connector) => {
      // The embedded wallet is reached through its login, not from the wallet list.
      if (connector.type !== 'AUTH')
        wallets.addRecent(catalogMatch(connector) ?? walletFromConnector(connector))
    },
  })
  const { features } = options
  const auth =
    parameters.auth && (features.email || (features.socials && features.socials.length > 0))
      ? createAuth({
          port: parameters.auth,
          router,
          chain,
          toasts,
          storage,
          features,
          defaultAccountType: options.defaultAccountTypes.eip155,
          connect: (connector, o) => connection.connect(connector, o),
          report: (error) => events.emit('error', error),
        })
      : undefined
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
    // Balances are read once the visitor has opened the modal (not for a host send before that).
    refresh: (ns) => connection.loadData(ns),
  })
  const readChain = readOnlyChain(chain)
  const send = createSend({
    chain: readChain,
    adapters: parameters.adapters,
    connectorOf: (ns) => connection.connectorOf(ns),
    transactions,
    blockchain: parameters.services.blockchain,
    normalizeName: createNameNormalizer(parameters.services.ensip15),
    router,
  })
  const blockchain = parameters.services.blockchain
  // The history and smart sessions of the connected account, when the site has them on.
  const historyTarget = computed(() => {
    const account = chain.account.value
    const network = chain.network.value?.caipNetwork
    return account?.address && network
      ? { address: account.address, caipNetworkId: network.caipNetworkId, network }
      : undefined
  })
  const history =
    options.features.history && blockchain
      ? createHistory({
          api: blockchain,
          target: historyTarget,
          // The pipeline's transactions still waiting for a receipt, on top of the history.
          pending: computed(() =>
            transactions.pending.value.map((t) => ({
              hash: t.chainHash ?? t.hash,
              caipNetworkId: t.caipNetworkId,
              submittedAt: t.submittedAt,
              label: t.summary,
            })),
          ),
          toasts,
          locale: locale.tag,
        })
      : undefined
  const sessions =
    options.features.smartSessions && blockchain
      ? createSmartSessions({
          api: blockchain,
          target: computed(() => {
            const account = chain.accounts.value.eip155
            return account?.address && account.caipAddress
              ? { address: account.address, caipAddress: account.caipAddress }
              : undefined
          }),
          sign: (message, address) =>
            personalSign(connection.connectorOf('eip155')?.getProvider(), message, address),
          domain: () => {
            const href = env.location?.().href
            return href ? new URL(href).host : undefined
          },
        })
      : undefined
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
  const stopFunnel = trackFunnel(
    events,
    analytics,
    () => {
      const account = chain.account.peek()
      return {
        view: router.view.peek(),
        connector: account?.connector?.id,
        caipNetworkId: chain.network.peek()?.caipNetwork?.caipNetworkId,
        address: account?.address,
      }
    },
    options.analyticsAddresses,
  )
  const swap =
    options.features.swaps && parameters.services.swap
      ? createKitSwap({
          api: parameters.services.swap,
          chain,
          router,
          connection,
          adapter: parameters.adapters.eip155,
          transactions,
          accountData,
          toasts,
          slippage: options.swapMaxSlippage,
          visibility: env.visibility ?? documentVisibility(),
        })
      : undefined
  const onramp =
    parameters.services.onramp && options.features.onramp
      ? createOnRamp({
          api: parameters.services.onramp,
          target: onRampTarget,
          balanceOf: balanceOfAsset,
          // The provider the generator's checkout is (Coinbase Pay) lists its purchases.
          purchases: blockchain
            ? (t) =>
                blockchain
                  .getHistory(t.address, { chainId: t.network.caipNetworkId, onramp: 'coinbase' })
                  .then((page) => page.items)
            : undefined,
          openWindow: env.openWindow ?? (() => null),
          leaveSignal: () => router.leaveSignal(),
          onFinished: () => {
            const ns = chain.activeNamespace.peek()
            trackFeature('ONRAMP_SUCCESS')
            returnToAccount()
            void accountData.refresh(ns)
          },
          timeZone: env.timeZone,
          checkoutOrigins: options.onrampCheckoutOrigins,
        })
      : undefined
  // On a phone: a pairing ready before the visitor taps a wallet, so its link opens in the tap.
  const phone = createKitPhone({
    connectors,
    router,
    isPhone: env.isMobile ?? (() => false),
    storage,
    afterPaint,
    visibility: env.visibility ?? documentVisibility(),
    reconnect: (connector) => connection.reconnect(connector),
    addRecent: (id) => wallets.addRecent(id),
  })
  const walletFeatures = createWalletFeatures({
    features: options.features,
    chain: readChain,
    canSend(ns) {
      const writer = parameters.adapters[ns]?.writer
      const network = chain.networks.peek()[ns]?.caipNetwork
      const provider = walletProvider(connection.connectorOf(ns))
      return writer !== undefined && network !== undefined && writer.canSend({ network, provider })
    },
    // Swaps and buying are offered when their flow exists (the site gave their service).
    offered: (feature) =>
      feature === 'swaps' ? swap !== undefined : feature === 'onramp' ? onramp !== undefined : true,
  })
  const names = parameters.services.names
  const nameRegistration = names
    ? createNameRegistration({
        api: names,
        owner: () => {
          const account = chain.accounts.peek().eip155
          const network = chain.networks.peek().eip155?.caipNetwork
          if (account?.status !== 'connected' || !account.address || !network) return undefined
          return {
            address: account.address,
            chainId: Number(network.reference),
            profileName: account.profileName,
          }
        },
        sign: (message, address) =>
          eip155Signer.sign({
            provider: connection.connectorOf('eip155')?.getProvider(),
            message,
            address,
          }),
        onRegistered: (name, address) => {
          // The funnel counts the registration; the name, like an address, stays out of it.
          trackFeature('REGISTER_NAME_SUCCESS')
          accountData.setProfileName('eip155', address, name)
          returnToAccount()
        },
      })
    : undefined

  // A failure either flow shows in its view is reported to the host too (walletkit:error).
  const stopFlowErrors = [onramp?.error, nameRegistration?.error].map((error) =>
    effect(() => {
      const shown = error?.value
      if (shown)
        untracked(() => events.emit('error', { code: shown.name, message: shown.shortMessage }))
    }),
  )

  /** The connected eip155 or solana account that buys, on its network. */
  function onRampTarget(): OnRampTarget | undefined {
    const ns = chain.activeNamespace.peek()
    if (!(BALANCE_NAMESPACES as readonly string[]).includes(ns)) return undefined
    const account = chain.accounts.peek()[ns]
    const network = chain.networks.peek()[ns]?.caipNetwork
    if (account?.status !== 'connected' || !account.address || !network) return undefined
    return { address: account.address, network, tokenBalance: account.tokenBalance }
  }

  /** The buyer's balance of an asset now, in base units, read from the chain. */
  async function balanceOfAsset(target: OnRampTarget, asset: OnRampAsset): Promise<bigint> {
    const ns = target.network.namespace
    const writer = parameters.adapters[ns]?.writer
    if (!writer) throw new ChainAdapterNotFoundError({ namespace: ns })
    return writer.getBalance(target.address, asset.network.contract_address || undefined, {
      network: target.network,
      provider: walletProvider(connection.connectorOf(ns)),
    })
  }

  /** Back to Account: to the Account below in the history, or Account in place of this view. */
  function returnToAccount() {
    const history = router.history.peek()
    if (history[history.length - 2] === 'Account') router.goBack()
    else router.replace('Account')
  }

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
      if (!match || isMarked(match.flags)) continue
      attempted.add(entry.namespace)
      void connection.reconnect(match)
    }
  })
  let destroyed = false

  /**
   * The catalogue entry of an installed wallet: by rdns; a wallet without one (Wallet Standard) by
   * its name among loaded entries that support its namespace, unless another wallet has that name.
   */
  function catalogMatch(
    connector: Pick<Connector, 'rdns' | 'flags' | 'name' | 'namespace'>,
  ): WalletEntry | undefined {
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
      locale: locale.tag.value,
    }),
  )

  // Connect lists the catalogue's wallets however it came to be shown (opened, or after a
  // disconnect from Account); it shows the same placeholders before the request as during it.
  const stopConnectList = effect(() => {
    const view = router.view.value
    if (router.isOpen.value && (view === 'Connect' || view === 'ConnectingWalletConnectBasic'))
      afterPaint(() => {
        if (!destroyed) void untracked(wallets.loadConnect)
      })
  })

  // Open and close events follow the router, whatever closed the modal (Escape, back, the host).
  let wasOpen = router.isOpen.peek()
  const stopOpenEvents = effect(() => {
    const open = router.isOpen.value
    const view = router.view.peek()
    if (open === wasOpen) return
    wasOpen = open
    if (open && !hasOpened.peek()) {
      hasOpened.value = true
      // Nothing of analytics or of another language is fetched before the first open.
      analytics.start()
      // The first frame shows English, and balances and profiles as loading, either way: the
      // language's pack, the login frame and the account data are asked for once it is drawn.
      afterPaint(() => {
        if (destroyed) return
        void locale.start()
        auth?.prepare()
        for (const ns of chain.namespaces)
          if (chain.accounts.peek()[ns]?.status === 'connected') connection.loadData(ns)
      })
    }
    events.emit(open ? 'open' : 'close', { view })
    analytics.track(open ? 'MODAL_OPEN' : 'MODAL_CLOSE', {
      connected: chain.isConnected.peek(),
      view,
      connector: chain.account.peek()?.connector?.id,
      caipNetworkId: chain.network.peek()?.caipNetwork?.caipNetworkId,
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
    chain: readChain,
    router,
    theme,
    images,
    wallets,
    analytics,
    /** The language of the texts: the tag shown, its pack, and the switch. */
    locale,
    connection,
    accountData,
    /** The pending list and the one way to submit a transaction (see docs/transactions.md). */
    transactions,
    /** The Send flow: form, validation, review, send. */
    send,
    /** The Account view's wallet features row (SPEC §9), in the site's order. */
    walletFeatures,
    connectors,
    /** Wallets the page announced that are left out of `connectors` (over discovery's caps). */
    leftOutWallets: parameters.leftOutWallets ?? signal(0),
    /** Sign-In With X, when the `siwx` option is given. */
    siwx,
    /** Token swaps, when the `swaps` feature is on and the blockchain API is given. */
    swap,
    /** The OnRamp flow, when the on-ramp feature is on. */
    onramp,
    /** The RegisterName flow, when the names service is there. */
    nameRegistration,
    /** The active account's history, when `features.history` is on. */
    history,
    /** The eip155 account's smart sessions, when `features.smartSessions` is on. */
    sessions,
    /** Images of sites (smart sessions), by URL. */
    /** Email, social and Farcaster login, when the site offers it. */
    auth,
    /** Phones: the pairing prepared before the tap, and the wallet link the tap opened. */
    phone,
    /** The catalogue entry of an installed wallet (by rdns, or by name for a wallet without one). */
    catalogMatch,
    /** Plain snapshot of the state (DESIGN §2). */
    state,
    /** Namespaces with an adapter. */
    adapters: adapters as readonly ChainNamespace[],
    /** The legal consent Connect asks for first, with `features.legalCheckbox`. */
    legal: createLegalConsent({
      required: options.features.legalCheckbox,
      urls: [options.termsConditionsUrl, options.privacyPolicyUrl],
      debug: options.debug,
    }),

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
    /**
     * Switches the language (matched along its subtags; English when unknown); before the first
     * open only the choice is kept. Resolves once the texts are shown, or stayed as they were.
     */
    setLocale(tag: string): Promise<void> {
      alive()
      return locale.set(tag).done
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
      stopConnectList()
      stopReconnect()
      stopFunnel()
      analytics.destroy()
      auth?.destroy()
      siwx?.destroy()
      send.destroy()
      swap?.dispose()
      onramp?.destroy()
      nameRegistration?.destroy()
      for (const stop of stopFlowErrors) stop()
      history?.destroy()
      sessions?.destroy()
      phone.destroy()
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

/** The document's visibility, when there is a document. */
function documentVisibility(): PageVisibility | undefined {
  if (typeof document === 'undefined') return undefined
  return {
    hidden: () => document.hidden,
    subscribe(listener) {
      document.addEventListener('visibilitychange', listener)
      return () => document.removeEventListener('visibilitychange', listener)
    },
  }
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
  locale: string
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
    locale: input.locale,
  }
}
