import type { ChainAdapter } from '../../core/types/adapter.js'
import { createAddressOnlyAdapter } from '../address-only.js'

// Legacy (P2PKH, P2SH) addresses: base58, led by the version character of mainnet or testnet.
const BASE58 = /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/
// SegWit and Taproot addresses: bech32 / bech32m for mainnet, testnet and regtest, in one case.
const BECH32 = /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{11,71}$/

/**
 * True for a Bitcoin address in one of its formats: legacy base58 (1…, 3…, m…, n…, 2…) or
 * bech32 / bech32m (bc1…, tb1…, bcrt1…, all lower or all upper case). Checksums are the wallet's
 * business; this keeps malformed text out of the kit.
 */
export function isBitcoinAddress(address: string): boolean {
  if (BASE58.test(address)) return true
  const lower = address.toLowerCase()
  return (address === lower || address === address.toUpperCase()) && BECH32.test(lower)
}

/**
 * Creates the bip122 chain adapter: Bitcoin addresses, bech32 ones in lower case, and no balances
 * (see createAddressOnlyAdapter).
 */
export function createBip122Adapter(): ChainAdapter {
  return createAddressOnlyAdapter('bip122', 'bitcoin', (address) =>
    !isBitcoinAddress(address) ? undefined : BASE58.test(address) ? address : address.toLowerCase(),
  )
}
