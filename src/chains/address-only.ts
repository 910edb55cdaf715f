import { InvalidCaipError } from '../core/errors/caip.js'
import type { ChainAdapter } from '../core/types/adapter.js'
import type { ChainNamespace } from '../core/types/caip.js'

/**
 * An adapter for a namespace the kit connects and shows but reads no balance of: the blockchain
 * API serves balances for eip155 and solana only (SPEC §9), so there are no token balances and the
 * Account view says the balance is unavailable. Addresses are checked, and written as `format`
 * returns them.
 *
 * @param namespace - The namespace.
 * @param what - What its addresses are called in an error ('bitcoin').
 * @param format - The address in the kit's form, or undefined when it is not one of the namespace.
 */
export function createAddressOnlyAdapter(
  namespace: ChainNamespace,
  what: string,
  format: (address: string) => string | undefined,
): ChainAdapter {
  const adapter: ChainAdapter = {
    namespace,
    formatAddress(address) {
      const formatted = format(address)
      if (formatted === undefined)
        throw new InvalidCaipError({ value: address, reason: `not a ${what} address` })
      return formatted
    },
    checkAddress(address) {
      const formatted = format(address)
      return formatted === undefined
        ? { valid: false, reason: 'format' }
        : { valid: true, address: formatted }
    },
    async getTokenBalances() {
      return []
    },
    async getNativeBalance() {
      throw new Error(`balances are not available for ${namespace}`)
    },
  }
  return adapter
}
