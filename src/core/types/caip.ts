/** The chain namespaces WalletKit knows (SPEC §5). */
export const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const

/** A chain namespace. */
export type ChainNamespace = (typeof NAMESPACES)[number]

/** A CAIP-2 network id, e.g. `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** A CAIP-10 account id, e.g. `eip155:1:0xab…`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

/** A network as a site configures it (DESIGN §3), after defaults are filled in. */
export type CaipNetwork = {
  /** CAIP-2 id. */
  caipNetworkId: CaipNetworkId
  /** Namespace part of the id. */
  namespace: ChainNamespace
  /** Reference part of the id (the chain id for eip155). */
  reference: string
  /** Display name. */
  name: string
  /** The native currency. */
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** JSON-RPC endpoint, when known. */
  rpcUrl?: string | undefined
  /** Block explorer (https), when known. */
  explorerUrl?: string | undefined
  /** The site marked the network as one the blockchain API can swap on. */
  swaps?: boolean | undefined
  /** The swap router the site declared for this network (a swap must go to a known router). */
  swapRouter?: string | undefined
  /** The site's well-known tokens of the network: symbol → contract (see NetworkOption). */
  tokens?: Readonly<Record<string, string>> | undefined
}
