import type { ReadonlySignal } from '@preact/signals-core'
import type { AccountActions } from './account-actions.js'
import type { Auth } from './auth/controller.js'
import type { ChainView } from './chain-state.js'
import type { ConnectFlow } from './connect/controller.js'
import type { KitFeatures } from './features-wiring.js'
import type { History } from './history/controller.js'
import type { ImageCache } from './images.js'
import type { LegalConsent } from './legal.js'
import type { NameRegistration } from './names/registration.js'
import type { OnRamp } from './onramp/controller.js'
import type { ResolvedOptions } from './options.js'
import type { Router } from './router.js'
import type { Send } from './send/controller.js'
import type { SmartSessions } from './sessions/controller.js'
import type { KitSiwx } from './siwx/wiring.js'
import type { SwapController } from './swap/controller.js'
import type { Toast } from './toast.js'
import type { ChainNamespace } from './types/caip.js'
import type { RouteArgs, RouteData, RouteDataMap, View } from './types/view.js'
import type { WalletFeatureEntry } from './wallet-features.js'
import type { WalletList } from './wallets.js'

/** A feature's controller, made on the first call and kept (the kit's `Lazy`, as a view calls it). */
export type Feature<T> = () => T

/** Where the visitor is in the modal, and the three ways a view moves them. */
export type Navigation = {
  readonly view: ReadonlySignal<View>
  /** The history stack, oldest first. */
  readonly history: ReadonlySignal<readonly View[]>
  readonly isOpen: ReadonlySignal<boolean>
  readonly isShaking: ReadonlySignal<boolean>
  /** The data the current view was opened with, when the current view is `view`. */
  dataOf<V extends keyof RouteDataMap>(view: V): RouteData<V> | undefined
  /** Shows `view` on top of the current one. */
  go<V extends View>(view: V, ...data: RouteArgs<V>): void
  /** Back one view (closes from the first). */
  back(): void
  /** Closes the modal (while embedded: back to Account or Connect). */
  close(): void
}

/**
 * What the views see of a kit: signals to read and actions to call, nothing that writes another
 * controller's state. No router, connection, toast writer or analytics sink is on it; each flow
 * (connect, account, send, swap, …) is reached through its own controller, whose writable state
 * is private. `test/unit/architecture.test.ts` checks that views reach nothing else.
 */
export type UiKit = {
  /** The site's options. */
  readonly options: ResolvedOptions
  /** Account and network state of each namespace. */
  readonly chain: ChainView
  /** Namespaces with an adapter. */
  readonly adapters: readonly ChainNamespace[]
  readonly navigation: Navigation
  /** The toast on screen. */
  readonly toast: ReadonlySignal<Toast | undefined>
  readonly images: Pick<ImageCache, 'image' | 'fromUrl' | 'catalog'>
  /** The wallet catalogue: featured, recent, recommended and all wallets, and its search. */
  readonly wallets: Omit<WalletList, 'addRecent' | 'byRdns' | 'destroy'>
  /** Choosing and connecting a wallet, WalletConnect's pairing, the network switch. */
  readonly connect: Omit<ConnectFlow, 'destroy'>
  /** The legal consent Connect asks for first, with `features.legalCheckbox`. */
  readonly legal: LegalConsent
  /** Wallets the page announced that are left out of the installed list (over discovery's caps). */
  readonly leftOutWallets: ReadonlySignal<number>
  /** Whether the idle warm-up (views, controllers, rehearsals) may run: the visitor showed a sign. */
  readonly warm: ReadonlySignal<boolean>
  /** Disconnect, the namespace tabs, copy. */
  readonly account: AccountActions
  /** The Account view's wallet features row (SPEC §9), in the site's order. */
  readonly walletFeatures: ReadonlySignal<readonly WalletFeatureEntry[]>
  /*
   * Each feature below is there when the site has it (a view may test it without making it), and
   * its controller is made on the first call: a view's render, or the idle warm-up (after the
   * visitor's first sign).
   */
  readonly send: Feature<Omit<Send, 'destroy'>>
  readonly swap: Feature<Omit<SwapController, 'destroy'>> | undefined
  readonly onramp: Feature<Omit<OnRamp, 'destroy'>> | undefined
  readonly nameRegistration: Feature<Omit<NameRegistration, 'destroy'>> | undefined
  readonly history: Feature<Omit<History, 'destroy'>> | undefined
  readonly sessions: Feature<Omit<SmartSessions, 'destroy'>> | undefined
  readonly siwx:
    | Feature<Pick<KitSiwx, 'required' | 'status' | 'target' | 'confirm' | 'decline'>>
    | undefined
  readonly auth: Omit<Auth, 'destroy' | 'preferredAccountType' | 'onLeaveFarcaster'> | undefined
  /** Runs a task once the next frame is drawn (a view's requests wait for it). */
  afterPaint(task: () => void): void
}

/**
 * The views' kit, made of the kit's parts: the router's reads with `go`, `back` and `close`, the
 * toast on screen, and each feature's controller.
 */
export function createUiKit(p: {
  options: ResolvedOptions
  chain: ChainView
  adapters: readonly ChainNamespace[]
  router: Router
  toasts: { current: ReadonlySignal<Toast | undefined> }
  images: ImageCache
  wallets: WalletList
  connect: ConnectFlow
  legal: LegalConsent
  leftOutWallets: ReadonlySignal<number>
  warm: ReadonlySignal<boolean>
  account: AccountActions
  features: KitFeatures
  afterPaint: (task: () => void) => void
}): UiKit {
  // The parts the views see as they are are passed on whole (spreads, not field by field: the
  // bundle carries each property name once); the type above is what narrows them.
  const { router, toasts, features, ...parts } = p
  return {
    ...parts,
    ...features,
    navigation: {
      view: router.view,
      history: router.history,
      isOpen: router.isOpen,
      isShaking: router.isShaking,
      dataOf: router.dataOf,
      go: router.push,
      back: router.goBack,
      close: () => void router.close(),
    },
    toast: toasts.current,
  }
}
