import { readOnlyChain } from '../chain-state.js'
import { createNameNormalizer } from '../names/normalizer.js'
import type { KitParts } from '../parts.js'
import { createSend, type Send } from './controller.js'

/**
 * Builds the kit's Send flow over its parts: the connected accounts read-only, each namespace's
 * adapter and wallet, the transactions pipeline, and name lookups with ENSIP-15's normaliser.
 */
export function createKitSend(
  p: Pick<KitParts, 'chain' | 'adapters' | 'connection' | 'transactions' | 'services' | 'router'>,
): Send {
  return createSend({
    ...p,
    chain: readOnlyChain(p.chain),
    connectorOf: p.connection.connectorOf,
    blockchain: p.services.blockchain,
    normalizeName: createNameNormalizer(p.services.ensip15),
  })
}
