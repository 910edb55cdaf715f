import type { CaipNetworkId } from '../../core/types/caip.js'

/** A Wallet Standard chain id of Solana, e.g. `solana:mainnet`. */
export type SolanaWalletChain = `solana:${string}`

// CAIP-2 names Solana clusters by the first 32 characters of their genesis hash; the Wallet
// Standard names them by cluster.
const CLUSTERS: Readonly<Record<string, SolanaWalletChain>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/**
 * The Wallet Standard chain of a CAIP-2 Solana network: the public clusters by genesis hash; any
 * other id (`solana:localnet`, `solana:devnet`) is taken to be the chain's own name.
 *
 * @example
 * walletChainOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // 'solana:mainnet'
 */
export function walletChainOf(caipNetworkId: CaipNetworkId): SolanaWalletChain {
  const reference = caipNetworkId.slice(caipNetworkId.indexOf(':') + 1)
  return Object.hasOwn(CLUSTERS, reference)
    ? (CLUSTERS[reference] as SolanaWalletChain)
    : (`solana:${reference}` as SolanaWalletChain)
}

/** True when a list of chains (a wallet's or an account's) includes a Solana chain. */
export function hasSolanaChain(chains: readonly string[]): boolean {
  return chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:'))
}
