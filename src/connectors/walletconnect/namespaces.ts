import type { CaipNetwork, ChainNamespace } from '../../core/types/caip.js'

/** A namespace as proposed to a wallet. */
export type ProposalNamespace = {
  chains: string[]
  methods: string[]
  events: string[]
  /** JSON-RPC endpoints for the provider's own reads, keyed by chain reference and by CAIP-2 id. */
  rpcMap?: Record<string, string>
}

/** The methods and events a session needs, per namespace. */
export const NAMESPACE_CAPABILITIES: Readonly<
  Record<ChainNamespace, { methods: readonly string[]; events: readonly string[] }>
> = {
  eip155: {
    methods: [
      'personal_sign',
      'eth_sendTransaction',
      'eth_signTypedData_v4',
      'eth_signTransaction',
      'eth_sign',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_watchAsset',
      'wallet_getCapabilities',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
    ],
    events: ['chainChanged', 'accountsChanged'],
  },
  solana: {
    methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
    events: [],
  },
  bip122: {
    methods: ['signMessage', 'sendTransfer', 'getAccountAddresses', 'signPsbt'],
    events: ['bip122_addressesChanged'],
  },
  polkadot: {
    methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
    events: [],
  },
}

/**
 * The namespaces to propose, built from the site's networks: each configured namespace with its
 * chains (the preferred network first), the methods and events it needs and, for eip155, an
 * `rpcMap` so the provider's own reads never go to an endpoint the site did not choose.
 *
 * @param networks - The configured networks.
 * @param rpcUrl - The JSON-RPC endpoint of an eip155 network.
 * @param preferred - The network the visitor has selected, proposed first.
 */
export function buildProposalNamespaces(
  networks: readonly CaipNetwork[],
  rpcUrl: (network: CaipNetwork) => string | undefined,
  preferred?: CaipNetwork,
): Record<string, ProposalNamespace> {
  const ordered = preferred
    ? [
        ...networks.filter((n) => n.caipNetworkId === preferred.caipNetworkId),
        ...networks.filter((n) => n.caipNetworkId !== preferred.caipNetworkId),
      ]
    : [...networks]
  const result: Record<string, ProposalNamespace> = {}
  for (const network of ordered) {
    const capabilities = NAMESPACE_CAPABILITIES[network.namespace]
    const entry = result[network.namespace] ?? {
      chains: [],
      methods: [...capabilities.methods],
      events: [...capabilities.events],
    }
    result[network.namespace] = entry
    entry.chains.push(network.caipNetworkId)
    const url = network.namespace === 'eip155' ? rpcUrl(network) : undefined
    if (url) {
      entry.rpcMap ??= {}
      entry.rpcMap[network.reference] = url
      entry.rpcMap[network.caipNetworkId] = url
    }
  }
  return result
}
