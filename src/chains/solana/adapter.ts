import { isAddress } from '@solana/web3.js'
import { formatUnits } from 'viem'
import { InvalidCaipError } from '../../core/errors/caip.js'
import type { ChainAdapter } from '../../core/types/adapter.js'
import type { BlockchainApi, RpcRequest } from '../../core/types/services.js'
import { isValidAddress } from '../../core/utils/caip.js'
import { createSolanaWriter } from './writer.js'

/** Decimals of SOL: one SOL is 10^9 lamports. */
export const SOL_DECIMALS = 9

/**
 * True for a Solana address: SPEC §5's 32 to 44 base58 characters, and bytes that make a 32-byte
 * public key (a string of the right length can still decode to more or fewer bytes).
 */
export function isSolanaAddress(address: string): boolean {
  return isValidAddress('solana', address) && isAddress(address)
}

/** Lamports as a decimal amount of SOL, e.g. 1500000000n → '1.5'. */
export function formatLamports(lamports: bigint, decimals = SOL_DECIMALS): string {
  return formatUnits(lamports, decimals)
}

/** The `getBalance` answer of a Solana JSON-RPC node: `{ context, value }` with lamports. */
function lamportsOf(result: unknown): bigint {
  const value = (result as { value?: unknown } | null)?.value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value)
  throw new Error('invalid balance')
}

/**
 * Creates the solana chain adapter: addresses are checked (base58, 32-byte keys) and kept as
 * they are; balances come from the blockchain API, with the network's own RPC (`getBalance`) as
 * the fallback; SOL transfers go through the Wallet Standard wallet (`writer`). Solana has no
 * names in the blockchain API, so there is no identity lookup.
 */
export function createSolanaAdapter(parameters: {
  blockchain: BlockchainApi
  rpc: RpcRequest
}): ChainAdapter {
  return {
    namespace: 'solana',
    formatAddress(address) {
      if (!isSolanaAddress(address))
        throw new InvalidCaipError({ value: address, reason: 'not a solana address' })
      return address
    },
    checkAddress: (address) =>
      isSolanaAddress(address) ? { valid: true, address } : { valid: false, reason: 'format' },
    getTokenBalances(address, network) {
      return parameters.blockchain.getBalances(address, network.caipNetworkId)
    },
    async getNativeBalance(address, network) {
      if (!network.rpcUrl) throw new Error('no RPC for this network')
      const result = await parameters.rpc(network.rpcUrl, 'getBalance', [
        address,
        { commitment: 'confirmed' },
      ])
      // Lamports are always 10^-9 SOL, whatever decimals a site gave the network.
      return { amount: formatLamports(lamportsOf(result)), symbol: network.nativeCurrency.symbol }
    },
    writer: createSolanaWriter({ rpc: parameters.rpc }),
  }
}
