import { computed } from '@preact/signals-core'
import type { ChainView } from './chain-state.js'
import { BALANCE_NAMESPACES } from './constants.js'
import type { CaipNetwork, ChainNamespace } from './types/caip.js'
import type { Features, WalletFeature } from './types/options.js'
import type { View } from './types/view.js'

declare const require: (id: string) => unknown

/**
 * The view each wallet feature of the Account view opens. A feature whose view is not built yet
 * is `undefined` here and its button stays hidden, never a dead end.
 */
export const WALLET_FEATURE_VIEWS: Readonly<Record<WalletFeature, View | undefined>> = {
  onramp: 'OnRamp',
  swaps: 'Swap',
  receive: 'Receive',
  send: 'Send',
}

const balances = (ns: ChainNamespace) => (BALANCE_NAMESPACES as readonly string[]).includes(ns)

/** Whether the active namespace supports a feature (SPEC §9: balances and on-ramp on eip155 and solana). */
const SUPPORTED: Readonly<
  Record<WalletFeature, (ns: ChainNamespace, network: CaipNetwork | undefined) => boolean>
> = {
  onramp: balances,
  // The spec's swap networks and those the site marked `swaps: true` (swap's module, evaluated
  // when Account first shows the row, not while the page loads).
  swaps: (_, network) =>
    (require('./swap/networks.js') as typeof import('./swap/networks.js')).isSwapNetwork(network),
  receive: balances,
  send: balances,
}

/** A button of the Account view's wallet features row. */
export type WalletFeatureEntry = Readonly<{ feature: WalletFeature; view: View }>

/**
 * The wallet features row of the Account view, in `features.walletFeaturesOrder`: each feature
 * that is on, whose view exists, and that the connected account's namespace supports; Send only
 * when the kit can send through the connected wallet on its network.
 */
export function createWalletFeatures(p: {
  features: Features
  chain: ChainView
  /** True when the namespace's adapter can send through the connected wallet. */
  canSend: (namespace: ChainNamespace) => boolean
  /** False for a feature whose service the kit was not given (no swap or on-ramp calls). */
  offered?: (feature: WalletFeature) => boolean
}) {
  return computed((): readonly WalletFeatureEntry[] => {
    const ns = p.chain.activeNamespace.value
    const account = p.chain.account.value
    // Read so that a new network or provider is checked again.
    const network = p.chain.network.value?.caipNetwork
    if (account?.status !== 'connected' || !account.address) return []
    return p.features.walletFeaturesOrder.flatMap((feature) => {
      const view = WALLET_FEATURE_VIEWS[feature]
      if (!view || !p.features[feature] || !SUPPORTED[feature](ns, network)) return []
      if (p.offered && !p.offered(feature)) return []
      if (feature === 'send' && !p.canSend(ns)) return []
      return [{ feature, view }]
    })
  })
}
