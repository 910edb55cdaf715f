import { createSolanaChain, type SolanaChain } from './chain.js'
import { type SolanaRpc, startSolanaRpc } from './rpc.js'

/** The local Solana chain and its JSON-RPC endpoint. */
export interface SolanaStandIn {
  chain: SolanaChain
  rpc: SolanaRpc
  /** The JSON-RPC URL, for a network's `rpcUrl`. */
  url: string
  /** The network object a page passes to `init({ networks })`. */
  network: {
    caipNetworkId: string
    name: string
    nativeCurrency: { name: string; symbol: string; decimals: number }
    rpcUrl: string
  }
  stop(): Promise<void>
}

/**
 * Starts the in-process SVM (funded test accounts) and its JSON-RPC server on 127.0.0.1.
 * @example
 * const solana = await startSolana()
 * await solana.stop()
 */
export async function startSolana(options: { log?: boolean } = {}): Promise<SolanaStandIn> {
  const chain = await createSolanaChain()
  const rpc = await startSolanaRpc({ chain, ...(options.log && { log: true }) })
  return {
    chain,
    rpc,
    url: rpc.url,
    network: {
      caipNetworkId: chain.caipNetworkId,
      name: 'Solana Localnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrl: rpc.url,
    },
    stop: rpc.stop,
  }
}
