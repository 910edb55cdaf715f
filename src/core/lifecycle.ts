import { effect, type ReadonlySignal, type Signal, untracked } from '@preact/signals-core'
import type { Auth } from './auth/controller.js'
import { ChainAdapterNotFoundError } from './errors/caip.js'
import { UnknownViewError } from './errors/options.js'
import type { KitParts } from './parts.js'
import type { Siwx } from './siwx/controller.js'
import type { ChainNamespace } from './types/caip.js'
import type { OpenParameters } from './types/kit.js'
import { isOpenableView, OPENABLE_VIEWS } from './types/view.js'
import { isNamespace } from './utils/caip.js'

/** The modal's open/close lifecycle. */
export type Lifecycle = ReturnType<typeof createLifecycle>

/**
 * The modal's open and close: `open()` by SPEC §2's rules, the `open`/`close` events and their
 * analytics whatever closed the modal (Escape, back, the host), and the first open's work, which
 * waits for the frame that shows it: nothing of analytics, another language, the login frame or
 * the account data is fetched before the visitor first opens the modal. On a phone the first open
 * also mounts the login frame; elsewhere Connect's login part mounts it on the visitor's first
 * pointer, focus or touch there (`ui/views/AuthEntry.tsx`), or the first login request does.
 * Connect asks for the catalogue's wallets whenever it is shown.
 */
export function createLifecycle(
  p: Pick<
    KitParts,
    'router' | 'chain' | 'events' | 'analytics' | 'locale' | 'connection' | 'env'
  > & {
    wallets: Pick<KitParts['wallets'], 'loadConnect'>
    /** Set once the modal has been opened (account data loads only from then on). */
    opened: Signal<boolean>
    /** Namespaces with an adapter. */
    adapters: readonly ChainNamespace[]
    afterPaint: (task: () => void) => void
    auth: Pick<Auth, 'prepare'> | undefined
    /** SIWX, once made (it is made when an account first connects). */
    siwx: { made: ReadonlySignal<Pick<Siwx, 'mustSignIn'> | undefined> } | undefined
  },
) {
  const { router, chain, analytics } = p
  let destroyed = false
  /** Runs `task` after the next frame, unless the kit is destroyed by then. */
  const afterPaint = (task: () => void) =>
    p.afterPaint(() => {
      if (!destroyed) task()
    })

  let wasOpen = router.isOpen.peek()
  const stop = effect(() => {
    const open = router.isOpen.value
    const view = router.view.peek()
    if (open === wasOpen) return
    wasOpen = open
    if (open && !p.opened.peek()) {
      p.opened.value = true
      // Nothing of analytics or of another language is fetched before the first open.
      analytics.start()
      // The first frame shows English, and balances and profiles as loading, either way: the
      // language's pack, the account data and, on a phone (a tap gives no warning a pointer
      // would), the login frame are asked for once it is drawn.
      afterPaint(() => {
        void p.locale.start()
        if (p.env.isMobile?.()) p.auth?.prepare()
        for (const ns of chain.namespaces)
          if (chain.accounts.peek()[ns]?.status === 'connected') p.connection.loadData(ns)
      })
    }
    p.events.emit(open ? 'open' : 'close', { view })
    analytics.track(open ? 'MODAL_OPEN' : 'MODAL_CLOSE', {
      connected: chain.isConnected.peek(),
      view,
      connector: chain.account.peek()?.connector?.id,
      caipNetworkId: chain.network.peek()?.caipNetwork?.caipNetworkId,
    })
  })

  // Connect lists the catalogue's wallets however it came to be shown (opened, or after a
  // disconnect from Account); it shows the same placeholders before the request as during it.
  const stopConnectList = effect(() => {
    const view = router.view.value
    if (router.isOpen.value && (view === 'Connect' || view === 'ConnectingWalletConnectBasic'))
      afterPaint(() => void untracked(p.wallets.loadConnect))
  })

  /** Throws UnknownViewError or ChainAdapterNotFoundError for what `open()` cannot show. */
  function check(input: OpenParameters): void {
    if (typeof input !== 'object' || input === null)
      throw new UnknownViewError({ view: input, allowed: OPENABLE_VIEWS })
    const { view, namespace } = input
    if (view !== undefined && !isOpenableView(view))
      throw new UnknownViewError({ view, allowed: OPENABLE_VIEWS })
    if (namespace !== undefined && (!isNamespace(namespace) || !p.adapters.includes(namespace)))
      throw new ChainAdapterNotFoundError({ namespace: String(namespace) })
  }

  return {
    check,
    /** Opens the modal by SPEC §2's rules; a bad view or namespace throws before anything moves. */
    open(input: OpenParameters = {}): void {
      check(input)
      const { view, namespace } = input
      if (namespace !== undefined) {
        p.connection.activate(namespace)
        const connected = chain.accounts.value[namespace]?.status === 'connected'
        router.open(view ?? (connected ? 'Account' : 'Connect'), { namespace })
      } else router.open(view)
      // A required sign-in that is still missing comes before anything else.
      if (p.siwx?.made.peek()?.mustSignIn()) router.open('SIWXSignMessage')
    },
    destroy() {
      destroyed = true
      stop()
      stopConnectList()
    },
  }
}
