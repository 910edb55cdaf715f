import { beforeEach, expect, test } from 'vitest'
import { createSafeStorage } from '../../../../src/core/utils/storage.js'

const isNumberList = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((n) => typeof n === 'number')

/** A Storage whose every method throws the given error. */
function throwingStorage(error: Error): Storage {
  const fail = () => {
    throw error
  }
  return { getItem: fail, setItem: fail, removeItem: fail, clear: fail, key: fail, length: 0 }
}

beforeEach(() => {
  localStorage.clear()
})

test('default', () => {
  const storage = createSafeStorage()
  expect(storage.set('numbers', [1, 2])).toBe(true)
  expect(localStorage.getItem('walletkit:numbers')).toBe('[1,2]')
  expect(storage.get('numbers', isNumberList)).toEqual([1, 2])
  storage.remove('numbers')
  expect(storage.get('numbers', isNumberList)).toBeUndefined()
  expect(localStorage.getItem('walletkit:numbers')).toBeNull()
})

test('args: any Storage may be given', () => {
  const map = new Map<string, string>()
  const fake = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  } as Storage
  const storage = createSafeStorage(() => fake)
  storage.set('a', [3])
  expect(map.get('walletkit:a')).toBe('[3]')
  expect(storage.get('a', isNumberList)).toEqual([3])
})

test('behavior: a missing key is undefined', () => {
  expect(createSafeStorage().get('nothing', isNumberList)).toBeUndefined()
})

test('behavior: no storage at all means no persistence', () => {
  const storage = createSafeStorage(() => undefined)
  expect(() => storage.set('a', [1])).not.toThrow()
  expect(storage.get('a', isNumberList)).toBeUndefined()
  expect(() => storage.remove('a')).not.toThrow()
})

test('behavior: corrupt JSON is undefined', () => {
  localStorage.setItem('walletkit:numbers', '[1,2')
  expect(createSafeStorage().get('numbers', isNumberList)).toBeUndefined()
  localStorage.setItem('walletkit:numbers', 'undefined')
  expect(createSafeStorage().get('numbers', isNumberList)).toBeUndefined()
})

test('behavior: a value the validator rejects is undefined', () => {
  localStorage.setItem('walletkit:numbers', '["1",2]')
  const seen: unknown[] = []
  const validate = (value: unknown): value is number[] => {
    seen.push(value)
    return isNumberList(value)
  }
  expect(createSafeStorage().get('numbers', validate)).toBeUndefined()
  expect(seen).toEqual([['1', 2]])
})

test('behavior: a throwing validator is undefined', () => {
  localStorage.setItem('walletkit:numbers', '[1]')
  const validate = (_: unknown): _ is number[] => {
    throw new Error('bad')
  }
  expect(createSafeStorage().get('numbers', validate)).toBeUndefined()
})

test('error: SecurityError when reaching storage is never thrown', () => {
  const storage = createSafeStorage(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  })
  expect(storage.get('a', isNumberList)).toBeUndefined()
  expect(() => storage.set('a', [1])).not.toThrow()
  expect(() => storage.remove('a')).not.toThrow()
})

test('error: throwing storage methods are never thrown', () => {
  for (const error of [
    new DOMException('The operation is insecure.', 'SecurityError'),
    new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
  ]) {
    const storage = createSafeStorage(() => throwingStorage(error))
    expect(storage.get('a', isNumberList)).toBeUndefined()
    expect(storage.set('a', [1])).toBe(false)
    expect(() => storage.remove('a')).not.toThrow()
  }
})

test('error: a value JSON cannot hold is refused, not thrown', () => {
  const cyclic: Record<string, unknown> = {}
  cyclic.self = cyclic
  expect(createSafeStorage().set('a', cyclic)).toBe(false)
  expect(createSafeStorage().set('b', 1n)).toBe(false)
})
