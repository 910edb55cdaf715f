import {
  ONE_INCH_ROUTER_V6,
  ONE_INCH_ROUTER_V6_ZKSYNC,
  SWAP_SUPPORTED_CHAIN_IDS,
} from '../constants.js'
import type { CaipNetwork } from '../types/caip.js'

const builtIn = (network: CaipNetwork) =>
  (SWAP_SUPPORTED_CHAIN_IDS as readonly string[]).includes(network.caipNetworkId)

/**
 * The swap routers the kit knows on a network, lower case: on the spec's twelve, 1inch's router
 * the public convert API builds for; on any network, the one the site declared (`swapRouter`, or a
 * CAIP-10 entry of `swapNetworks`). A swap or an approval's spender must be one of them.
 */
export function swapRouters(network: CaipNetwork | undefined): string[] {
  if (network?.namespace !== 'eip155') return []
  const known = builtIn(network)
    ? network.caipNetworkId === 'eip155:324'
      ? ONE_INCH_ROUTER_V6_ZKSYNC
      : ONE_INCH_ROUTER_V6
    : undefined
  return [known, network.swapRouter].flatMap((r) => (r ? [r.toLowerCase()] : []))
}

/**
 * Whether swaps are offered on a network: the spec's twelve eip155 chains, and any network the
 * site marked `swaps: true`, when a swap router of it is known.
 */
export function isSwapNetwork(network: CaipNetwork | undefined): boolean {
  return (
    !!network && (network.swaps === true || builtIn(network)) && swapRouters(network).length > 0
  )
}

/** Why a network offers no swap, for developers (debug mode shows it under the message). */
export function noSwapReason(network: CaipNetwork | undefined): string | undefined {
  if (!network) return undefined
  const id = network.caipNetworkId
  return network.swaps && network.namespace === 'eip155'
    ? `${id} has no known swap router: give its swapRouter (a network object's field, or eip155:<chain>:<router> in swapNetworks)`
    : `${id} is not a swap network`
}
