import { ONRAMP_PROVIDER_FEE_RANGE_PERCENT } from '../constants.js'
import type { ChainNamespace } from '../types/caip.js'

/** An on-ramp provider the OnRamp view lists. */
export type OnRampProvider = {
  id: string
  name: string
  /** Fee range in percent of the payment (SPEC §9). */
  feeRange: { min: number; max: number }
  namespaces: readonly ChainNamespace[]
}

/**
 * The providers behind the checkout link: the generator call (SPEC §7) builds Coinbase Pay's
 * checkout, for EVM networks and Solana.
 */
export const ONRAMP_PROVIDERS: readonly OnRampProvider[] = [
  {
    id: 'coinbase',
    name: 'Coinbase Pay',
    feeRange: ONRAMP_PROVIDER_FEE_RANGE_PERCENT,
    namespaces: ['eip155', 'solana'],
  },
]

/** The providers that serve a namespace. */
export function providersFor(namespace: ChainNamespace): OnRampProvider[] {
  return ONRAMP_PROVIDERS.filter((p) => p.namespaces.includes(namespace))
}
