import { SWAP_SUPPORTED_CHAIN_IDS } from '../constants.js'
import type { CaipNetwork } from '../types/caip.js'

/**
 * Whether swaps are offered on a network: the spec's twelve eip155 chains, and any network object
 * the site marked `swaps: true` (a devnet with its own exchange behind the blockchain API).
 */
export function isSwapNetwork(network: CaipNetwork | undefined): boolean {
  if (network?.namespace !== 'eip155') return false
  return (
    network.swaps === true ||
    (SWAP_SUPPORTED_CHAIN_IDS as readonly string[]).includes(network.caipNetworkId)
  )
}
