import type { CaipNetwork, CaipNetworkId, ChainNamespace } from './types/caip.js'
import type { NetworkOption } from './types/options.js'
import { parseCaipNetworkId } from './utils/caip.js'

type Known = Omit<CaipNetwork, 'caipNetworkId' | 'namespace' | 'reference'>

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** Names and currencies of networks a site may give by id alone. */
const KNOWN: Partial<Record<string, Known>> = {
  'eip155:1': { name: 'Ethereum', nativeCurrency: ETH, explorerUrl: 'https://etherscan.io' },
  'eip155:10': {
    name: 'OP Mainnet',
    nativeCurrency: ETH,
    explorerUrl: 'https://optimistic.etherscan.io',
  },
  'eip155:137': {
    name: 'Polygon',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    explorerUrl: 'https://polygonscan.com',
  },
  'eip155:8453': { name: 'Base', nativeCurrency: ETH, explorerUrl: 'https://basescan.org' },
  'eip155:42161': { name: 'Arbitrum One', nativeCurrency: ETH, explorerUrl: 'https://arbiscan.io' },
  'eip155:11155111': {
    name: 'Sepolia',
    nativeCurrency: ETH,
    explorerUrl: 'https://sepolia.etherscan.io',
  },
  'eip155:31337': { name: 'Devnet', nativeCurrency: ETH },
  'eip155:31338': { name: 'Devnet 2', nativeCurrency: ETH },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': {
    name: 'Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    explorerUrl: 'https://solscan.io',
  },
  'solana:localnet': {
    name: 'Solana Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  },
  'bip122:000000000019d6689c085ae165831e93': {
    name: 'Bitcoin',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  },
  'polkadot:91b171bb158e2d3848fa23a9f1c25182': {
    name: 'Polkadot',
    nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  },
}

const DEFAULT_CURRENCY: Record<ChainNamespace, Known['nativeCurrency']> = {
  eip155: ETH,
  solana: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  bip122: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  polkadot: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
}

/**
 * Turns a network option (a CAIP-2 id or a network object) into a full network.
 *
 * @throws InvalidCaipError when the id breaks SPEC §5.
 */
export function resolveNetwork(option: CaipNetworkId | NetworkOption): CaipNetwork {
  if (typeof option === 'string') {
    const { namespace, reference, caipNetworkId } = parseCaipNetworkId(option)
    const known = KNOWN[caipNetworkId]
    return {
      caipNetworkId,
      namespace,
      reference,
      name: known?.name ?? caipNetworkId,
      nativeCurrency: known?.nativeCurrency ?? DEFAULT_CURRENCY[namespace],
      explorerUrl: known?.explorerUrl,
    }
  }
  const { namespace, reference, caipNetworkId } = parseCaipNetworkId(option.caipNetworkId)
  return {
    caipNetworkId,
    namespace,
    reference,
    name: option.name,
    nativeCurrency: { ...option.nativeCurrency },
    rpcUrl: option.rpcUrl,
    explorerUrl: option.explorerUrl,
    ...((option.swaps || option.swapRouter) && { swaps: true }),
    ...(option.swapRouter && { swapRouter: option.swapRouter }),
    ...(option.tokens && { tokens: { ...option.tokens } }),
  }
}
