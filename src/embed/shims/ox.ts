/**
 * The part of `ox` that WalletConnect's client uses to check an EIP-191 signature: reading a
 * 65-byte signature and recovering its signer, over the secp256k1 curve already in
 * the file (`secp256k1.ts`).
 */
import { keccak_256 } from '@noble/hashes/sha3'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { secp256k1 } from './secp256k1.js'

/** A secp256k1 signature; `yParity` is absent for a 64-byte signature. */
export interface SignatureValue {
  r: bigint
  s: bigint
  yParity?: 0 | 1
}

/** `v` (0, 1, 27, 28 or EIP-155's 35 and above) to the y parity. */
function vToYParity(v: number): 0 | 1 {
  if (v === 0 || v === 27) return 0
  if (v === 1 || v === 28) return 1
  if (v >= 35) return v % 2 === 0 ? 1 : 0
  throw new Error(`Invalid \`v\` value "${v}". Expected 0, 1, 27, 28 or 35 and above.`)
}

/** Signature reading. */
export const Signature = {
  /** Reads `0x` + r (32 bytes) + s (32 bytes) [+ v (1 byte)]. */
  fromHex(signature: string): SignatureValue {
    if (
      !/^0x[0-9a-fA-F]*$/.test(signature) ||
      (signature.length !== 130 && signature.length !== 132)
    )
      throw new Error(`Value \`${signature}\` is an invalid signature size.`)
    const r = BigInt(`0x${signature.slice(2, 66)}`)
    const s = BigInt(`0x${signature.slice(66, 130)}`)
    if (signature.length === 130) return { r, s }
    return { r, s, yParity: vToYParity(Number(`0x${signature.slice(130)}`)) }
  },
}

/** Signer recovery. */
export const Secp256k1 = {
  /** The address (lower case, as ox gives it) that signed the 32-byte `payload`. */
  recoverAddress(options: { payload: Hex | Uint8Array; signature: SignatureValue }): string {
    const { payload, signature } = options
    if (signature.yParity === undefined) throw new Error('The signature has no y parity.')
    const hash = typeof payload === 'string' ? hexToBytes(payload) : payload
    const point = new secp256k1.Signature(signature.r, signature.s)
      .addRecoveryBit(signature.yParity)
      .recoverPublicKey(hash)
    const address = keccak_256(point.toRawBytes(false).slice(1)).slice(-20)
    return bytesToHex(address)
  },
}
