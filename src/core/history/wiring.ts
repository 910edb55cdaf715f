import { computed } from '@preact/signals-core'
import type { KitParts } from '../parts.js'
import type { BlockchainApi } from '../types/services.js'
import { createHistory, type History } from './controller.js'

/**
 * Builds the kit's Activity history over its parts: the active account on its network, the
 * pipeline's transactions still waiting for a receipt on top, and the language for its months.
 */
export function createKitHistory(
  api: Pick<BlockchainApi, 'getHistory'>,
  p: Pick<KitParts, 'chain' | 'transactions' | 'toasts' | 'locale'>,
): History {
  const { chain } = p
  return createHistory({
    api,
    target: computed(() => {
      const account = chain.account.value
      const network = chain.network.value?.caipNetwork
      return account?.address && network
        ? { address: account.address, caipNetworkId: network.caipNetworkId, network }
        : undefined
    }),
    pending: computed(() =>
      p.transactions.pending.value.map((t) => ({
        hash: t.chainHash ?? t.hash,
        caipNetworkId: t.caipNetworkId,
        submittedAt: t.submittedAt,
        label: t.summary,
      })),
    ),
    toasts: p.toasts,
    locale: p.locale.tag,
  })
}
