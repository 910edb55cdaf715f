import { expect, test } from 'vitest'
import { __exportStar } from '../../../../src/embed/shims/tslib.js'

test('behavior: copies live exports, but not default and not ones already there', () => {
  const module = { a: 1, b: 2, default: 3 }
  const exports: Record<string, unknown> = { b: 'kept' }
  __exportStar(module, exports)
  expect({ ...exports }).toEqual({ a: 1, b: 'kept' })
  module.a = 5
  expect(exports.a).toBe(5)
})

test('error: keys added to Object.prototype are not copied', () => {
  const proto = Object.prototype as Record<string, unknown>
  proto.injected = true
  try {
    const exports: Record<string, unknown> = {}
    __exportStar({ a: 1 }, exports)
    expect(Object.keys(exports)).toEqual(['a'])
  } finally {
    delete proto.injected
  }
})
