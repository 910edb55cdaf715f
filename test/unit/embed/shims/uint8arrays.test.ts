import { expect, test } from 'vitest'
import {
  concat,
  fromString,
  type SupportedEncoding,
  toString as toText,
} from '../../../../src/embed/shims/uint8arrays.js'
import { randomBytes, seeded } from './random.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
// uint8arrays 3 ships types that its package exports map does not point to: typed below.
const untyped = walletConnectCopy<unknown>('uint8arrays')

const real = untyped as {
  fromString(text: string, encoding?: SupportedEncoding): Uint8Array
  toString(bytes: Uint8Array, encoding?: SupportedEncoding): string
  concat(arrays: Uint8Array[], length?: number): Uint8Array
}

const encodings: SupportedEncoding[] = ['base10', 'base16', 'base58btc', 'base64pad', 'base64url']
const next = seeded(2)
const samples = [
  new Uint8Array(),
  Uint8Array.of(0),
  Uint8Array.of(1),
  Uint8Array.of(2),
  Uint8Array.of(0, 0, 255),
  ...Array.from({ length: 40 }, (_, i) => randomBytes(next, 1 + (i % 33), i % 4)),
  randomBytes(next, 70_000),
]

test('default: UTF-8 both ways, as uint8arrays', () => {
  for (const text of ['', 'hello', 'Grüße, 世界 👋']) {
    expect(fromString(text)).toEqual(new Uint8Array(real.fromString(text)))
    expect(toText(fromString(text))).toBe(text)
  }
})

test('behavior: every encoding the client uses gives the same text and bytes as uint8arrays', () => {
  for (const encoding of encodings) {
    for (const bytes of samples) {
      if ((encoding === 'base10' || encoding === 'base58btc') && bytes.length > 64) continue
      const text = real.toString(bytes, encoding)
      expect(toText(bytes, encoding), `${encoding} ${bytes.length}`).toBe(text)
      expect(fromString(text, encoding), `${encoding} ${bytes.length}`).toEqual(
        new Uint8Array(real.fromString(text, encoding)),
      )
    }
  }
})

test('behavior: the envelope type byte survives base10 like the client expects', () => {
  for (const type of [0, 1, 2])
    expect(Number(toText(fromString(`${type}`, 'base10'), 'base10'))).toBe(type)
  expect(fromString('0', 'base10')).toEqual(Uint8Array.of(0))
})

test('behavior: concat joins, and cuts to the length asked for', () => {
  const parts = [Uint8Array.of(1, 2), Uint8Array.of(), Uint8Array.of(3)]
  expect(concat(parts)).toEqual(new Uint8Array(real.concat(parts)))
  expect(concat(parts, 5)).toEqual(Uint8Array.of(1, 2, 3, 0, 0))
})

test('error: an unknown encoding and malformed text are refused', () => {
  expect(() => fromString('x', 'base99' as SupportedEncoding)).toThrow(
    'Unsupported encoding "base99"',
  )
  expect(() => toText(Uint8Array.of(1), 'toString' as SupportedEncoding)).toThrow(
    'Unsupported encoding',
  )
  expect(() => fromString('abc', 'base16')).toThrow()
  expect(() => fromString('AB', 'base16')).toThrow()
  expect(() => fromString('a+b/', 'base64url')).toThrow()
  expect(() => fromString('!!!!', 'base64pad')).toThrow()
})
