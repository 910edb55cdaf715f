import { hashMessage, recoverMessageAddress, stringToHex } from 'viem'
import { toProviderError, UserRejectedRequestError } from '../errors/rpc.js'
import { isEip1193Provider } from '../types/provider.js'
import { SignatureDeclinedError, SiwxNotConnectedError } from './errors.js'
import type { SiwxSigner } from './types.js'

/** `isValidSignature(bytes32,bytes)`'s selector, which is also the value a valid answer starts with. */
const EIP1271_MAGIC = '0x1626ba7e'

const HEX = /^0x[0-9a-fA-F]*$/

/** A hex string left-padded to 32 bytes, without 0x. */
const word = (hex: string) => hex.padStart(64, '0')

/**
 * The call data of `isValidSignature(hash, signature)`: the selector, the hash, the offset of the
 * dynamic `bytes` (two words in), its length, then its bytes right-padded to a whole word.
 */
export function isValidSignatureData(hash: string, signature: string): string {
  const bytes = signature.slice(2)
  return (
    EIP1271_MAGIC +
    word(hash.slice(2)) +
    word('40') +
    word((bytes.length / 2).toString(16)) +
    bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0')
  )
}

/**
 * Sign-in for eip155 accounts: `personal_sign` through the wallet's EIP-1193 provider; an EOA's
 * signature is recovered in the browser (viem), and a contract account's (EIP-1271) is asked of the
 * account itself on its network.
 */
export const eip155Signer: SiwxSigner = {
  async sign({ provider, message, address }) {
    if (!isEip1193Provider(provider)) throw new SiwxNotConnectedError()
    let signature: unknown
    try {
      signature = await provider.request({
        method: 'personal_sign',
        params: [stringToHex(message), address as `0x${string}`],
      })
    } catch (error) {
      const converted = toProviderError(error)
      throw converted instanceof UserRejectedRequestError
        ? new SignatureDeclinedError(error)
        : converted
    }
    if (typeof signature !== 'string' || !HEX.test(signature) || signature.length < 4)
      throw toProviderError({ code: -32603, message: 'The wallet returned an invalid signature.' })
    return signature
  },

  async verify({ message, signature, address, call }) {
    if (!HEX.test(signature) || signature.length % 2 !== 0) return false
    try {
      const recovered = await recoverMessageAddress({
        message,
        signature: signature as `0x${string}`,
      })
      if (recovered.toLowerCase() === address.toLowerCase()) return true
    } catch {
      // Not a 65-byte ECDSA signature: a contract account's, perhaps.
    }
    if (!call) return false
    const result = await call({
      to: address,
      data: isValidSignatureData(hashMessage(message), signature),
    })
    return typeof result === 'string' && result.slice(0, 10).toLowerCase() === EIP1271_MAGIC
  },
}
