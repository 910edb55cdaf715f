import { expect, test } from 'vitest'
import { UnsafeCheckoutUrlError } from '../../../../src/core/errors/onramp.js'
import { checkCheckoutUrl } from '../../../../src/core/onramp/checkout-url.js'

test('default: an https link passes', () => {
  expect(checkCheckoutUrl('https://pay.example.com/buy?session=1')).toBe(
    'https://pay.example.com/buy?session=1',
  )
})

test('behavior: plain http passes on loopback only (the local stack)', () => {
  expect(checkCheckoutUrl('http://127.0.0.1:4000/buy/1')).toBe('http://127.0.0.1:4000/buy/1')
  expect(checkCheckoutUrl('http://localhost:4000/buy')).toBe('http://localhost:4000/buy')
  expect(checkCheckoutUrl('http://[::1]:4000/')).toBe('http://[::1]:4000/')
})

test('error: anything else is refused with the same clear error (SECURITY.md row 13)', () => {
  const refused = [
    'http://pay.example.com/buy',
    'http://127.0.0.1.example.com/buy',
    'http://10.0.0.1/buy',
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'blob:https://pay.example.com/1',
    'ftp://pay.example.com/',
    'https://user:secret@pay.example.com/',
    '//pay.example.com/buy',
    '/buy',
    '',
    `https://pay.example.com/${'a'.repeat(9000)}`,
    undefined,
    null,
    42,
    { href: 'https://pay.example.com' },
  ]
  for (const value of refused)
    expect(() => checkCheckoutUrl(value), String(value)).toThrow(UnsafeCheckoutUrlError)
  try {
    checkCheckoutUrl('http://pay.example.com/buy')
  } catch (error) {
    expect((error as UnsafeCheckoutUrlError).shortMessage).toMatchInlineSnapshot(
      `"The checkout link from the on-ramp service is not secure, so it was not opened."`,
    )
  }
})
