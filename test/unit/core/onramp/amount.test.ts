import { expect, test } from 'vitest'
import { cleanFiatAmount } from '../../../../src/core/onramp/amount.js'

test('default: typed fiat amounts keep digits, one separator and two decimals', () => {
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
