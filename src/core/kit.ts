import { type ReadonlySignal, signal } from '@preact/signals-core'
import { createAccountActions } from './account-actions.js'
import { createAccountData } from './account-data.js'
import { createKitAnalytics } from './analytics-wiring.js'
import { createKitApi } from './api.js'
import { createChainState, readOnlyChain } from './chain-state.js'
import { catalogMatcher, connectorEntry } from './connect/catalog-match.js'
import { startSilentReconnect } from './connect/silent-reconnect.js'
import { createKitConnection } from './connect/wiring.js'
import { createEip155Wallet } from './eip155-wallet.js'
import { createEmitter } from './emitter.js'
import { KitDestroyedError } from './errors/options.js'
import { createKitFeatures } from './features-wiring.js'
import { createImageCache } from './images.js'
import { createLifecycle } from './lifecycle.js'
import { createKitLocale } from './locale-wiring.js'
import type { ResolvedOptions } from './options.js'
import type { KitEnvironment, KitParts, KitServices } from './parts.js'
import { createRouter } from './router.js'
import { createStateSnapshot } from './state-snapshot.js'
import { createTheme } from './theme.js'
import { createToasts } from './toast.js'
import type { ChainAdapter } from './types/adapter.js'
import type { AuthPort } from './types/auth.js'
import type { ChainNamespace } from './types/caip.js'
import type { Connector } from './types/connector.js'
import type { KitEvents } from './types/events.js'
import type { Kit } from './types/kit.js'
import { createUiKit } from './ui-kit.js'
import { createSafeStorage } from './utils/storage.js'
import { customWalletEntry } from './wallet-entry.js'
import { walletProvider } from './wallet-provider.js'
import { createWalletList } from './wallets.js'

/** What `createKit()` wires together; `embed/` passes the concrete parts. */
export type CreateKitParameters = {
  options: ResolvedOptions
  version: string
  services: KitServices
  /** Tags of the locale packs built beside the bundle (English is built in). */
  locales?: readonly string[]
  /** The chain adapter of each namespace that has one. */
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>
  /** The connectors discovered so far (they may appear late). */
  connectors?: ReadonlySignal<readonly Connector[]>
  /** Wallets the page announced that discovery left out of `connectors` (over its caps). */
  leftOutWallets?: ReadonlySignal<number>
  /** Whether the idle warm-up may run (the visitor's first sign, `embed/warm-intent.ts`); at once without it. */
  warm?: ReadonlySignal<boolean>
  /** The Auth connector (email and social login), when the site offers login. */
  auth?: AuthPort | undefined
  /** The page around the kit; without it the kit runs as on a page with nothing to offer. */
  env?: KitEnvironment
}

export type { Kit, KitApi, OpenParameters } from './types/kit.js'
export type { KitState } from './types/state.js'

/**
 * Creates a kit: the shared parts, then each feature from its wiring (`<feature>/wiring.ts`), then
 * the public methods of DESIGN §2 that need no DOM. It only composes: what a feature needs, and
 * how it is given, lives beside the feature.
 *
 * @example
 * const kit = createKit({ options: resolveOptions({ projectId }), version, services, adapters })
 * await kit.open()
 */
export function createKit(parameters: CreateKitParameters): Kit {
  const { options, services, adapters } = parameters
  const env = parameters.env ?? {}
  const storage = env.storage ?? createSafeStorage()
  const afterPaint = env.afterPaint ?? ((task: () => void) => task())
  const events = createEmitter<KitEvents>()
  const toasts = createToasts({ onError: (error) => events.emit('error', error) })
  const locale = createKitLocale({
    requested: options.locale,
    env,
    services,
    available: parameters.locales,
    events,
  })
  const chain = createChainState({
    networks: options.networks,
    defaultNetwork: options.defaultNetwork,
    accountTypes: options.defaultAccountTypes,
  })
  const served = chain.namespaces.filter((ns) => adapters[ns] !== undefined)
  const connectors = parameters.connectors ?? signal<readonly Connector[]>([])
  const opened = signal(false)
  const router = createRouter({
    isConnected: () => chain.isConnected.value,
    hasAdapters: () => served.length > 0,
    isMobile: env.isMobile ?? (() => false),
    canClose: () => siwx?.made.peek()?.canClose() ?? true,
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
  const { catalog } = services
  const images = createImageCache((id) => catalog.getWalletImage(id), {
    loadPublic: (kind, id) =>
      catalog.getImage?.(kind, id) ?? Promise.reject(new Error('no catalogue images')),
    fetchUrl: services.fetchImage,
    serviceOrigins: [options.apiUrl, options.blockchainApiUrl].map((url) => new URL(url).origin),
  })
  const wallets = createWalletList({
    api: services.catalog,
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
      return connector && connectorEntry(connector)
    },
  })
  const catalogMatch = catalogMatcher(wallets)
  const base = { options, env, services, adapters, storage, events, toasts, chain, router }
  const tracking = createKitAnalytics(base)
  const { analytics } = tracking
  const provider = (ns: ChainNamespace) => walletProvider(connection.connectorOf(ns))
  const accountData = createAccountData({ ...base, provider, names: services.names })
  const { connection, transactions, flow, phone, legal } = createKitConnection({
    ...base,
    afterPaint,
    analytics,
    accountData,
    wallets,
    connectors,
    catalogMatch,
    opened,
  })
  const parts: KitParts = {
    ...base,
    analytics,
    connection,
    accountData,
    transactions,
    wallets,
    locale,
    provider,
    eip155Wallet: createEip155Wallet({ ...base, provider }),
    trackFeature: tracking.trackFeature,
  }
  const readChain = readOnlyChain(chain)
  const { stop: stopFeatures, ...features } = createKitFeatures(parts, parameters.auth)
  const { siwx, auth } = features
  const stopReconnect = startSilentReconnect({ connectors, connection })
  const lifecycle = createLifecycle({
    ...parts,
    opened,
    adapters: served,
    afterPaint,
    auth,
    siwx,
  })
  const snapshot = createStateSnapshot({ router, chain, siwx, locale })
  let destroyed = false
  let ready = false
  const alive = () => {
    if (destroyed) throw new KitDestroyedError()
  }
  const api = createKitApi({ ...parts, adapters: served, siwx, theme, alive })
  const ui = createUiKit({
    ...parts,
    chain: readChain,
    adapters: served,
    images,
    connect: flow,
    legal,
    leftOutWallets: parameters.leftOutWallets ?? signal(0),
    warm: parameters.warm ?? signal(true),
    account: createAccountActions({ ...parts, copyText: env.copyText }),
    features,
    afterPaint,
  })

  return {
    ...api,
    version: parameters.version,
    options,
    afterPaint,
    storage,
    events: { on: events.on },
    toasts,
    chain: readChain,
    router,
    theme,
    images,
    wallets,
    analytics,
    locale,
    connection,
    accountData,
    transactions,
    ...features,
    connectors,
    catalogMatch,
    state: snapshot.state,
    ui,
    adapters: served,
    checkOpen: lifecycle.check,
    async open(input = {}) {
      alive()
      lifecycle.open(input)
    },
    announceReady() {
      if (ready || destroyed) return
      ready = true
      events.emit('ready', { version: parameters.version })
    },
    close() {
      alive()
      router.close()
    },
    getState() {
      alive()
      return snapshot.state.peek()
    },
    subscribe(listener) {
      alive()
      return snapshot.subscribe(listener)
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      lifecycle.destroy()
      stopReconnect()
      tracking.destroy()
      stopFeatures()
      transactions.destroy()
      flow.destroy()
      phone.destroy()
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
