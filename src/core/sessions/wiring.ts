import { computed } from '@preact/signals-core'
import type { KitParts } from '../parts.js'
import type { BlockchainApi } from '../types/services.js'
import { createSmartSessions, type SmartSessions } from './controller.js'

/**
 * Builds the kit's Smart Sessions over its parts: the connected eip155 account, and the wallet's
 * signature of a revocation.
 */
export function createKitSessions(
  api: Pick<BlockchainApi, 'getSessions' | 'revokeSession'>,
  p: Pick<KitParts, 'chain' | 'eip155Wallet' | 'env'>,
): SmartSessions {
  const { chain } = p
  const wallet = p.eip155Wallet
  return createSmartSessions({
    api,
    target: computed(() => {
      const account = chain.accounts.value.eip155
      return account?.address && account.caipAddress
        ? { address: account.address, caipAddress: account.caipAddress }
        : undefined
    }),
    sign: (message, address) => wallet.signMessage(message, address),
    domain: () => {
      const href = p.env.location?.().href
      return href ? new URL(href).host : undefined
    },
  })
}
