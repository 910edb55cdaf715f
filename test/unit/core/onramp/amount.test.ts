import { expect, test } from 'vitest'
import { isLarger } from '../../../../src/core/onramp/amount.js'

test('default: decimal strings compare by value, exactly', () => {
  expect(isLarger('1.5163', '1.5')).toBe(true)
  expect(isLarger('1.5', '1.5163')).toBe(false)
  expect(isLarger('1.50', '1.5')).toBe(false)
  expect(isLarger('10', '9.999999999999999999')).toBe(true)
  expect(isLarger('0.000000000000000001', '0')).toBe(true)
  expect(isLarger('10000.000000000000000001', '10000')).toBe(true)
  expect(isLarger('010', '10')).toBe(false)
  expect(isLarger('2', '10')).toBe(false)
})
