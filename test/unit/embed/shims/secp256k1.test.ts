import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { secp256k1 as real } from '@noble/curves/secp256k1'
import { keccak_256 } from '@noble/hashes/sha3'
import { hashMessage, recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { secp256k1 } from '../../../../src/embed/shims/secp256k1.js'
import { randomBytes, seeded } from './random.js'
import { ROOT } from './walletconnect-copy.js'

const next = seeded(11)
const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as const

/** Every file under `dir` whose name ends in `.js`. */
function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsFiles(join(dir, entry.name))
      : entry.name.endsWith('.js')
        ? [join(dir, entry.name)]
        : [],
  )
}

test('default: a signature made with @noble/curves/secp256k1 recovers to its key', () => {
  const key = real.utils.randomPrivateKey()
  const hash = keccak_256(Uint8Array.of(1, 2, 3))
  const signature = real.sign(hash, key)
  const recovered = new secp256k1.Signature(signature.r, signature.s)
    .addRecoveryBit(signature.recovery)
    .recoverPublicKey(hash)
  expect(recovered.toRawBytes(false)).toEqual(real.getPublicKey(key, false))
})

test('behavior: keys, signatures, recoveries and checks are those of @noble/curves/secp256k1', () => {
  for (let i = 0; i < 40; i++) {
    const key = randomBytes(next, 32)
    const hash = keccak_256(randomBytes(next, 1 + i))
    expect(secp256k1.getPublicKey(key, false)).toEqual(real.getPublicKey(key, false))
    expect(secp256k1.getPublicKey(key)).toEqual(real.getPublicKey(key))
    const ours = secp256k1.sign(hash, key)
    const theirs = real.sign(hash, key)
    expect(ours.toCompactHex()).toBe(theirs.toCompactHex())
    expect(ours.recovery).toBe(theirs.recovery)
    const compact = theirs.toCompactHex()
    for (const bit of [0, 1]) {
      const recover = (curve: typeof real) => {
        try {
          return curve.Signature.fromCompact(compact)
            .addRecoveryBit(bit)
            .recoverPublicKey(hash)
            .toHex(false)
        } catch (error) {
          return `threw ${(error as Error).message}`
        }
      }
      expect(recover(secp256k1 as typeof real)).toBe(recover(real))
    }
    expect(secp256k1.verify(compact, hash, real.getPublicKey(key))).toBe(true)
    // High S is refused by both, as viem and WalletConnect expect of noble.
    const highS = new real.Signature(theirs.r, real.CURVE.n - theirs.s).toCompactHex()
    expect(secp256k1.verify(highS, hash, real.getPublicKey(key))).toBe(
      real.verify(highS, hash, real.getPublicKey(key)),
    )
  }
})

test('behavior: points decode and fail to decode as in @noble/curves/secp256k1', () => {
  for (let i = 0; i < 200; i++) {
    const bytes = randomBytes(next, 33)
    bytes[0] = 2 + (i % 2)
    const decode = (curve: typeof real) => {
      try {
        return curve.ProjectivePoint.fromHex(bytes).toHex(false)
      } catch (error) {
        return `threw ${(error as Error).message}`
      }
    }
    expect(decode(secp256k1 as typeof real)).toBe(decode(real))
  }
})

test('behavior: a message viem signs recovers, through the shim, to the signing account', async () => {
  const key = randomBytes(next, 32)
  const account = privateKeyToAccount(hex(key))
  const message = 'Sign in to example.com'
  const signature = await account.signMessage({ message })
  expect(await recoverMessageAddress({ message, signature })).toBe(account.address)
  const point = secp256k1.Signature.fromCompact(signature.slice(2, 130))
    .addRecoveryBit(Number.parseInt(signature.slice(130), 16) - 27)
    .recoverPublicKey(hashMessage(message).slice(2))
  const address = hex(keccak_256(point.toRawBytes(false).slice(1)).slice(-20))
  expect(address).toBe(account.address.toLowerCase())
})

test('behavior: viem imports nothing from @noble/curves/secp256k1 but the curve the shim exports', () => {
  const names = new Set<string>()
  for (const file of jsFiles(join(ROOT, 'node_modules/viem/_esm'))) {
    const code = readFileSync(file, 'utf8')
    const pattern =
      /(?:import|const)\s*\{([^}]*)\}\s*(?:from\s*|=\s*await\s+import\()['"]@noble\/curves\/secp256k1['"]/g
    for (const m of code.matchAll(pattern))
      for (const part of (m[1] ?? '').split(','))
        if (part.trim()) names.add(part.trim().split(/\s+as\s+|\s*:\s*/)[0] as string)
  }
  expect([...names]).toEqual(['secp256k1'])
  expect(Object.keys(secp256k1)).toEqual(Object.keys(real))
})
