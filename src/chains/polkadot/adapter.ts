import { InvalidCaipError } from '../../core/errors/caip.js'
import type { ChainAdapter } from '../../core/types/adapter.js'

// SS58: base58 of a network prefix (1 or 2 bytes), a 32-byte account id and a 2-byte checksum.
const SS58 = /^[1-9A-HJ-NP-Za-km-z]{47,49}$/

/** True for an SS58 account address of a 32-byte key (Polkadot 1…, Kusama, generic 5…). */
export function isPolkadotAddress(address: string): boolean {
  return SS58.test(address)
}

/**
 * Creates the polkadot chain adapter: SS58 addresses, kept as the wallet gave them (the prefix
 * names the network). The blockchain API serves balances for eip155 and solana only (SPEC §9), so
 * the Account view says the balance is unavailable.
 */
export function createPolkadotAdapter(): ChainAdapter {
  const adapter: ChainAdapter = {
    namespace: 'polkadot',
    formatAddress(address) {
      if (!isPolkadotAddress(address))
        throw new InvalidCaipError({ value: address, reason: 'not a polkadot address' })
      return address
    },
    checkAddress(address) {
      try {
        return { valid: true, address: adapter.formatAddress(address) }
      } catch {
        return { valid: false, reason: 'format' }
      }
    },
    async getTokenBalances() {
      return []
    },
    async getNativeBalance() {
      throw new Error('balances are not available for polkadot')
    },
  }
  return adapter
}
