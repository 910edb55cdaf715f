import type { ChainView } from './chain-state.js'
import type { Router } from './router.js'
import type { ChainNamespace } from './types/caip.js'

/** The views with namespace tabs. */
export type TabbedView = 'Account' | 'Networks'

/**
 * The namespace a tabbed view shows: the tab the visitor picked, else the active namespace.
 *
 * @param router - The router (the picked tab is the view's route data).
 * @param chain - The chain state's read side.
 * @param view - Account or Networks.
 * @returns The namespace to show; a signal read, so a view re-renders when it changes.
 */
export function shownNamespace(
  router: Pick<Router, 'dataOf'>,
  chain: Pick<ChainView, 'activeNamespace'>,
  view: TabbedView,
): ChainNamespace {
  return router.dataOf(view)?.namespace ?? chain.activeNamespace.value
}

/**
 * Picks a namespace tab of the current view. A namespace with a connected wallet becomes the
 * active one (the page hears `walletkit:chainChanged`); one without is only shown, so the page
 * keeps its connected account until a wallet of that namespace connects.
 *
 * @param parts - The router, the chain state's read side and the connection's `activate`.
 * @param ns - The namespace of the tab.
 */
export function chooseNamespace(
  parts: {
    router: Pick<Router, 'view' | 'replace'>
    chain: Pick<ChainView, 'accounts'>
    activate: (ns: ChainNamespace) => void
  },
  ns: ChainNamespace,
): void {
  const view = parts.router.view.peek()
  if (view !== 'Account' && view !== 'Networks') return
  const connected = parts.chain.accounts.peek()[ns]?.status === 'connected'
  if (connected) {
    parts.activate(ns)
    parts.router.replace(view)
  } else parts.router.replace(view, { namespace: ns })
}
