import { expect, test } from 'vitest'
import {
  base32,
  base58,
  base64urlnopad,
  radixCodec,
} from '../../../../src/embed/shims/scure-base.js'
import { randomBytes, seeded } from './random.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const real = walletConnectCopy<typeof import('@scure/base')>('@scure/base')

const next = seeded(21)
const pairs = [
  ['base58', base58, real.base58],
  ['base32', base32, real.base32],
  ['base64urlnopad', base64urlnopad, real.base64urlnopad],
  [
    'base10',
    radixCodec(10, '0123456789'),
    real.utils.chain(real.utils.radix(10), real.utils.alphabet('0123456789'), real.utils.join('')),
  ],
] as const

/** What a codec call gives: its value, or that it threw. */
function outcome(run: () => Uint8Array | string): string {
  try {
    const value = run()
    return typeof value === 'string' ? value : `bytes ${Array.from(value).join(',')}`
  } catch {
    return 'threw'
  }
}

test('default: a did:key public key round-trips through base58 as the package encodes it', () => {
  const key = Uint8Array.of(0xed, 0x01, ...randomBytes(next, 32))
  expect(base58.encode(key)).toBe(real.base58.encode(key))
  expect(base58.decode(real.base58.encode(key))).toEqual(key)
})

test.each(pairs)(
  'behavior: %s encodes as @scure/base does, leading zeros included',
  (_, ours, theirs) => {
    for (let i = 0; i < 400; i++) {
      const bytes = randomBytes(next, Math.floor(next() * 70), Math.floor(next() * 4))
      expect(ours.encode(bytes)).toBe(theirs.encode(bytes))
      expect(ours.decode(theirs.encode(bytes))).toEqual(bytes)
    }
    expect(ours.encode(new Uint8Array(0))).toBe(theirs.encode(new Uint8Array(0)))
    expect(ours.encode(new Uint8Array(5))).toBe(theirs.encode(new Uint8Array(5)))
  },
)

test.each(pairs)('error: %s decodes and refuses text as @scure/base does', (_, ours, theirs) => {
  const letters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_=+/ Il'
  for (let i = 0; i < 3000; i++) {
    let text = ''
    for (let n = Math.floor(next() * 14); n > 0; n--)
      text += letters[Math.floor(next() * letters.length)]
    expect(
      outcome(() => ours.decode(text)),
      text,
    ).toBe(outcome(() => theirs.decode(text)))
  }
  expect(outcome(() => ours.encode('abc' as never))).toBe('threw')
  expect(outcome(() => ours.decode(7 as never))).toBe('threw')
})
