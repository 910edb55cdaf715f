import { computed, effect, type ReadonlySignal } from '@preact/signals-core'
import type { ChainView } from './chain-state.js'
import type { LocaleController } from './locale.js'
import type { Router } from './router.js'
import type { Siwx } from './siwx/controller.js'
import type { KitState } from './types/state.js'

/**
 * The host's view of the kit (DESIGN §2): a computed plain snapshot of the modal, the active
 * account and network, the sign-in session and the language, and `subscribe` over it.
 */
export function createStateSnapshot(p: {
  router: Pick<Router, 'isOpen' | 'view'>
  chain: ChainView
  /** SIWX, once made (it is made when an account first connects). */
  siwx: { made: ReadonlySignal<Pick<Siwx, 'summary'> | undefined> } | undefined
  locale: Pick<LocaleController, 'tag'>
}): {
  state: ReadonlySignal<KitState>
  subscribe(listener: (state: KitState) => void): () => void
} {
  const { chain } = p
  // Its own computed, so that SIWX's making, which leaves the session null, changes no snapshot.
  const session = computed(() => p.siwx?.made.value?.summary.value ?? null)
  const state = computed((): KitState => {
    const a = chain.account.value
    return {
      open: p.router.isOpen.value,
      view: p.router.view.value,
      status: a?.status ?? 'disconnected',
      address: a?.address ?? null,
      caipAddress: a?.caipAddress ?? null,
      namespace: chain.activeNamespace.value,
      caipNetworkId: chain.network.value?.caipNetwork?.caipNetworkId ?? null,
      connector: a?.connector ? { id: a.connector.id, name: a.connector.name } : null,
      balance:
        a?.balance !== undefined ? { amount: a.balance, symbol: a.balanceSymbol ?? '' } : null,
      session: session.value,
      locale: p.locale.tag.value,
    }
  })
  return {
    state,
    /** Calls `listener` with the new snapshot after each change; returns the unsubscribe. */
    subscribe(listener) {
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
  }
}
