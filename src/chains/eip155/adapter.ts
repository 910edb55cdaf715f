import { formatUnits, getAddress, hexToBigInt, isAddress } from 'viem'
import { InvalidCaipError } from '../../core/errors/caip.js'
import type { ChainAdapter } from '../../core/types/adapter.js'
import type { BlockchainService } from '../../services/blockchain.js'
import { rpcRequest, rpcResult } from '../../services/rpc.js'

/** An EIP-1193 provider's request function. */
type Requester = { request(args: { method: string; params?: unknown }): Promise<unknown> }

const AVATAR = /^(https:\/\/|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,])/i

/**
 * Creates the eip155 chain adapter: checksummed addresses (viem), balances from the blockchain API,
 * the native balance from the network's RPC (or the wallet's provider when the network has no RPC
 * url), and names from the identity call.
 */
export function createEip155Adapter(parameters: { blockchain: BlockchainService }): ChainAdapter {
  return {
    namespace: 'eip155',
    formatAddress(address) {
      const withPrefix = address.startsWith('0x') ? address : `0x${address}`
      if (!isAddress(withPrefix, { strict: false }))
        throw new InvalidCaipError({ value: address, reason: 'not an eip155 address' })
      return getAddress(withPrefix)
    },
    getTokenBalances(address, network) {
      return parameters.blockchain.getBalances(address, network.caipNetworkId)
    },
    async getNativeBalance(address, network, provider) {
      const params = [address, 'latest']
      let hex: unknown
      if (network.rpcUrl)
        hex = await rpcRequest(network.rpcUrl, 'eth_getBalance', params, {
          parse: rpcResult.quantity,
        })
      else if (provider && typeof (provider as Requester).request === 'function')
        hex = await (provider as Requester).request({ method: 'eth_getBalance', params })
      else throw new Error('no RPC for this network')
      if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(hex))
        throw new Error('invalid balance')
      const { decimals, symbol } = network.nativeCurrency
      return { amount: formatUnits(hexToBigInt(hex as `0x${string}`), decimals), symbol }
    },
    async getIdentity(address) {
      const identity = await parameters.blockchain.getIdentity(address)
      return {
        name: identity.name,
        avatar: identity.avatar && AVATAR.test(identity.avatar) ? identity.avatar : null,
      }
    },
  }
}
