import { InvalidCaipError } from '../../core/errors/caip.js'
import type { ChainAdapter } from '../../core/types/adapter.js'

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
 * Creates the bip122 chain adapter: Bitcoin addresses, bech32 ones in lower case. The blockchain
 * API serves balances for eip155 and solana only (SPEC §9), so there are no token balances and the
 * Account view says the balance is unavailable.
 */
export function createBip122Adapter(): ChainAdapter {
  const adapter: ChainAdapter = {
    namespace: 'bip122',
    formatAddress(address) {
      if (!isBitcoinAddress(address))
        throw new InvalidCaipError({ value: address, reason: 'not a bitcoin address' })
      return BASE58.test(address) ? address : address.toLowerCase()
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
      throw new Error('balances are not available for bip122')
    },
  }
  return adapter
}
