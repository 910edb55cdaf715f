import { getBase58Decoder, getBase58Encoder } from '@solana/web3.js'
import { toProviderError, UserRejectedRequestError } from '../errors/rpc.js'
import { SignatureDeclinedError, SiwxNotConnectedError } from './errors.js'
import type { SiwxSigner } from './types.js'

/** What sign-in needs of `kit.getProvider('solana')`: message signing with the account's key. */
type MessageSigner = {
  signMessage(message: Uint8Array): Promise<{ signature: Uint8Array; signedMessage: Uint8Array }>
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/** Base58 text to bytes, or undefined when it is not base58. */
function bytesOf(base58: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return new Uint8Array(getBase58Encoder().encode(base58))
  } catch {
    return undefined
  }
}

/**
 * Sign-in for solana accounts: the wallet signs the message's UTF-8 bytes (Wallet Standard
 * `solana:signMessage`); the signature is kept in base58 and checked in the browser with Ed25519
 * (WebCrypto) against the address, which is the public key.
 */
export const solanaSigner: SiwxSigner = {
  async sign({ wallet: provider, message }) {
    if (!provider || typeof (provider as Partial<MessageSigner>).signMessage !== 'function')
      throw new SiwxNotConnectedError()
    const bytes = new TextEncoder().encode(message)
    let output: Awaited<ReturnType<MessageSigner['signMessage']>>
    try {
      output = await (provider as MessageSigner).signMessage(bytes)
    } catch (error) {
      throw error instanceof UserRejectedRequestError ? new SignatureDeclinedError(error) : error
    }
    // A wallet that signs other bytes than the message (a prefix, say) signed something else.
    if (!(output.signature instanceof Uint8Array) || !sameBytes(output.signedMessage, bytes))
      throw toProviderError({ code: -32603, message: 'The wallet did not sign the message as is.' })
    return getBase58Decoder().decode(output.signature)
  },

  async verify({ message, signature, address }) {
    const key = bytesOf(address)
    const sig = bytesOf(signature)
    if (key?.length !== 32 || sig?.length !== 64) return false
    const publicKey = await crypto.subtle.importKey('raw', key, { name: 'Ed25519' }, false, [
      'verify',
    ])
    return crypto.subtle.verify(
      { name: 'Ed25519' },
      publicKey,
      sig,
      new TextEncoder().encode(message),
    )
  },
}
