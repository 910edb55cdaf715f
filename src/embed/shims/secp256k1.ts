/**
 * The secp256k1 curve alone, for the signer recovery of viem (`recoverMessageAddress`, which loads
 * `@noble/curves/secp256k1` through `import()`) and of the `ox` shim. The published module also
 * defines Schnorr (BIP-340) and hash-to-curve, and a dynamic import keeps all of a module's exports
 * in the file; neither is used here. Same public parameters (SEC 2 §2.4.1), same endomorphism, so
 * the same keys, signatures and recoveries (test/unit/embed/shims/secp256k1.test.ts).
 */
import { createCurve } from '@noble/curves/_shortw_utils'
import { Field, mod } from '@noble/curves/abstract/modular'
import { sha256 } from '@noble/hashes/sha2'

const P = BigInt('0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f')
const N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141')
const POW_2_128 = BigInt(2) ** BigInt(128)
const A1 = BigInt('0x3086d221a7d46bcde86c90e49284eb15')
const B1 = -BigInt('0xe4437ed6010e88286f547fa90abfe4c3')
const A2 = BigInt('0x114ca50f7a8e2f3f657c1108d9d44cfd8')

const divNearest = (a: bigint, b: bigint) => (a + b / BigInt(2)) / b

/** secp256k1: ECDSA with low S by default, as in noble; P ≡ 3 (mod 4), so the field's own square root. */
export const secp256k1 = createCurve(
  {
    a: BigInt(0),
    b: BigInt(7),
    Fp: Field(P),
    n: N,
    Gx: BigInt('0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'),
    Gy: BigInt('0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8'),
    h: BigInt(1),
    lowS: true,
    // GLV decomposition: a speed-up only; the scalar product is the same.
    endo: {
      beta: BigInt('0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee'),
      splitScalar: (k: bigint) => {
        const c1 = divNearest(A1 * k, N)
        const c2 = divNearest(-B1 * k, N)
        let k1 = mod(k - c1 * A1 - c2 * A2, N)
        let k2 = mod(-c1 * B1 - c2 * A1, N)
        const k1neg = k1 > POW_2_128
        const k2neg = k2 > POW_2_128
        if (k1neg) k1 = N - k1
        if (k2neg) k2 = N - k2
        if (k1 > POW_2_128 || k2 > POW_2_128)
          throw new Error(`splitScalar: Endomorphism failed, k=${k}`)
        return { k1neg, k1, k2neg, k2 }
      },
    },
  },
  sha256,
)
