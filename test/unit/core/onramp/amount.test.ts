import { expect, test } from 'vitest'
import { cleanFiatAmount, isLarger } from '../../../../src/core/onramp/amount.js'

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

test('behavior: typed fiat amounts keep digits, one separator and two decimals', () => {
  const cases: [string, string][] = [
    ['50', '50'],
    ['.5', '0.5'],
    [',5', '0.5'],
    ['12,50', '12.50'],
    ['1.2.3', '1.23'],
    ['07', '7'],
    ['00', '0'],
    ['0.07', '0.07'],
    ['12.345', '12.34'],
    ['1e3', '13'],
    ['-20', '20'],
    ['$ 50', '50'],
    ['1234567890123', '123456789'],
    ['', ''],
  ]
  for (const [typed, kept] of cases) expect(cleanFiatAmount(typed), typed).toBe(kept)
})
