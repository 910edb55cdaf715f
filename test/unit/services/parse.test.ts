import { expect, test } from 'vitest'
import { finite, list, optionalText, record, text } from '../../../src/services/parse.js'

test('default', () => {
  const o = { name: 'Rainbow', count: 3, items: [1] }
  expect(record(o, 'o')).toBe(o)
  expect(list(o.items, 'items')).toBe(o.items)
  expect(text(o, 'name')).toBe('Rainbow')
  expect(optionalText(o, 'name')).toBe('Rainbow')
  expect(finite(o, 'count')).toBe(3)
})

test('args: text and optionalText take a maximum length (default 2048)', () => {
  const o = { a: 'x'.repeat(2048), b: 'x'.repeat(2049), c: 'abc' }
  expect(text(o, 'a')).toHaveLength(2048)
  expect(() => text(o, 'b')).toThrow()
  expect(() => text(o, 'c', 2)).toThrow()
  expect(optionalText(o, 'b')).toBeNull()
  expect(optionalText(o, 'c', 2)).toBeNull()
})

test('behavior: only own fields are read', () => {
  const o = Object.create({ name: 'inherited', count: 1 }) as Record<string, unknown>
  expect(() => text(o, 'name')).toThrow()
  expect(optionalText(o, 'name')).toBeNull()
  expect(() => finite(o, 'count')).toThrow()
  expect(() => text({}, 'constructor')).toThrow()
})

test('behavior: optionalText is null for empty, missing or non-string values', () => {
  expect(optionalText({ a: '' }, 'a')).toBeNull()
  expect(optionalText({}, 'a')).toBeNull()
  expect(optionalText({ a: 1 }, 'a')).toBeNull()
  expect(optionalText({ a: null }, 'a')).toBeNull()
})

test('error: wrong shapes name the field', () => {
  expect(() => record([], 'response')).toThrowErrorMatchingInlineSnapshot(
    `[Error: response is not an object]`,
  )
  expect(() => record(null, 'wallet')).toThrow('wallet is not an object')
  expect(() => list({}, 'data')).toThrowErrorMatchingInlineSnapshot(`[Error: data is not an array]`)
  expect(() => text({ id: 1 }, 'id')).toThrowErrorMatchingInlineSnapshot(
    `[Error: id is not a string]`,
  )
  expect(() => finite({ n: Number.POSITIVE_INFINITY }, 'n')).toThrowErrorMatchingInlineSnapshot(
    `[Error: n is not a number]`,
  )
  expect(() => finite({ n: '1' }, 'n')).toThrow()
})
