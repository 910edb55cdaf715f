import { describe, expect, test } from 'vitest'
import { InvalidResponseError } from '../../../src/core/errors/http.js'
import {
  createOnRampCalls,
  parseOnRampOptions,
  parseOnRampQuote,
} from '../../../src/services/onramp.js'
import { fakeHttp } from './support.js'

const options = {
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '20.00', max: '5000.00' },
        { id: 'ach_bank_account', min: 'x', max: '20000.00' },
      ],
    },
  ],
  purchaseCurrencies: [
    {
      id: 'eth',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'devnet-31337', display_name: 'Devnet', chain_id: '31337', contract_address: '' },
      ],
    },
    { id: 'bad', name: 3 },
  ],
}
const quote = {
  quoteId: 'quote-1',
  paymentTotal: { amount: '50.00', currency: 'USD' },
  paymentSubtotal: { amount: '48.90', currency: 'USD' },
  purchaseAmount: { amount: '0.0163', currency: 'ETH' },
  networkFee: { amount: '0.10', currency: 'USD' },
  fees: [
    { type: 'provider', amount: '1.00', currency: 'USD' },
    { type: 'network', amount: '0.10', currency: 'USD' },
  ],
}

test('default: options keep well-formed currencies, limits and networks', async () => {
  const { http, seen } = fakeHttp(() => ({ body: options }))
  const parsed = await createOnRampCalls(http).getOnRampOptions()
  expect(parsed).toEqual({
    paymentCurrencies: [
      { id: 'USD', payment_method_limits: [{ id: 'card', min: '20.00', max: '5000.00' }] },
    ],
    purchaseCurrencies: [options.purchaseCurrencies[0]],
  })
  expect(seen[0]?.url.pathname).toBe('/v1/onramp/options')
})

describe('quote', () => {
  test('behavior: posts the request and reads amounts and fees', async () => {
    const { http, seen } = fakeHttp(() => ({ body: quote }))
    const request = {
      purchaseCurrency: options.purchaseCurrencies[0] as never,
      paymentCurrency: options.paymentCurrencies[0] as never,
      amount: '50',
      network: 'devnet-31337',
      paymentMethod: 'card',
    }
    expect(await createOnRampCalls(http).getOnRampQuote(request)).toEqual({
      quoteId: 'quote-1',
      paymentTotal: quote.paymentTotal,
      paymentSubtotal: quote.paymentSubtotal,
      purchaseAmount: quote.purchaseAmount,
      fees: quote.fees,
    })
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.body).toEqual(request)
  })

  test('behavior: without a fee list, the network fee is the one fee', () => {
    const { fees: _, ...rest } = quote
    expect(parseOnRampQuote(rest).fees).toEqual([
      { type: 'network', amount: '0.10', currency: 'USD' },
    ])
  })

  test('error: NaN, negative or missing amounts are refused', () => {
    for (const amount of ['NaN', '-1', '1e3', '', undefined])
      expect(() =>
        parseOnRampQuote({ ...quote, purchaseAmount: { amount, currency: 'ETH' } }),
      ).toThrow()
  })
})

test('behavior: the checkout link is read as text (the core checks it)', async () => {
  const { http, seen } = fakeHttp(() => ({ body: { url: 'javascript:alert(1)' } }))
  expect(await createOnRampCalls(http).getOnRampUrl({} as never)).toBe('javascript:alert(1)')
  expect(seen[0]?.url.pathname).toBe('/v1/generators/onrampurl')
})

test('error: options with nothing usable, HTML and __proto__ are refused or ignored', async () => {
  expect(() => parseOnRampOptions({ paymentCurrencies: [], purchaseCurrencies: [] })).toThrow()
  const html = createOnRampCalls(fakeHttp(() => ({ body: '<html>oops</html>' })).http)
  await expect(html.getOnRampOptions()).rejects.toBeInstanceOf(InvalidResponseError)
  const polluted = parseOnRampOptions(
    JSON.parse(
      JSON.stringify(options).replace('"id":"USD"', '"__proto__":{"polluted":1},"id":"USD"'),
    ),
  )
  expect(Object.keys(polluted.paymentCurrencies[0] ?? {})).toEqual(['id', 'payment_method_limits'])
  expect(({} as { polluted?: number }).polluted).toBeUndefined()
})
