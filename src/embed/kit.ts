import { computed, effect, signal } from '@preact/signals-core'
import { createBip122Adapter } from '../chains/bip122/adapter.js'
import { createEip155Adapter } from '../chains/eip155/adapter.js'
import { createPolkadotAdapter } from '../chains/polkadot/adapter.js'
import { createLazySolanaAdapter, solanaAdapterModule } from '../chains/solana-lazy.js'
import type { AuthConnector } from '../connectors/auth/connector.js'
import { createInjectedConnectors } from '../connectors/injected/index.js'
import { authConnectorModule, createLoginConnector } from '../connectors/login.js'
import { createSafeConnectors } from '../connectors/safe/index.js'
import { linkSessionNamespaces } from '../connectors/session-namespaces/index.js'
import {
  createSolanaStandardConnectors,
  solanaConnectorModule,
} from '../connectors/solana-standard/index.js'
import { createWalletConnectConnector } from '../connectors/walletconnect/index.js'
import { authModule } from '../core/auth-lazy.js'
import { SAFE_DETECT_TIMEOUT_MS } from '../core/constants.js'
import { KitDestroyedError } from '../core/errors/options.js'
import { isLoginOffered } from '../core/features.js'
import {
  type CreateKitParameters,
  createKit,
  type KitState,
  type OpenParameters,
} from '../core/kit.js'
import type { ResolvedOptions } from '../core/options.js'
import type { SiwxSessionSummary } from '../core/siwx/types.js'
import type { PageVisibility } from '../core/swap/wiring.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../core/types/caip.js'
import type { ThemeUpdate } from '../core/types/options.js'
import { createAnalyticsService } from '../services/analytics.js'
import { createBlockchainService } from '../services/blockchain.js'
import { createCatalogService } from '../services/catalog.js'
import { createHttpClient, fetchBlob } from '../services/http.js'
import { lazyCalls } from '../services/lazy-calls.js'
import { createLocalePackLoader, localesBaseUrl } from '../services/locales.js'
import { createEnsip15Loader, dataPackUrl } from '../services/packs.js'
import { rpcRequest } from '../services/rpc.js'
import { idleSteps } from '../ui/components/warm.js'
import { createTranslate, type Translate } from '../ui/i18n/index.js'
import { afterPaint } from './after-paint.js'
import { openCheckoutWindow } from './checkout-window.js'
import { bridgeEvents } from './dom-events.js'
import { currentInAppBrowser, isMobileDevice, reusesPairing } from './environment.js'
import { localeTexts } from './locale-texts.js'
import { createSurface } from './surface.js'
import { loadWalletConnect } from './walletconnect-load.js'
import { watchIntent } from './warm-intent.js'

declare const require: (id: string) => unknown
declare const __WALLETKIT_LOCALES__: { tags: readonly string[]; manifest: string }
declare const __WALLETKIT_ENSIP15__: string

/**
 * The host of the login frame, evaluated with the login's connector: on its first use or in the idle
 * warm-up (docs/architecture.md, "Short tasks while a page loads").
 */
function frameHostModule() {
  return require('./frame-host.js') as typeof import('./frame-host.js')
}

/** The tags of the locale packs built beside this bundle, and the sha384 of their manifest. */
const LOCALES = __WALLETKIT_LOCALES__

/** The SDK type sent to services as `st`. */
const SDK_TYPE = 'walletkit'

/** A live WalletKit instance, as the host page sees it (DESIGN §2). */
export type WalletKitInstance = {
  /** Opens the modal (SPEC §2 opening rules). */
  open(parameters?: OpenParameters): Promise<void>
  /** Closes the modal; while embedded, goes to Account when connected, else Connect (SPEC §2). */
  close(): void
  /** Disconnects a namespace, or every namespace. */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** Switches the active network, e.g. `'eip155:8453'`. */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /** A plain snapshot of the state. */
  getState(): KitState
  /** Calls `listener` after each state change; returns the unsubscribe. */
  subscribe(listener: (state: KitState) => void): () => void
  /**
   * The connected wallet's provider for a namespace, or undefined: the EIP-1193 provider for
   * eip155, a `SolanaProvider` (`{ wallet, account, chain, signMessage, signTransaction,
   * signAndSendTransaction }`) for solana.
   */
  getProvider(namespace: ChainNamespace): unknown
  /**
   * Signs the connected account in (SIWX); resolves with the session's public fields, at once when
   * a session exists. Throws 'SIWX is not enabled' without the `siwx` option, 'Signature declined'
   * when the visitor declines.
   */
  signIn(): Promise<SiwxSessionSummary>
  /** Ends the connected account's SIWX session. Throws 'SIWX is not enabled' without `siwx`. */
  signOut(): Promise<void>
  /**
   * Shows the modal's views inline in `element` instead of the dialog (embedded mode): no
   * backdrop, no focus trap, sized by the element; `parameters` are those of `open()`. A kit
   * shows in one place: a second element throws until the first is unmounted.
   *
   * @returns Unmounts: the views go back to the (closed) dialog.
   * @throws AlreadyEmbeddedError while another element shows the kit.
   * @example
   * const unmount = kit.mount(document.querySelector('#wallet'), { view: 'Connect' })
   */
  mount(element: HTMLElement, parameters?: OpenParameters): () => void
  /** Changes the theme live: colour mode, preset and `--wk-*` tokens (merged over earlier ones). */
  setTheme(theme: ThemeUpdate): void
  /**
   * Switches the language of the modal, e.g. `'ja'` (an unknown tag falls back along its subtags,
   * then to English), without closing it. Resolves once the new texts are shown; when they cannot
   * be loaded the modal keeps its language and `walletkit:error` says why.
   */
  setLocale(locale: string): Promise<void>
  /** Removes the modal, its listeners, timers and sockets. */
  destroy(): void
}

/**
 * Builds a live instance from validated options: creates the core and the connectors and bridges
 * events to `window`; the modal's modules follow in the next task and the shadow host in the one
 * after (`open()` before then does both at once).
 *
 * @param options - What `resolveOptions()` returned for the site's options.
 * @param version - The bundle's version.
 * @param onDestroy - Called once `destroy()` has removed everything.
 * @param page - The script's own address (locale packs sit beside it), and where the elements
 *   outside the modal (`<walletkit-button>`) get their texts.
 * @returns The instance the host page uses.
 */
export function* createInstance(
  resolved: ResolvedOptions,
  version: string,
  onDestroy: () => void,
  page: { scriptSrc?: string | undefined; onTexts?: (texts: () => Translate) => void } = {},
): Generator<void, WalletKitInstance> {
  // The blockchain API's JSON-RPC endpoint for a network, as the public service offers it.
  const serviceRpc = (n: CaipNetwork) =>
    `${resolved.blockchainApiUrl}/v1/?chainId=${n.caipNetworkId}&projectId=${resolved.projectId}`
  // A Solana wallet reads nothing itself: a Solana network the site gave without an RPC url is
  // read (blockhash, fees, statuses) through the service's endpoint.
  const withRpc = (n: CaipNetwork) =>
    n.namespace === 'solana' && !n.rpcUrl ? { ...n, rpcUrl: serviceRpc(n) } : n
  const options: ResolvedOptions = {
    ...resolved,
    networks: resolved.networks.map(withRpc),
    defaultNetwork: withRpc(resolved.defaultNetwork),
  }
  const sdkVersion = `html-walletkit-${version}`
  const client = (baseUrl: string) =>
    createHttpClient({
      baseUrl,
      projectId: options.projectId,
      sdkType: SDK_TYPE,
      sdkVersion,
      // Once WalletConnect has started, every call carries its client id (SPEC §7).
      getClientId: () => walletConnect?.clientId,
    })
  const catalog = createCatalogService(client(options.apiUrl))
  const blockchainHttp = client(options.blockchainApiUrl)
  const blockchain = createBlockchainService(blockchainHttp)
  // What the catalogue knows is known once the kit exists: until then, no wallet is known.
  const catalogKnows = signal<{
    rdns(rdns: string): boolean
    name(name: string): boolean
  }>({ rdns: () => false, name: () => false })
  const walletConnect = options.enableWalletConnect
    ? createWalletConnectConnector({
        projectId: options.projectId,
        relayUrl: options.relayUrl,
        metadata: () =>
          options.metadata ?? {
            name: document.title || location.hostname,
            description: document.title || location.hostname,
            url: location.origin,
            icons: [],
          },
        networks: options.networks,
        // EVM accounts come through the session's EIP-1193 side; a site without EVM networks
        // connects its default network's namespace straight from the session.
        namespace: options.networks.some((n) => n.namespace === 'eip155')
          ? 'eip155'
          : options.defaultNetwork.namespace,
        // Reads the provider makes itself go to the site's endpoint, or to the blockchain API's.
        rpcUrl: (n) => n.rpcUrl ?? serviceRpc(n),
        debug: options.debug,
        pairing: { isMobile: isMobileDevice, reusePairing: reusesPairing },
        loadProvider: loadWalletConnect,
      })
    : undefined
  const services: CreateKitParameters['services'] = {
    catalog,
    analytics: createAnalyticsService(client(options.analyticsUrl)),
    blockchain,
    fetchImage: (url) => fetchBlob(url),
    localePack: createLocalePackLoader({
      baseUrl: localesBaseUrl(options.localesUrl, page.scriptSrc),
      tags: LOCALES.tags,
      manifestIntegrity: LOCALES.manifest,
    }),
    // The swap's client and its module are made on the first swap call.
    swap: lazyCalls(
      () =>
        (require('../services/swap.js') as typeof import('../services/swap.js')).createSwapService(
          client(options.blockchainApiUrl),
        ),
      [
        'getTokens',
        'getQuote',
        'getAllowance',
        'getGasPrice',
        'buildApprove',
        'buildTransaction',
        'getPrices',
      ],
    ),
    onramp: blockchain,
    names: blockchain,
    ensip15: createEnsip15Loader({
      url: dataPackUrl('ens/ensip15.json', options.localesUrl, page.scriptSrc),
      integrity: __WALLETKIT_ENSIP15__,
    }),
  }
  const adapters: CreateKitParameters['adapters'] = {
    eip155: createEip155Adapter({ blockchain, rpc: rpcRequest }),
    solana: createLazySolanaAdapter({ blockchain, rpc: rpcRequest }),
    bip122: createBip122Adapter(),
    polkadot: createPolkadotAdapter(),
  }
  // The services and the WalletConnect connector (nothing runs or listens yet) in this step; the
  // connectors that listen to the page and the core in the next.
  yield
  const injected = createInjectedConnectors({
    eip6963: options.enableEIP6963,
    injected: options.enableInjected,
    known: (rdns) => catalogKnows.value.rdns(rdns),
  })
  // Wallet Standard wallets see the site only when it asks for Solana.
  const isDefault = (n: CaipNetwork) => n.caipNetworkId === options.defaultNetwork.caipNetworkId
  const solanaNetworks = options.networks
    .filter((n) => n.namespace === 'solana')
    .sort((a, b) => Number(isDefault(b)) - Number(isDefault(a)))
  const solana = solanaNetworks.length
    ? createSolanaStandardConnectors({
        networks: solanaNetworks,
        rpc: rpcRequest,
        known: (name) => catalogKnows.value.name(name),
      })
    : undefined
  // In a Safe web wallet's frame the Safe is the account: it connects without a prompt, unless the
  // visitor is already connected (or reconnecting) with another wallet. Nothing waits for the
  // parent's answer; outside a frame nothing is sent at all. Its sends are recorded by the
  // transactions controller like any wallet's, with their Safe transaction hashes.
  const safe = options.networks.some((n) => n.namespace === 'eip155')
    ? createSafeConnectors({
        allowedOrigins: options.safeAllowedOrigins,
        timeoutMs: SAFE_DETECT_TIMEOUT_MS,
        onFound: (connector) => {
          if (!destroyed) void kit.connection.reconnect(connector)
        },
      })
    : undefined
  // The embedded wallet (email and social login) is an eip155 wallet, offered when login is on.
  const evmChainIds = options.networks
    .filter((n) => n.namespace === 'eip155')
    .sort((a, b) => Number(isDefault(b)) - Number(isDefault(a)))
    .map((n) => Number(n.reference))
  // The login frame's name follows the kit's language, which is known once the kit exists.
  const frameLabel = signal(createTranslate('en')('auth.frameLabel'))
  const auth: AuthConnector | undefined = isLoginOffered(options)
    ? createLoginConnector(
        {
          url: options.authUrl,
          chainIds: evmChainIds,
          preferredAccountType: () => kit.auth?.preferredAccountType() ?? 'smartAccount',
        },
        () => frameHostModule().createFrameHost(frameLabel, () => auth?.forged),
      )
    : undefined
  const intent = signal(false)
  const kit = createKit({
    options,
    auth,
    version,
    services,
    adapters,
    connectors: computed(() => [
      ...(safe?.connectors.value ?? []),
      ...injected.connectors.value,
      ...(solana?.connectors.value ?? []),
      ...(walletConnect ? [walletConnect] : []),
      ...(auth ? [auth] : []),
    ]),
    leftOutWallets: computed(() => injected.leftOut.value + (solana?.leftOut.value ?? 0)),
    warm: intent,
    locales: LOCALES.tags,
    env: {
      isMobile: isMobileDevice,
      location: () => ({ href: location.href, hostname: location.hostname }),
      visibility: documentVisibility(),
      matchMedia: (q) => matchMedia(q),
      languages: () => [document.documentElement.lang, ...(navigator.languages ?? [])],
      trackingOptOut: visitorOptedOut,
      openWindow: openCheckoutWindow,
      openLink: (url, target, features) => window.open(url, target, features),
      reusePairing: reusesPairing,
      inAppBrowser: currentInAppBrowser,
      copyText: (text) =>
        navigator.clipboard
          ? navigator.clipboard.writeText(text)
          : Promise.reject(new Error('no clipboard')),
      timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
      afterPaint,
    },
  })
  catalogKnows.value = {
    rdns: (rdns) => kit.wallets.byRdns(rdns) !== undefined,
    name: (name) => kit.catalogMatch({ name, namespace: 'solana', rdns: undefined }) !== undefined,
  }
  page.onTexts?.(() => localeTexts(kit).value.t)
  const stopFrameLabel = effect(() => {
    frameLabel.value = localeTexts(kit).value.t('auth.frameLabel')
  })
  // Queued analytics leave with the page: a beacon outlives it.
  const onHide = () => {
    if (document.visibilityState === 'hidden') kit.analytics.beacon()
  }
  const onPageHide = () => kit.analytics.beacon()
  document.addEventListener('visibilitychange', onHide)
  window.addEventListener('pagehide', onPageHide)
  const stopEvents = bridgeEvents(kit)
  // The solana, bip122 and polkadot accounts of a WalletConnect session reach the kit too.
  const stopSessionNamespaces = walletConnect
    ? linkSessionNamespaces(kit, walletConnect)
    : undefined
  // The modal's modules (React, the views) are set up in the task after this one, its stylesheets
  // in the next and the views mount in the task after that (in the dialog, or inline once mount()
  // asked for it), so no task of the page's start is long; open() before then does it all at once.
  const surface = createSurface(kit)
  const intentWatch = watchIntent(intent, kit.router.isOpen, isMobileDevice)
  let destroyed = false

  const instance: WalletKitInstance = {
    open: (parameters) => {
      surface.show()
      announceReady()
      const opened = kit.open(parameters)
      surface.flush()
      return opened
    },
    mount(element, parameters) {
      if (kit.destroyed) throw new KitDestroyedError()
      return surface.embed(element, parameters)
    },
    // The kit's own methods, passed as they are: none of them reads `this`.
    close: kit.close,
    disconnect: kit.disconnect,
    switchNetwork: kit.switchNetwork,
    setLocale: kit.setLocale,
    getState: kit.getState,
    subscribe: kit.subscribe,
    getProvider: kit.getProvider,
    signIn: kit.signIn,
    signOut: kit.signOut,
    setTheme(theme) {
      kit.setTheme(theme)
    },
    destroy() {
      if (destroyed) return
      // The host hears the modal close (events and subscribers) even when it was open.
      kit.router.close({ force: true })
      destroyed = true
      kit.destroy()
      injected.destroy()
      safe?.destroy()
      void walletConnect?.destroy()
      solana?.destroy()
      auth?.destroy()
      stopFrameLabel()
      stopWarm()
      intentWatch.stop()
      stopSessionNamespaces?.()
      clearTimeout(stepTimer)
      surface.destroy()
      document.removeEventListener('visibilitychange', onHide)
      window.removeEventListener('pagehide', onPageHide)
      stopEvents()
      onDestroy()
    },
  }

  // walletkit:ready comes once the modal is mounted, in a task after init() returns, so a listener
  // added right after init() hears it; an open() before then announces it first, so ready always
  // comes before open.
  let announced = false
  let stopWarm = () => {}
  function announceReady() {
    if (announced || destroyed) return
    announced = true
    surface.show()
    kit.announceReady()
    // The connectors' code the first frame did without is evaluated in idle time once the
    // visitor shows a sign (warm-intent.ts), so a first connect or login pays nothing for it and
    // the page's load does not either. One module per idle period: none makes a long task on a
    // slow CPU.
    intentWatch.start()
    let cancel = () => {}
    const stopIntent = effect(() => {
      if (!intent.value) return
      cancel = idleSteps([
        ...(solana ? [solanaConnectorModule, solanaAdapterModule] : []),
        ...(auth ? [authConnectorModule, frameHostModule, authModule] : []),
      ])
    })
    stopWarm = () => {
      stopIntent()
      cancel()
    }
  }
  // One load step per task: the modal's modules, its stylesheets, then the mount and ready.
  const loadSteps = [surface.load, surface.sheets, announceReady]
  let stepTimer: ReturnType<typeof setTimeout> | undefined
  const nextStep = () => {
    stepTimer = setTimeout(() => {
      if (destroyed || announced) return
      loadSteps.shift()?.()
      if (loadSteps.length) nextStep()
    }, 0)
  }
  nextStep()
  return Object.freeze(instance)
}

/** The document's visibility: swap quotes refresh only while the page is shown. */
function documentVisibility(): PageVisibility {
  return {
    hidden: () => document.hidden,
    subscribe(listener) {
      document.addEventListener('visibilitychange', listener)
      return () => document.removeEventListener('visibilitychange', listener)
    },
  }
}

/** Global Privacy Control or Do Not Track: the visitor asked not to be tracked. */
function visitorOptedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string }
  const dnt = nav.doNotTrack ?? (window as { doNotTrack?: string }).doNotTrack ?? nav.msDoNotTrack
  return nav.globalPrivacyControl === true || dnt === '1' || dnt === 'yes'
}
