import { hashMessage, recoverMessageAddress } from 'viem'
import { SiwxNotConnectedError } from './errors.js'
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

/** What an eip155 sign-in signs with: the kit's one `personal_sign` door (core/eip155-wallet.ts). */
type MessageSigner = { signMessage(message: string, address: string): Promise<string> }

const isMessageSigner = (value: unknown): value is MessageSigner =>
  typeof (value as Partial<MessageSigner> | undefined)?.signMessage === 'function'

/**
 * Sign-in for eip155 accounts: `personal_sign` through the kit's chain writer; an EOA's
 * signature is recovered in the browser (viem), and a contract account's (EIP-1271) is asked of the
 * account itself on its network.
 */
export const eip155Signer: SiwxSigner = {
  async sign({ wallet, message, address }) {
    if (!isMessageSigner(wallet)) throw new SiwxNotConnectedError()
    return wallet.signMessage(message, address)
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
