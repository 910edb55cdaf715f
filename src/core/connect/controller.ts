import { computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core'
import type { Analytics } from '../analytics.js'
import type { ChainView } from '../chain-state.js'
import type { Connection } from '../connection.js'
import { openWalletLink, type WalletLinkResult, walletConnectLink } from '../deeplink.js'
import type { Emitter } from '../emitter.js'
import { WalletKitError } from '../errors/base.js'
import { ConnectAbortedError, UnsafeWalletLinkError } from '../errors/connection.js'
import {
  ProviderRpcError,
  RequestAlreadyPendingError,
  UserRejectedRequestError,
} from '../errors/rpc.js'
import { isPairingConnector, type Pairing, type PairingConnector } from '../pairing.js'
import type { OpenedLink, PhonePairing } from '../phone/controller.js'
import type { Router } from '../router.js'
import type { Toasts } from '../toast.js'
import { type Connector, isMarked } from '../types/connector.js'
import type { KitEvents } from '../types/events.js'
import type { View } from '../types/view.js'
import type { WalletEntry } from '../types/wallet.js'
import { isLookalike } from '../utils/lookalike.js'
import { cleanLabel } from '../utils/text.js'
import type { WalletList } from '../wallets.js'
import type { CatalogMatch } from './catalog-match.js'
import { createNetworkSwitch } from './network-switch.js'

/** An installed wallet as the views see it: what to show of it, not how to connect it. */
export type InstalledWallet = Readonly<
  Pick<Connector, 'id' | 'name' | 'icon' | 'rdns' | 'namespace' | 'type' | 'flags'>
>

/** WalletConnect's pairing as the views see it: its state, read-only. */
export type PairingView = Pick<Pairing, 'status' | 'uri' | 'failure' | 'isMobile' | 'renewsAt'>

/** The WalletConnect entry: the connector's id and its pairing. */
export type WalletConnectView = { readonly id: string; readonly pairing: PairingView }

/**
 * Where a connect attempt with an installed wallet stands: waiting for the wallet, declined in it
 * (retry), another request already waiting in it, or failed with the wallet's error.
 */
export type ConnectAttempt =
  | { readonly status: 'connecting' }
  | { readonly status: 'declined' }
  | { readonly status: 'pending' | 'failed'; readonly error: WalletKitError }

/** What a connecting view was opened for: the catalogue wallet and/or the installed one. */
export type ConnectTarget = {
  readonly wallet?: WalletEntry | undefined
  readonly connector?: InstalledWallet | undefined
  /** The wallet's name, cleaned for display. */
  readonly name: string
}

/** The connect flow's controller. */
export type ConnectFlow = ReturnType<typeof createConnectFlow>

/** Views that close once a WalletConnect session is established. */
const PAIRING_VIEWS = new Set<View>(['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'])

/**
 * Creates the connect flow: choosing a wallet (its installed connector, else WalletConnect), the
 * attempt with an installed wallet and its retry, the WalletConnect pairing while a QR view is
 * shown (the wallet's link on a phone), the network switch, and the events they owe the host
 * (`walletkit:error`) and the funnel (`SELECT_WALLET`). A connected catalogue wallet becomes a
 * recent one. Views render its signals and call its actions.
 */
export function createConnectFlow(p: {
  connection: Pick<Connection, 'connect' | 'switchNetwork'>
  router: Pick<
    Router,
    'push' | 'view' | 'isOpen' | 'dataOf' | 'leaveSignal' | 'close' | 'goBack' | 'reset'
  >
  chain: Pick<ChainView, 'isConnected'>
  connectors: ReadonlySignal<readonly Connector[]>
  wallets: Pick<WalletList, 'addRecent' | 'featured' | 'recommended' | 'recent' | 'all'>
  catalogMatch: CatalogMatch
  analytics: Pick<Analytics, 'track'>
  events: Pick<Emitter<KitEvents>, 'emit'>
  toasts: Pick<Toasts, 'error'>
  /** On a phone: the pairing prepared before the tap, so the wallet's link opens in it. */
  phone?: Pick<PhonePairing, 'openInTap' | 'opened' | 'inAppBrowser'> | undefined
  /** Opens a URL (`window.open`); without it no wallet link is followed. */
  openLink?: ((url: string, target: string, features: string) => unknown) | undefined
}) {
  const { router, connection, analytics } = p
  const attempt = signal<ConnectAttempt>({ status: 'connecting' })
  let running = false
  const connectorById = (id: string | undefined) =>
    id === undefined ? undefined : p.connectors.peek().find((c) => c.id === id)
  const walletConnect = (): PairingConnector | undefined =>
    p.connectors.value.find(isPairingConnector)

  /** The installed connector for a catalogue wallet, matched by rdns (none when two claim it). */
  function installedFor(wallet: WalletEntry): Connector | undefined {
    // By rdns (EIP-6963); wallets without one (Wallet Standard) by the catalogue entry they match.
    const list = p.connectors.value
    const matches = wallet.rdns
      ? list.filter((c) => c.rdns === wallet.rdns)
      : list.filter((c) => !c.rdns && p.catalogMatch(c)?.id === wallet.id)
    return matches.length === 1 ? matches[0] : undefined
  }

  /** Connects an installed wallet while its connecting view is shown; leaving it abandons. */
  function start(connector: Connector) {
    if (running) return
    running = true
    attempt.value = { status: 'connecting' }
    connection.connect(connector, { signal: router.leaveSignal() }).then(
      () => {
        running = false
        if (router.view.peek() === 'ConnectingExternal') router.close()
      },
      (error: unknown) => {
        running = false
        // The visitor left: nothing failed, and the view is gone.
        if (error instanceof ConnectAbortedError) return
        const failure = error instanceof WalletKitError ? error : new WalletKitError(String(error))
        attempt.value =
          error instanceof UserRejectedRequestError
            ? { status: 'declined' }
            : {
                status: error instanceof RequestAlreadyPendingError ? 'pending' : 'failed',
                error: failure,
              }
        p.events.emit('error', {
          code: error instanceof ProviderRpcError ? String(error.code) : 'CONNECT_FAILED',
          message: error instanceof WalletKitError ? error.shortMessage : 'Connection failed',
        })
      },
    )
  }

  const target = computed<ConnectTarget>(() => {
    const data = router.dataOf('ConnectingExternal') ?? router.dataOf('ConnectingWalletConnect')
    const id = data?.connectorId
    const connector = id === undefined ? undefined : p.connectors.value.find((c) => c.id === id)
    return { wallet: data?.wallet, connector, name: connector?.name ?? data?.wallet?.name ?? '' }
  })

  // ── WalletConnect ─────────────────────────────────────────────────────────
  let retryPairing = () => {}

  /** The funnel's record of a wallet chosen, and how it connects. */
  const selected = (name: string, platform: string) =>
    analytics.track('SELECT_WALLET', { name, platform })

  /** Follows a wallet's link; an unsafe one is refused and said so (SECURITY.md row 12). */
  function followLink(result: WalletLinkResult | undefined, name: string) {
    const open = p.openLink
    if (
      result?.status === 'blocked' ||
      (result?.status === 'ok' && !(open && openWalletLink(result.link, open)))
    )
      p.toasts.error(new UnsafeWalletLinkError(), 'UNSAFE_WALLET_LINK')
    else if (result?.status === 'ok') selected(name, result.link.kind)
  }

  /**
   * Runs the WalletConnect pairing while a QR view is shown on an open modal: a new attempt when
   * one ended with nothing to show, each failure reported to the host. On a phone nothing opens by
   * itself (a navigation outside a tap would be refused or lost): the link opens from the tap on
   * the wallet or the view's Open button; a link that may not be followed is reported once, as
   * soon as it is known. Back from the wallet app, a phone visitor finds the modal on Account.
   *
   * @param wallet - The catalogue wallet the QR code is for (none: any wallet app).
   * @returns Stops (the view is gone or the modal closed).
   */
  function pair(wallet?: WalletEntry): () => void {
    const connector = walletConnect()
    if (!connector) return () => {}
    const { pairing } = connector
    const name = cleanLabel(wallet?.name ?? '')
    // Each attempt lasts while the view is shown: leaving it or closing the modal abandons it.
    const connect = () =>
      connection.connect(connector, { signal: router.leaveSignal() }).then(() => {
        if (wallet) p.wallets.addRecent(wallet)
        if (!PAIRING_VIEWS.has(router.view.peek())) return
        if (pairing.isMobile()) router.reset('Account')
        else router.close()
      })
    let reported = false
    retryPairing = () => {
      reported = false
      pairing.retry(connect)
    }
    const stops = [
      pairing.watch(),
      effect(() => {
        const idle = pairing.status.value === 'disconnected' && !pairing.failure.value
        if (router.isOpen.value && idle) untracked(() => pairing.start(connect))
      }),
      effect(() => {
        const failure = pairing.failure.value
        if (failure)
          untracked(() =>
            p.events.emit('error', {
              code: `WALLETCONNECT_${failure.kind.toUpperCase()}`,
              message: failure.message,
            }),
          )
      }),
      effect(() => {
        const uri = pairing.uri.value
        if (!pairing.isMobile() || !wallet || !uri || reported) return
        const link = walletConnectLink(wallet, uri, true)
        if (link.status !== 'blocked') return
        reported = true
        untracked(() => followLink(link, name))
      }),
    ]
    pairing.start(connect)
    return () => {
      for (const stop of stops) stop()
    }
  }

  const network = createNetworkSwitch(p)

  return {
    /** Every installed wallet (the embedded wallet's login included), as discovered. */
    installed: p.connectors as ReadonlySignal<readonly InstalledWallet[]>,
    /** The WalletConnect connector's entry, when the site offers WalletConnect. */
    walletConnect: computed((): WalletConnectView | undefined => walletConnect()),
    /** The catalogue entry of an installed wallet. */
    catalogMatch: (wallet: InstalledWallet) => p.catalogMatch(wallet),
    /**
     * True when an installed wallet must be marked: another wallet shares its name (as a reader
     * sees it), its rdns or its uuid, or its name looks like a known wallet's (one announced, or a
     * catalogue wallet loaded so far) without being it.
     */
    isSuspicious(wallet: InstalledWallet): boolean {
      if (isMarked(wallet.flags)) return true
      const { wallets } = p
      const known = [wallets.featured, wallets.recommended, wallets.recent, wallets.all].flatMap(
        (l) => l.value.map((w) => w.name),
      )
      return isLookalike(wallet.name, known)
    },
    /** What the connecting view shown now was opened for. */
    target,
    /** The attempt with the installed wallet of ConnectingExternal. */
    attempt: attempt as ReadonlySignal<ConnectAttempt>,
    /**
     * Opens a wallet's connecting view and connects: through its installed connector when there
     * is one, else over WalletConnect when the wallet supports it. Call it from the visitor's
     * click: on a phone the wallet's link opens in it.
     */
    selectWallet(wallet: WalletEntry): void {
      const connector = installedFor(wallet)
      const wc = connector ? undefined : walletConnect()
      // A recent entry for WalletConnect itself (no catalogue wallet) opens its QR code.
      if (wc && wallet.id === wc.id) {
        router.push('ConnectingWalletConnect', { connectorId: wc.id })
        return
      }
      if (wc && wallet.supports_wc) {
        // On a phone the wallet's link opens here, inside the tap, with the pairing prepared for it.
        p.phone?.openInTap(wallet)
        router.push('ConnectingWalletConnect', { wallet })
        selected(wallet.name, wc.pairing.isMobile() ? 'mobile' : 'qrcode')
        return
      }
      router.push(
        'ConnectingExternal',
        connector ? { wallet, connectorId: connector.id } : { wallet },
      )
      selected(wallet.name, connector ? 'browser' : 'mobile')
      if (connector) start(connector)
    },
    /** Opens an installed wallet's connecting view and connects it. */
    selectConnector(wallet: InstalledWallet): void {
      const connector = connectorById(wallet.id)
      if (!connector) return
      router.push('ConnectingExternal', { connectorId: connector.id })
      selected(connector.name, 'browser')
      start(connector)
    },
    /** Opens the QR code for any wallet app. */
    selectWalletConnect(): void {
      const wc = walletConnect()
      if (!wc) return
      router.push('ConnectingWalletConnect', { connectorId: wc.id })
      selected(wc.name, 'qrcode')
    },
    /** Asks the wallet of the connecting view again (after a decline or a failure). */
    retry(): void {
      const connector = connectorById(target.peek().connector?.id)
      if (connector) start(connector)
    },
    pair,
    /** A new QR code (or a new try) after a failed pairing, at the visitor's request. */
    retryPairing: () => retryPairing(),
    followLink,
    /** On a phone: the wallet link the last tap opened, and the in-app browser showing the page. */
    phone: {
      opened: p.phone?.opened ?? signal<OpenedLink | undefined>(undefined),
      inAppBrowser: p.phone?.inAppBrowser,
    },
    /** Switching the network of the active namespace, and how the last switch went. */
    network,
    destroy(): void {
      network.destroy()
    },
  }
}
