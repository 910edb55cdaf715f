/** Shortest nonce EIP-4361 allows. */
export const MIN_NONCE_LENGTH = 8

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A random alphanumeric nonce from `crypto.getRandomValues`. Bytes of 248 and above are drawn again,
 * so each of the 62 characters is equally likely.
 *
 * @param length - Characters; default 16 (about 95 bits).
 */
export function createNonce(length = 16): string {
  let nonce = ''
  while (nonce.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < 248 && nonce.length < length) nonce += ALPHANUMERIC[byte % 62]
    }
  }
  return nonce
}
