import { formatUnits, getAddress, isAddress } from 'viem'
import { InvalidCaipError } from '../../core/errors/caip.js'
import type { AddressCheck, ChainAdapter } from '../../core/types/adapter.js'
import type { BlockchainApi, RpcRequest } from '../../core/types/services.js'
import { isValidAddress } from '../../core/utils/caip.js'
import { createReader, quantity } from './reader.js'
import { createEip155Writer } from './writer.js'

const AVATAR = /^(https:\/\/|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,])/i

/**
 * An address a visitor typed: SPEC §5's optional 0x and 40 hex characters; in mixed case it must
 * carry a valid EIP-55 checksum (one mistyped character is then caught), all lower or all upper
 * case carries none.
 */
export function checkEip155Address(address: string): AddressCheck {
  if (!isValidAddress('eip155', address)) return { valid: false, reason: 'format' }
  const withPrefix = (address.startsWith('0x') ? address : `0x${address}`) as `0x${string}`
  const digits = withPrefix.slice(2)
  const mixed = digits !== digits.toLowerCase() && digits !== digits.toUpperCase()
  const canonical = getAddress(withPrefix.toLowerCase())
  if (mixed && canonical !== withPrefix) return { valid: false, reason: 'checksum' }
  return { valid: true, address: canonical }
}

/**
 * Creates the eip155 chain adapter: checksummed addresses (viem), balances from the blockchain API,
 * the native balance from the network's RPC (or the wallet's provider when the network has no RPC
 * url), names from the identity call, and the write side (`writer`).
 */
export function createEip155Adapter(parameters: {
  blockchain: BlockchainApi
  rpc: RpcRequest
}): ChainAdapter {
  return {
    namespace: 'eip155',
    formatAddress(address) {
      const withPrefix = address.startsWith('0x') ? address : `0x${address}`
      if (!isAddress(withPrefix, { strict: false }))
        throw new InvalidCaipError({ value: address, reason: 'not an eip155 address' })
      return getAddress(withPrefix)
    },
    checkAddress: checkEip155Address,
    getTokenBalances(address, network) {
      return parameters.blockchain.getBalances(address, network.caipNetworkId)
    },
    async getNativeBalance(address, network, provider) {
      const read = createReader(parameters.rpc, { network, provider })
      const wei = quantity(
        await read({ method: 'eth_getBalance', params: [address as `0x${string}`, 'latest'] }),
        'balance',
      )
      const { decimals, symbol } = network.nativeCurrency
      return { amount: formatUnits(wei, decimals), symbol }
    },
    async getIdentity(address) {
      const identity = await parameters.blockchain.getIdentity(address)
      return {
        name: identity.name,
        avatar: identity.avatar && AVATAR.test(identity.avatar) ? identity.avatar : null,
      }
    },
    writer: createEip155Writer({ rpc: parameters.rpc }),
  }
}
