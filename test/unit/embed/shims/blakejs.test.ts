import { expect, test } from 'vitest'
import { blake2b } from '../../../../src/embed/shims/blakejs.js'
import { randomBytes, seeded } from './random.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const real = walletConnectCopy<typeof import('blakejs')>('blakejs')

const next = seeded(4)

test('default: a 64-byte digest, as blakejs', () => {
  expect(blake2b(Uint8Array.of(1, 2, 3))).toEqual(
    new Uint8Array(real.blake2b(Uint8Array.of(1, 2, 3))),
  )
  expect(blake2b('abc')).toEqual(new Uint8Array(real.blake2b('abc')))
})

test('behavior: every length and key gives blakejs digest', () => {
  for (let i = 0; i < 50; i++) {
    const input = randomBytes(next, i * 7)
    const key = i % 3 === 0 ? randomBytes(next, 1 + (i % 64)) : undefined
    const length = 1 + (i % 64)
    expect(blake2b(input, key, length)).toEqual(new Uint8Array(real.blake2b(input, key, length)))
  }
  expect(blake2b(Uint8Array.of(9), new Uint8Array(), 32)).toEqual(
    new Uint8Array(real.blake2b(Uint8Array.of(9), undefined, 32)),
  )
})
