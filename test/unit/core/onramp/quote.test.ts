import { expect, test } from 'vitest'
import { placeholderQuote } from '../../../../src/core/onramp/quote.js'
import type { OnRampAsset } from '../../../../src/core/onramp/types.js'

const eth: OnRampAsset = {
  currency: { id: 'eth', name: 'Ether', symbol: 'ETH', networks: [] },
  network: { name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '' },
}

test('default: the placeholder is the payment as entered, no fees, marked as an estimate', () => {
  expect(placeholderQuote({ amount: '50', currency: 'USD', asset: eth, priceUsd: 3000 })).toEqual({
    quoteId: 'estimate',
    paymentTotal: { amount: '50', currency: 'USD' },
    paymentSubtotal: { amount: '50', currency: 'USD' },
    purchaseAmount: { amount: '0.016666', currency: 'ETH' },
    fees: [],
    estimate: true,
  })
})

test('behavior: without a USD price, or paying in another currency, the amount received is unknown', () => {
  expect(placeholderQuote({ amount: '50', currency: 'USD', asset: eth }).purchaseAmount).toBeNull()
  expect(
    placeholderQuote({ amount: '50', currency: 'USD', asset: eth, priceUsd: 0 }).purchaseAmount,
  ).toBeNull()
  expect(
    placeholderQuote({ amount: '50', currency: 'EUR', asset: eth, priceUsd: 3000 }).purchaseAmount,
  ).toBeNull()
})

test('behavior: the estimate is rounded down, never shown larger than the price gives', () => {
  const quote = placeholderQuote({ amount: '100', currency: 'USD', asset: eth, priceUsd: 3 })
  expect(quote.purchaseAmount?.amount).toBe('33.333333')
})
