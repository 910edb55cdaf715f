/**
 * `blake2b` with blakejs's signature, over the `@noble/hashes` BLAKE2b already in the file
 * (WalletConnect's client hashes Polkadot extrinsics with it).
 */
import { blake2b as nobleBlake2b } from '@noble/hashes/blake2'

/** BLAKE2b of `input` (a string is hashed as UTF-8), optionally keyed, `outputLength` bytes long. */
export function blake2b(
  input: Uint8Array | string,
  key?: Uint8Array,
  outputLength = 64,
): Uint8Array {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input
  return nobleBlake2b(bytes, { dkLen: outputLength, ...(key?.length ? { key } : {}) })
}
