import { batch, effect, type ReadonlySignal, signal } from '@preact/signals-core'
import type { ChainView } from '../chain-state.js'
import type { Connection } from '../connection.js'
import { WalletKitError } from '../errors/base.js'
import type { Router } from '../router.js'
import type { Toasts } from '../toast.js'
import type { CaipNetwork, CaipNetworkId } from '../types/caip.js'

/**
 * The network switch of the Networks and UnsupportedChain views: one switch at a time (the wallet
 * first, when connected), the network being switched to, and the last failure, shown until the
 * visitor tries again or leaves the view, and told as a toast (which reports it). Once a switch
 * from Networks is done, the visitor goes back to where they came from.
 */
export function createNetworkSwitch(p: {
  connection: Pick<Connection, 'switchNetwork'>
  router: Pick<Router, 'view' | 'goBack'>
  chain: Pick<ChainView, 'isConnected'>
  toasts: Pick<Toasts, 'error'>
}) {
  const busy = signal<CaipNetworkId | undefined>(undefined)
  const failure = signal<WalletKitError | undefined>(undefined)
  // A failure belongs to the view it happened on.
  let shown = p.router.view.peek()
  const stopViews = effect(() => {
    const view = p.router.view.value
    if (view === shown) return
    shown = view
    failure.value = undefined
  })
  return {
    /** The network being switched to, while the switch runs. */
    busy: busy as ReadonlySignal<CaipNetworkId | undefined>,
    /** Why the last switch failed. */
    failure: failure as ReadonlySignal<WalletKitError | undefined>,
    /** Switches to `network` (ignored while another switch runs). */
    switchTo(network: CaipNetwork): void {
      if (busy.peek()) return
      batch(() => {
        busy.value = network.caipNetworkId
        failure.value = undefined
      })
      p.connection.switchNetwork(network).then(
        () => {
          busy.value = undefined
          // Not when the switch moved the modal on (a sign-in asked for the new network).
          if (p.chain.isConnected.peek() && p.router.view.peek() === 'Networks') p.router.goBack()
        },
        (error: unknown) => {
          const shownError =
            error instanceof WalletKitError ? error : new WalletKitError(String(error))
          batch(() => {
            busy.value = undefined
            failure.value = shownError
          })
          p.toasts.error(shownError)
        },
      )
    },
    destroy: () => stopViews(),
  }
}
