import { createHash } from 'node:crypto'
import {
  type Address,
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
} from '@solana/kit'

/** A fixed Ed25519 key pair of the local Solana chain, derived from its index. */
export interface SolanaTestAccount {
  index: number
  address: Address
  /** The 32-byte Ed25519 seed (the private key bytes). */
  seed: Uint8Array
  keyPair: CryptoKeyPair
}

/** SOL every funded account starts with. */
export const SOLANA_START_LAMPORTS = 10_000_000_000n

/** How many accounts the chain funds at start (indexes 0 … n-1). */
export const SOLANA_FUNDED_ACCOUNTS = 4

const cache = new Map<number, Promise<SolanaTestAccount>>()

/** The seed of account `index`: the same bytes on every run, so addresses are fixed. */
export function solanaSeed(index: number): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`walletkit-solana-${index}`).digest())
}

/**
 * Account `index` of the local Solana chain (an extractable key pair, so tests can also sign with
 * it). Accounts 0–3 are funded with {@link SOLANA_START_LAMPORTS} when the chain starts.
 */
export function solanaTestAccount(index: number): Promise<SolanaTestAccount> {
  let pending = cache.get(index)
  if (!pending) {
    pending = (async () => {
      const seed = solanaSeed(index)
      const keyPair = await createKeyPairFromPrivateKeyBytes(seed, true)
      return { index, address: await getAddressFromPublicKey(keyPair.publicKey), seed, keyPair }
    })()
    cache.set(index, pending)
  }
  return pending
}
