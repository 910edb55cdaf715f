import { expect, test } from 'vitest'
import { isEip1193Provider, parseChainId } from '../../../../src/connectors/injected/eip1193.js'

test('default', () => {
  expect(parseChainId('0x7a69')).toBe(31337)
  expect(isEip1193Provider({ request: async () => null })).toBe(true)
})

test('args: parseChainId reads hex, decimal strings and numbers', () => {
  expect(parseChainId('0x1')).toBe(1)
  expect(parseChainId('0X1')).toBeUndefined()
  expect(parseChainId('0x7A69')).toBe(31337)
  expect(parseChainId('31337')).toBe(31337)
  expect(parseChainId(31337)).toBe(31337)
  expect(parseChainId('0x1fffffffffffff')).toBe(Number.MAX_SAFE_INTEGER)
})

test('error: parseChainId rejects what is not a positive safe integer', () => {
  for (const value of [
    '',
    '0x',
    '0x0',
    '0',
    0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '0x20000000000000',
    '0x123456789012345',
    '12345678901234567',
    ' 1',
    '1 ',
    '-1',
    '1e3',
    '0xzz',
    'abc',
    null,
    undefined,
    {},
    [1],
    1n,
  ])
    expect(parseChainId(value), String(value)).toBeUndefined()
})

test('behavior: isEip1193Provider needs a request function', () => {
  const fn = Object.assign(() => {}, { request: async () => null })
  expect(isEip1193Provider(fn)).toBe(true)
  for (const value of [null, undefined, {}, { request: 'x' }, 'provider', 1, { send() {} }])
    expect(isEip1193Provider(value)).toBe(false)
})
