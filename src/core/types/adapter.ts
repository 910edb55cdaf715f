import type { TokenBalance } from '../chain-state.js'
import type { CaipNetwork, ChainNamespace } from './caip.js'

/** What a namespace's chain adapter does for the core (implemented in chains/). */
export type ChainAdapter = {
  readonly namespace: ChainNamespace
  /** The address in its canonical form (checksummed for eip155). Throws InvalidCaipError when invalid. */
  formatAddress(address: string): string
  /** Token balances from the blockchain API, native coin included. Throws on any failure. */
  getTokenBalances(address: string, network: CaipNetwork): Promise<TokenBalance[]>
  /** The native balance from the network's own RPC, or the wallet's provider when it has none. */
  getNativeBalance(
    address: string,
    network: CaipNetwork,
    provider: unknown,
  ): Promise<{ amount: string; symbol: string }>
  /** Name and avatar for an address, when the namespace has names. */
  getIdentity?(address: string): Promise<{ name: string | null; avatar: string | null }>
}
