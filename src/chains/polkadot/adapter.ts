import type { ChainAdapter } from '../../core/types/adapter.js'
import { createAddressOnlyAdapter } from '../address-only.js'

// SS58: base58 of a network prefix (1 or 2 bytes), a 32-byte account id and a 2-byte checksum.
const SS58 = /^[1-9A-HJ-NP-Za-km-z]{47,49}$/

/** True for an SS58 account address of a 32-byte key (Polkadot 1…, Kusama, generic 5…). */
export function isPolkadotAddress(address: string): boolean {
  return SS58.test(address)
}

/**
 * Creates the polkadot chain adapter: SS58 addresses, kept as the wallet gave them (the prefix
 * names the network), and no balances (see createAddressOnlyAdapter).
 */
export function createPolkadotAdapter(): ChainAdapter {
  return createAddressOnlyAdapter('polkadot', 'polkadot', (address) =>
    isPolkadotAddress(address) ? address : undefined,
  )
}
