import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { secp256k1 as real } from '@noble/curves/secp256k1'
import { keccak_256 } from '@noble/hashes/sha3'
import { hashMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { secp256k1 } from '../../../../src/embed/shims/secp256k1-recover.js'
import { randomBytes, seeded } from './random.js'
import { ROOT } from './walletconnect-copy.js'

// The build gives viem's recoverPublicKey this shim for `@noble/curves/secp256k1` (vite.config.ts).
// It must answer what that file calls exactly as noble does: the same key, or a throw.

const next = seeded(23)
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const N = real.CURVE.n
const P = real.CURVE.Fp.ORDER

type Curve = { Signature: typeof secp256k1.Signature }

/** What viem's recoverPublicKey gets from a curve: the uncompressed key, or that it threw. */
function recover(
  curve: Curve,
  make: (s: Curve['Signature']) => unknown,
  bit: number,
  hash: string,
) {
  try {
    const signature = make(curve.Signature) as InstanceType<Curve['Signature']>
    return signature.addRecoveryBit(bit).recoverPublicKey(hash).toHex(false)
  } catch {
    return 'threw'
  }
}

function same(make: (s: Curve['Signature']) => unknown, bit: number, hash: string) {
  const theirs = recover(real as unknown as Curve, make, bit, hash)
  expect(recover(secp256k1, make, bit, hash), `${make} ${bit} ${hash}`).toBe(theirs)
  return theirs
}

test('default: a message viem signs recovers to the signing key', async () => {
  const key = randomBytes(next, 32)
  const account = privateKeyToAccount(`0x${hex(key)}`)
  const signature = await account.signMessage({ message: 'Sign in to example.com' })
  const hash = hashMessage('Sign in to example.com').slice(2)
  const bit = Number.parseInt(signature.slice(130), 16) - 27
  const key65 = same((S) => S.fromCompact(signature.slice(2, 130)), bit, hash)
  expect(key65).toBe(hex(real.getPublicKey(key, false)))
})

// About 1 800 signatures, each recovered by both implementations: 4 s of CPU alone, and more than the default
// 20 s on a machine at a load of 15, which once made it fail on time, not on a result.
test('behavior: recoveries and refusals are those of @noble/curves/secp256k1', {
  timeout: 90_000,
}, () => {
  let recovered = 0
  for (let i = 0; i < 60; i++) {
    const key = randomBytes(next, 32)
    const hash = keccak_256(randomBytes(next, 1 + i))
    const signature = real.sign(hash, key)
    const compact = signature.toCompactHex()
    // Hashes as viem passes them, and shorter, longer, empty or malformed ones.
    const hashes = [hex(hash), hex(randomBytes(next, i % 70)), `${hex(hash)}0`, 'zz']
    for (const h of hashes)
      for (const bit of [0, 1, 2, 3, 4, -1])
        if (same((S) => S.fromCompact(compact), bit, h) !== 'threw') recovered++
    for (const bit of [0, 1]) {
      same((S) => new S(signature.r, signature.s), bit, hex(hash))
      // High S, and a signature of random bytes.
      same((S) => new S(signature.r, N - signature.s), bit, hex(hash))
      const random = hex(randomBytes(next, 64))
      same((S) => S.fromCompact(random), bit, hex(hash))
    }
  }
  expect(recovered).toBeGreaterThan(200)
})

test('error: out-of-range values and malformed compact signatures throw in both', () => {
  const hash = hex(keccak_256(Uint8Array.of(7)))
  const edges = [0n, 1n, 2n, N - 1n, N, N + 1n, P - 1n, P, 2n ** 256n - 1n, -1n]
  for (const r of edges)
    for (const s of edges) for (const bit of [0, 1, 2, 3]) same((S) => new S(r, s), bit, hash)
  for (const compact of ['', '00', 'ab'.repeat(63), 'ab'.repeat(65), 'g'.repeat(128)])
    same((S) => S.fromCompact(compact), 0, hash)
  // A recovered point at infinity: h = 0 and R = -Q leave sR - hG = s(-Q)... any x with no y too.
  same((S) => new S(5n, 1n), 0, '00'.repeat(32))
})

test('behavior: viem calls only what the shim answers', () => {
  const file = join(ROOT, 'node_modules/viem/_esm/utils/signature/recoverPublicKey.js')
  const code = readFileSync(file, 'utf8')
  // The file the shim was checked against: re-check the calls below when viem changes it.
  expect(createHash('sha256').update(code).digest('hex')).toBe(SHA256)
  expect([...code.matchAll(/secp256k1\.(\w+)/g)].map((m) => m[1])).toEqual([
    'Signature',
    'Signature',
  ])
  for (const call of ['fromCompact', 'addRecoveryBit', 'recoverPublicKey', 'toHex'])
    expect(code).toContain(`.${call}(`)
  expect(Object.keys(secp256k1)).toEqual(['Signature'])
})

const SHA256 = '822cdefac35cc86383eed42c025b871e2fff67a98e9a3f2e94ee75bc901afc1c'
