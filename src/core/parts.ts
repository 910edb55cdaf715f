import type { createAccountData } from './account-data.js'
import type { Analytics } from './analytics.js'
import type { ChainState } from './chain-state.js'
import type { Connection } from './connection.js'
import type { Eip155Wallet } from './eip155-wallet.js'
import type { Emitter } from './emitter.js'
import type { LocaleController } from './locale.js'
import type { NamesApi } from './names/types.js'
import type { CheckoutWindow } from './onramp/controller.js'
import type { OnRampApi } from './onramp/types.js'
import type { ResolvedOptions } from './options.js'
import type { InAppBrowser } from './phone/browser.js'
import type { Router } from './router.js'
import type { SwapApi } from './swap/types.js'
import type { PageVisibility } from './swap/wiring.js'
import type { Toasts } from './toast.js'
import type { Transactions } from './transactions.js'
import type { ChainAdapter } from './types/adapter.js'
import type { ChainNamespace } from './types/caip.js'
import type { KitEvents } from './types/events.js'
import type { AnalyticsApi, BlockchainApi, CatalogApi } from './types/services.js'
import type { SafeStorage } from './utils/storage.js'
import type { WalletList } from './wallets.js'

/** The HTTP clients the kit is given (`embed/` makes them; a test gives fakes). */
export type KitServices = {
  catalog: CatalogApi
  analytics: AnalyticsApi
  /** The blockchain API (name lookups; the adapters get their own reference for balances). */
  blockchain?: BlockchainApi
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

/**
 * What the kit knows of the page it runs in. The core never reads `document`, `location`,
 * `navigator` or `window` itself: `embed/` gives each of these, and without them the kit runs as
 * on a page that has none (a unit test, say).
 */
export type KitEnvironment = {
  isMobile?: () => boolean
  storage?: SafeStorage
  matchMedia?: (query: string) => MediaQueryList
  /** The page's address (SIWX's domain and URI, analytics' url). Default: none (`about:blank`). */
  location?: () => { href: string; hostname: string }
  /** The page's `<html lang>` and the browser's languages, in order of preference. */
  languages?: () => readonly (string | null | undefined)[]
  /** True when the visitor sent Global Privacy Control or Do Not Track. */
  trackingOptOut?: () => boolean
  /** Whether the page is shown (swap quotes refresh only then). Default: always shown. */
  visibility?: PageVisibility
  /** Opens an empty window for the on-ramp checkout, inside the click; null when blocked. */
  openWindow?: () => CheckoutWindow | null
  /** The browser's time zone (IANA name). */
  timeZone?: () => string | undefined
  /** Writes a text to the clipboard; rejects when the page may not. Default: always rejects. */
  copyText?: (text: string) => Promise<void>
  /** True on iOS Safari and in Telegram, where a WalletConnect pairing still valid is reused. */
  reusePairing?: () => boolean
  /** The app whose in-app browser shows the page, if any. */
  inAppBrowser?: () => InAppBrowser | undefined
  /** Opens a URL (`window.open`): a wallet's link, in this tab for an app, a new one otherwise. */
  openLink?: (url: string, target: string, features: string) => unknown
  /**
   * Runs work that opening starts but that need not delay the modal's first frame (the wallet
   * list's request); by default at once.
   */
  afterPaint?: (task: () => void) => void
}

/** The page's address when the kit is given none: a page without an address of its own. */
export const NO_LOCATION = Object.freeze({ href: 'about:blank', hostname: '' })

/** The account data controller (balances and names of the connected accounts). */
export type AccountData = ReturnType<typeof createAccountData>

/**
 * The kit's shared parts, as `createKit()` builds them. A feature's wiring (`<feature>/wiring.ts`)
 * takes the few it needs (`Pick<KitParts, …>`) and gives its controller narrow ports made of them.
 */
export type KitParts = {
  options: ResolvedOptions
  env: KitEnvironment
  services: KitServices
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>
  storage: SafeStorage
  /** The kit's events; each is emitted by the controller that owns it. */
  events: Emitter<KitEvents>
  toasts: Toasts
  chain: ChainState
  router: Router
  analytics: Analytics
  connection: Connection
  accountData: AccountData
  transactions: Transactions
  wallets: WalletList
  locale: LocaleController
  /** The connected wallet's provider for a namespace, read through the one error mapping. */
  provider: (namespace: ChainNamespace) => unknown
  /** The eip155 wallet's one signing and reading door (SIWX, names, smart sessions). */
  eip155Wallet: Eip155Wallet
  /** A feature's success in the analytics funnel, with the view, connector and network. */
  trackFeature: (event: string) => void
}
