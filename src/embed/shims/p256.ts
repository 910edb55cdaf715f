/**
 * The NIST P-256 curve alone, which WalletConnect's client uses to check Verify attestations
 * (ES256 JWTs). `@noble/curves/p256` re-exports the module that also builds P-384 and P-521, and
 * their hash-to-curve maps, when the file loads.
 */
import { createCurve } from '@noble/curves/_shortw_utils'
import { Field } from '@noble/curves/abstract/modular'
import { sha256 } from '@noble/hashes/sha2'

const Fp = Field(BigInt('0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff'))

/** secp256r1: ECDSA and ECDH, the parameters of SEC 2 §2.4.2, high S allowed as in noble. */
export const p256 = createCurve(
  {
    a: Fp.create(BigInt(-3)),
    b: BigInt('0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b'),
    Fp,
    n: BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551'),
    Gx: BigInt('0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296'),
    Gy: BigInt('0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5'),
    h: BigInt(1),
    lowS: false,
  },
  sha256,
)
