import { expect, test } from 'vitest'
import { sameOptions } from '../../../src/embed/equal.js'

const projectId = '0123456789abcdef0123456789abcdef'

test('default', () => {
  expect(sameOptions({ projectId }, { projectId })).toBe(true)
  expect(sameOptions({ projectId }, { projectId: 'other' })).toBe(false)
})

test('behavior: plain data compares deeply, whatever the key order', () => {
  expect(
    sameOptions(
      {
        projectId,
        networks: ['eip155:1', { caipNetworkId: 'eip155:2', name: 'B' }],
        features: { swaps: false },
      },
      {
        features: { swaps: false },
        networks: ['eip155:1', { name: 'B', caipNetworkId: 'eip155:2' }],
        projectId,
      },
    ),
  ).toBe(true)
  expect(
    sameOptions({ networks: ['eip155:1', 'eip155:2'] }, { networks: ['eip155:2', 'eip155:1'] }),
  ).toBe(false)
  expect(sameOptions({ features: { swaps: false } }, { features: { swaps: true } })).toBe(false)
  expect(sameOptions({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false)
})

test('behavior: functions compare by identity', () => {
  const getNonce = async () => 'nonce'
  expect(sameOptions({ siwx: { getNonce } }, { siwx: { getNonce } })).toBe(true)
  expect(sameOptions({ siwx: { getNonce } }, { siwx: { getNonce: async () => 'nonce' } })).toBe(
    false,
  )
})

test('behavior: objects that are not plain compare by identity', () => {
  const date = new Date(0)
  expect(sameOptions({ d: date }, { d: date })).toBe(true)
  expect(sameOptions({ d: new Date(0) }, { d: new Date(0) })).toBe(false)
  expect(sameOptions({ m: new Map() }, { m: new Map() })).toBe(false)
  class Options {
    projectId = projectId
  }
  expect(sameOptions(new Options(), new Options())).toBe(false)
})

test('behavior: prototype-less objects compare deeply', () => {
  const a = Object.assign(Object.create(null) as object, { projectId })
  const b = Object.assign(Object.create(null) as object, { projectId })
  expect(sameOptions(a, b)).toBe(true)
  expect(sameOptions(a, { projectId })).toBe(false)
})

test('behavior: arrays and objects never match each other', () => {
  expect(sameOptions([1], { 0: 1 })).toBe(false)
  expect(sameOptions({ 0: 1 }, [1])).toBe(false)
})

test('behavior: missing keys, extra keys, null and primitives', () => {
  expect(sameOptions({ a: 1 }, { b: 1 })).toBe(false)
  expect(sameOptions({ a: 1 }, { a: 1, b: 2 })).toBe(false)
  // A key set to undefined counts as left out.
  expect(sameOptions({ a: undefined }, { b: undefined })).toBe(true)
  expect(sameOptions({ a: undefined }, {})).toBe(true)
  expect(sameOptions({ a: undefined }, { a: 1 })).toBe(false)
  expect(sameOptions(null, null)).toBe(true)
  expect(sameOptions(null, {})).toBe(false)
  expect(sameOptions(undefined, {})).toBe(false)
  expect(sameOptions(Number.NaN, Number.NaN)).toBe(true)
  expect(sameOptions(0, -0)).toBe(false)
  expect(sameOptions('a', 'a')).toBe(true)
})
