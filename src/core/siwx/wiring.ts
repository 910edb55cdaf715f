import { type KitParts, NO_LOCATION } from '../parts.js'
import type { SiwxOptions } from '../types/options.js'
import { createSiwx, type Siwx } from './controller.js'

/**
 * Builds the kit's Sign-In With X over its parts: the connected accounts, the router, the wallet's
 * provider, disconnect (a required sign-in cancelled), the page's address for the message's domain
 * and URI, and the networks' own endpoints for contract accounts' signatures.
 */
export function createKitSiwx(
  options: SiwxOptions,
  p: Pick<
    KitParts,
    'chain' | 'router' | 'events' | 'storage' | 'options' | 'provider' | 'connection' | 'env'
  > & { services: Pick<KitParts['services'], 'rpc'> },
): Siwx {
  return createSiwx({
    options,
    chain: p.chain,
    router: p.router,
    events: p.events,
    storage: p.storage,
    networks: p.options.networks,
    allowUnsupportedChain: p.options.allowUnsupportedChain,
    provider: p.provider,
    disconnect: (ns) => p.connection.disconnect(ns),
    location: p.env.location ?? (() => NO_LOCATION),
    rpc: p.services.rpc,
  })
}
