import { expect, test } from 'vitest'
import { dateFormat, formatAmount, formatUsd } from '../../../../src/core/utils/format.js'

test('default', () => {
  expect(formatAmount('1234.56789')).toBe('1,234.5678')
  expect(formatUsd(1234.5)).toBe('$1,234.50')
})

test('args: maxDecimals sets how many decimals are kept', () => {
  expect(formatAmount('1.23456', 2)).toBe('1.23')
  expect(formatAmount('1.23456', 6)).toBe('1.23456')
  expect(formatAmount('1.5', 0)).toBe('1')
  expect(formatAmount('0.001', 2)).toBe('<0.01')
  expect(formatAmount('0.01', 2)).toBe('0.01')
})

test('behavior: amounts are cut, never rounded up', () => {
  expect(formatAmount('0.99999')).toBe('0.9999')
  expect(formatAmount('9.99999999')).toBe('9.9999')
  expect(formatAmount('999999.99999')).toBe('999,999.9999')
  expect(formatAmount('1.00009')).toBe('1')
  expect(formatAmount('2.49999', 1)).toBe('2.4')
})

test('behavior: thousands are grouped without losing precision', () => {
  expect(formatAmount('999')).toBe('999')
  expect(formatAmount('1000')).toBe('1,000')
  expect(formatAmount('1234567')).toBe('1,234,567')
  expect(formatAmount('0001234.5')).toBe('1,234.5')
  expect(formatAmount('123456789012345678901234567890.123456789')).toBe(
    '123,456,789,012,345,678,901,234,567,890.1234',
  )
})

test('behavior: trailing zeros go, zero stays zero', () => {
  expect(formatAmount('1.5000')).toBe('1.5')
  expect(formatAmount('10.10')).toBe('10.1')
  expect(formatAmount('0')).toBe('0')
  expect(formatAmount('0.0000')).toBe('0')
  expect(formatAmount('0.00000')).toBe('0')
  expect(formatAmount('000')).toBe('0')
})

test('behavior: a tiny non-zero amount shows as below the smallest shown value', () => {
  expect(formatAmount('0.00001')).toBe('<0.0001')
  expect(formatAmount('0.000000000000000001')).toBe('<0.0001')
  expect(formatAmount('0.0001')).toBe('0.0001')
  // A whole part keeps the amount from being "tiny".
  expect(formatAmount('1.00001')).toBe('1')
})

test('error: input that is not a plain decimal shows 0', () => {
  for (const value of [
    undefined,
    '',
    'abc',
    '-1',
    '1e5',
    '1.',
    '.5',
    ' 1',
    '1 ',
    '1,000',
    'NaN',
    'Infinity',
    '0x10',
    '1.2.3',
    '١٢٣',
  ])
    expect(formatAmount(value), String(value)).toBe('0')
})

test('behavior: formatUsd shows two decimals, grouped; invalid values show $0.00', () => {
  expect(formatUsd(0)).toBe('$0.00')
  expect(formatUsd(0.1)).toBe('$0.10')
  expect(formatUsd(1234567.891)).toBe('$1,234,567.89')
  for (const value of [-1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
    expect(formatUsd(value), String(value)).toBe('$0.00')
})

test('error: maxDecimals 0 with an amount below 1 does not throw', () => {
  expect(() => formatAmount('0.5', 0)).not.toThrow()
})

test('behavior: dateFormat makes one formatter per locale and options', () => {
  const a = dateFormat('en', { month: 'long' })
  expect(dateFormat('en', { month: 'long' })).toBe(a)
  expect(dateFormat('de', { month: 'long' })).not.toBe(a)
  expect(a.format(Date.UTC(2026, 10, 20, 12))).toBe('November')
})
