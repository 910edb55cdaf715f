import { describe, expect, test } from 'vitest'
import {
  CheckoutAddressError,
  CheckoutOriginError,
  UnsafeCheckoutUrlError,
} from '../../../../src/core/errors/onramp.js'
import {
  type CheckoutExpectation,
  checkCheckoutUrl,
  ONRAMP_CHECKOUT_ORIGINS,
} from '../../../../src/core/onramp/checkout-url.js'

const ME = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const evm: CheckoutExpectation = {
  origins: [
    ...ONRAMP_CHECKOUT_ORIGINS,
    'https://pay.example.com',
    'http://127.0.0.1:4000',
    'http://localhost:4000',
    'http://[::1]:4000',
  ],
  address: ME,
  sameAddress: (a, b) => a.toLowerCase() === b.toLowerCase(),
}
const check = (value: unknown, expected = evm) => checkCheckoutUrl(value, expected)

test('default: an https link passes', () => {
  expect(check('https://pay.example.com/buy?session=1')).toBe(
    'https://pay.example.com/buy?session=1',
  )
})

test('behavior: plain http passes on loopback only (the local stack)', () => {
  expect(check('http://127.0.0.1:4000/buy/1')).toBe('http://127.0.0.1:4000/buy/1')
  expect(check('http://localhost:4000/buy')).toBe('http://localhost:4000/buy')
  expect(check('http://[::1]:4000/')).toBe('http://[::1]:4000/')
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
    expect(() => check(value), String(value)).toThrow(UnsafeCheckoutUrlError)
  try {
    check('http://pay.example.com/buy')
  } catch (error) {
    expect((error as UnsafeCheckoutUrlError).shortMessage).toMatchInlineSnapshot(
      `"The checkout link from the on-ramp service is not secure, so it was not opened."`,
    )
  }
})

describe('where the link leads (SECURITY.md row 28)', () => {
  test('behavior: Coinbase Pay is known; other origins only when the site adds them', () => {
    expect(ONRAMP_CHECKOUT_ORIGINS).toEqual(['https://pay.coinbase.com'])
    const only = { ...evm, origins: ONRAMP_CHECKOUT_ORIGINS }
    expect(check('https://pay.coinbase.com/buy/select-asset?appId=x', only)).toBe(
      'https://pay.coinbase.com/buy/select-asset?appId=x',
    )
    for (const link of [
      'https://pay.example.com/buy',
      'https://pay.coinbase.com.evil.example/buy',
      'https://evil.pay.coinbase.com/buy',
      'https://pay.coinbase.com:8443/buy',
      'http://127.0.0.1:4000/buy/1',
    ])
      expect(() => check(link, only), link).toThrow(CheckoutOriginError)
    try {
      check('https://evil.example/buy', only)
    } catch (error) {
      expect((error as CheckoutOriginError).shortMessage).toMatchInlineSnapshot(
        `"The checkout link leads to a site that is not a known on-ramp provider, so it was not opened."`,
      )
    }
  })
})

describe('whose address the link names', () => {
  const json = (value: unknown) => encodeURIComponent(JSON.stringify(value))
  test("behavior: every destination parameter naming the buyer's address (any case) passes", () => {
    for (const query of [
      `walletAddress=${ME.toLowerCase()}`,
      `userAddress=${ME}`,
      `address=${ME}`,
      `destinationWallets=${json([{ address: ME, blockchains: ['base'] }])}`,
      `addresses=${json({ [ME]: ['base', 'ethereum'] })}`,
      `addresses=${json([ME])}`,
      `walletAddresses=${json({ eth: ME, usdc: ME.toLowerCase() })}`,
      'sessionToken=abc',
    ])
      expect(() => check(`https://pay.example.com/buy?${query}`), query).not.toThrow()
  })

  test('error: another address, one of several, or a value that cannot be read is refused', () => {
    for (const query of [
      `walletAddress=${OTHER}`,
      `userAddress=${OTHER}`,
      `walletAddress=${ME}&walletAddress=${OTHER}`,
      `destinationWallets=${json([{ address: ME }, { address: OTHER }])}`,
      `destinationWallets=${json([{ blockchains: ['base'] }])}`,
      `addresses=${json({ [OTHER]: ['base'] })}`,
      `walletAddresses=${json({ eth: OTHER })}`,
      'destinationWallets=not-json',
      `addresses=${json('x')}`,
    ])
      expect(() => check(`https://pay.example.com/buy?${query}`), query).toThrow(
        CheckoutAddressError,
      )
    try {
      check(`https://pay.example.com/buy?walletAddress=${OTHER}`)
    } catch (error) {
      expect((error as CheckoutAddressError).shortMessage).toMatchInlineSnapshot(
        `"The checkout would send your purchase to another address than yours, so it was not opened."`,
      )
    }
  })

  test('behavior: a Solana address is compared exactly (base58 is case-sensitive)', () => {
    const address = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const solana = { ...evm, address, sameAddress: (a: string, b: string) => a === b }
    expect(() =>
      check(`https://pay.example.com/buy?walletAddress=${address}`, solana),
    ).not.toThrow()
    expect(() =>
      check(`https://pay.example.com/buy?walletAddress=${address.toLowerCase()}`, solana),
    ).toThrow(CheckoutAddressError)
  })
})
