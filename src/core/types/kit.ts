import type { ReadonlySignal } from '@preact/signals-core'
import type { Analytics } from '../analytics.js'
import type { Auth } from '../auth/controller.js'
import type { ChainView } from '../chain-state.js'
import type { CatalogMatch } from '../connect/catalog-match.js'
import type { Connection } from '../connection.js'
import type { Emitter } from '../emitter.js'
import type { History } from '../history/controller.js'
import type { ImageCache } from '../images.js'
import type { Lazy } from '../lazy.js'
import type { LocaleController } from '../locale.js'
import type { NameRegistration } from '../names/registration.js'
import type { OnRamp } from '../onramp/controller.js'
import type { ResolvedOptions } from '../options.js'
import type { AccountData } from '../parts.js'
import type { Router } from '../router.js'
import type { Send } from '../send/controller.js'
import type { SmartSessions } from '../sessions/controller.js'
import type { SiwxSessionSummary } from '../siwx/types.js'
import type { KitSiwx } from '../siwx/wiring.js'
import type { SwapController } from '../swap/controller.js'
import type { Theme } from '../theme.js'
import type { Toasts } from '../toast.js'
import type { Transactions } from '../transactions.js'
import type { UiKit } from '../ui-kit.js'
import type { SafeStorage } from '../utils/storage.js'
import type { WalletFeatureEntry } from '../wallet-features.js'
import type { WalletList } from '../wallets.js'
import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { Connector } from './connector.js'
import type { KitEvents } from './events.js'
import type { ThemeUpdate } from './options.js'
import type { KitState } from './state.js'
import type { OpenableView } from './view.js'

/** What `kit.open()` takes. */
export type OpenParameters = { view?: OpenableView; namespace?: ChainNamespace }

/**
 * The public methods of a kit (DESIGN §2). Each checks its arguments here, once; `embed/` only adds
 * the DOM around them (the shadow host, `mount()`).
 */
export interface KitApi {
  /** Opens the modal by SPEC §2's rules; resolves once it is open. */
  open(parameters?: OpenParameters): Promise<void>
  /** Closes the modal (unless a required sign-in is pending). */
  close(): void
  /** Disconnects a namespace, or every namespace. */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** Switches to a configured network, the wallet first when one is connected. */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /** The state snapshot. */
  getState(): KitState
  /** Calls `listener` with the new snapshot after each change; returns the unsubscribe. */
  subscribe(listener: (state: KitState) => void): () => void
  /** The connected wallet's provider for the host page, or undefined. */
  getProvider(namespace: ChainNamespace): unknown
  /** Signs the connected account in (SIWX). */
  signIn(): Promise<SiwxSessionSummary>
  /** Ends the connected account's SIWX session. */
  signOut(): Promise<void>
  /** Switches the language; resolves once the texts are shown, or stayed as they were. */
  setLocale(locale: string): Promise<void>
  /** Changes the theme live; returns the rejected token names. */
  setTheme(theme: ThemeUpdate): string[]
  /** Stops every timer and listener of the core. */
  destroy(): void
}

/**
 * A WalletKit core: its public methods and the parts `embed/` wires to the page. Only `embed/`
 * holds one; views get the narrow, read-only `UiKit`, connectors the ports they need.
 */
export interface Kit extends KitApi {
  readonly version: string
  readonly options: ResolvedOptions
  /** True once `destroy()` ran. */
  readonly destroyed: boolean
  /** Checks `open()`'s parameters without opening (`mount()` checks before it touches the page). */
  checkOpen(parameters: OpenParameters): void
  /** What the views see: signals to read and actions to call (see `UiKit`). */
  readonly ui: UiKit
  /** Announces `ready` (once): the modal is mounted. */
  announceReady(): void
  /** Runs a task once the next frame is drawn (at once where the environment has no frames). */
  afterPaint(task: () => void): void
  /** The kit's events, to listen to; only the controllers that own an event emit it. */
  readonly events: Pick<Emitter<KitEvents>, 'on'>
  /** Account and network state of each namespace, read-only (the connection controller writes it). */
  readonly chain: ChainView
  readonly router: Router
  readonly theme: Theme
  /** The language of the texts: the tag shown, its pack, and the switch. */
  readonly locale: LocaleController
  readonly analytics: Analytics
  readonly connection: Connection
  /** The connectors discovered so far. */
  readonly connectors: ReadonlySignal<readonly Connector[]>
  /** Namespaces with an adapter. */
  readonly adapters: readonly ChainNamespace[]
  readonly toasts: Toasts
  readonly images: ImageCache
  readonly wallets: WalletList
  readonly accountData: AccountData
  /** The pending list and the one way to submit a transaction (see docs/transactions.md). */
  readonly transactions: Transactions
  /** The catalogue entry of an installed wallet. */
  readonly catalogMatch: CatalogMatch
  /** The Account view's wallet features row (SPEC §9), in the site's order. */
  readonly walletFeatures: ReadonlySignal<readonly WalletFeatureEntry[]>
  /** The Send flow (made on its first use, like each feature below but Auth). */
  readonly send: Lazy<Send>
  /** Sign-In With X, when the `siwx` option is given; made once an account connects. */
  readonly siwx: Lazy<KitSiwx> | undefined
  /** Token swaps, when the `swaps` feature is on and the blockchain API is given. */
  readonly swap: Lazy<SwapController & { dispose(): void }> | undefined
  /** The OnRamp flow, when the on-ramp feature is on. */
  readonly onramp: Lazy<OnRamp> | undefined
  /** The RegisterName flow, when the names service is there. */
  readonly nameRegistration: Lazy<NameRegistration> | undefined
  /** The active account's history, when `features.history` is on. */
  readonly history: Lazy<History> | undefined
  /** The eip155 account's smart sessions, when `features.smartSessions` is on. */
  readonly sessions: Lazy<SmartSessions> | undefined
  /** Email, social and Farcaster login, when the site offers it. */
  readonly auth: Auth | undefined
  /** Plain snapshot of the state (DESIGN §2). */
  readonly state: ReadonlySignal<KitState>
  readonly storage: SafeStorage
}
