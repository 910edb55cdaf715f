import { sha256 } from '@noble/hashes/sha2'
import { expect, test } from 'vitest'
import { p256 } from '../../../../src/embed/shims/p256.js'
import { randomBytes, seeded } from './random.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const { p256: real } = walletConnectCopy<typeof import('@noble/curves/p256')>('@noble/curves/p256')

const next = seeded(5)

test('default: a signature made with @noble/curves/p256 verifies', () => {
  const key = real.utils.randomPrivateKey()
  const hash = sha256(Uint8Array.of(1, 2, 3))
  expect(p256.verify(real.sign(hash, key).toCompactRawBytes(), hash, real.getPublicKey(key))).toBe(
    true,
  )
})

test('behavior: keys, signatures and checks are those of @noble/curves/p256', () => {
  for (let i = 0; i < 10; i++) {
    const key = randomBytes(next, 32)
    const hash = sha256(randomBytes(next, 40))
    expect(p256.getPublicKey(key)).toEqual(real.getPublicKey(key))
    expect(p256.sign(hash, key).toCompactHex()).toBe(real.sign(hash, key).toCompactHex())
    const theirs = real.sign(hash, key).toCompactRawBytes()
    expect(p256.verify(theirs, hash, real.getPublicKey(key, false))).toBe(true)
  }
})

test('error: a signature over other bytes does not verify', () => {
  const key = randomBytes(next, 32)
  const signature = real.sign(sha256(Uint8Array.of(1)), key).toCompactRawBytes()
  expect(p256.verify(signature, sha256(Uint8Array.of(2)), real.getPublicKey(key))).toBe(false)
})
