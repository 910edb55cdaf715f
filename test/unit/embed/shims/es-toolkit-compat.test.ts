import { expect, test } from 'vitest'
import { isEqual, merge } from '../../../../src/embed/shims/es-toolkit-compat.js'
import { seeded } from './random.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const real = walletConnectCopy<typeof import('es-toolkit/compat')>('es-toolkit/compat')

type Json = null | boolean | number | string | undefined | Json[] | { [key: string]: Json }

/** Random nested data; `null` only outside arrays (see the last test). */
function randomValue(next: () => number, depth: number, inArray = false): Json {
  const kind = Math.floor(next() * (depth > 2 ? 5 : 8))
  if (kind === 0) return inArray ? 0 : null
  if (kind === 1) return next() < 0.5
  if (kind === 2) return Math.floor(next() * 4)
  if (kind === 3) return ['a', 'b', 'eip155:1', ''][Math.floor(next() * 4)]
  if (kind === 4) return undefined
  if (kind === 5)
    return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1, true))
  const out: Record<string, Json> = {}
  for (let i = Math.floor(next() * 4); i > 0; i--)
    out[['chains', 'methods', 'events', 'rpcMap', 'x'][Math.floor(next() * 5)] ?? 'x'] =
      randomValue(next, depth + 1)
  return out
}

const next = seeded(3)
const pairs = Array.from(
  { length: 3000 },
  () => [randomValue(next, 0), randomValue(next, 0)] as const,
)

test('default: session namespaces merge as the provider expects (arrays index by index)', () => {
  const required = {
    eip155: { chains: ['eip155:1'], methods: ['eth_sendTransaction'], rpcMap: { 1: 'a' } },
  }
  const optional = {
    eip155: { chains: ['eip155:137', 'eip155:10'], events: ['chainChanged'], rpcMap: { 137: 'b' } },
  }
  const expected = real.merge(structuredClone(required), structuredClone(optional))
  expect(merge(structuredClone(required), structuredClone(optional))).toEqual(expected)
})

test('behavior: merge gives what es-toolkit/compat gives, for random nested data', () => {
  for (const [a, b] of pairs) {
    const target = { root: a }
    const source = { root: b }
    const ours = merge(structuredClone(target), structuredClone(source))
    const theirs = real.merge(structuredClone(target), structuredClone(source))
    expect(ours).toEqual(theirs)
  }
})

test('behavior: isEqual gives what es-toolkit/compat gives, for random and equal pairs', () => {
  for (const [a, b] of pairs) {
    expect(isEqual(a, b)).toBe(real.isEqual(a, b))
    expect(isEqual(a, structuredClone(a))).toBe(real.isEqual(a, structuredClone(a)))
  }
  expect(isEqual(Number.NaN, Number.NaN)).toBe(true)
  expect(isEqual(new Date(5), new Date(5))).toBe(true)
  expect(isEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2))).toBe(true)
  expect(isEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false)
})

test('behavior: null inside a source array stays null, as lodash keeps it', () => {
  // es-toolkit/compat turns it into undefined when the target has no array there; lodash and the
  // shim keep the source value.
  expect(merge({}, { a: [null, 1] })).toEqual({ a: [null, 1] })
  expect(merge({ a: [5, 5] }, { a: [null] })).toEqual({ a: [null, 5] })
})

test('error: a source cannot reach Object.prototype', () => {
  merge({}, JSON.parse('{"__proto__":{"polluted":true},"a":{"__proto__":{"polluted":true}}}'))
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})
