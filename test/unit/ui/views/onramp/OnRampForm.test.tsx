import { signal } from '@preact/signals-core'
import { expect, test } from 'vitest'
import type { OnRamp } from '../../../../../src/core/onramp/controller.js'
import { OnRampForm } from '../../../../../src/ui/views/onramp/OnRampForm.js'
import { renderView, textOf } from '../render.js'

/** An on-ramp form in euros whose amount is out of its limits, with a quote of 1234.5 EUR. */
function onramp() {
  return {
    currency: signal({ id: 'EUR' }),
    limits: signal({ min: 1234.5, max: 20000 }),
    amountError: signal({ min: 1234.5, max: 20000, currency: 'EUR' }),
    error: signal(undefined),
    asset: signal(undefined),
    assets: signal([]),
    amount: signal('12'),
    restricted: signal(false),
    source: signal('service'),
    options: signal({ paymentCurrencies: [{ id: 'EUR' }] }),
    methods: signal(['card']),
    method: signal('card'),
    quote: signal({
      quoteId: 'q1',
      estimate: false,
      paymentTotal: { amount: '1234.50', currency: 'EUR' },
      paymentSubtotal: { amount: '1200', currency: 'EUR' },
      purchaseAmount: { amount: '1000.25', currency: 'USDC' },
      fees: [
        { amount: '30.25', currency: 'EUR', type: 'provider' },
        { amount: '4.25', currency: 'EUR', type: 'network' },
      ],
    }),
    quoteLoading: signal(false),
    selectAsset: () => undefined,
    setAmount: () => undefined,
    setCurrency: () => undefined,
    setMethod: () => undefined,
    buy: () => undefined,
  } as unknown as OnRamp
}

const form = (locale: string) =>
  renderView(<OnRampForm onramp={onramp()} namespace="eip155" />, {}, locale)

test('behavior: under German the limits, the amount error and the quote use German separators', () => {
  const host = form('de')
  expect(textOf(host, 'onramp-limits')).toBe('1.234,5 to 20.000 EUR')
  expect(textOf(host, 'onramp-amount-error')).toBe(
    'Enter an amount between 1.234,5 and 20.000 EUR.',
  )
  expect(textOf(host, 'onramp-fees')).toBe('34,5 EUR')
  expect(textOf(host, 'onramp-receive')).toBe('1.000,25 USDC')
  expect(host.querySelector('.wk-quote dd bdi')?.textContent).toBe('1.234,5 EUR')
})

test('default: in English the limits and the quote keep English separators', () => {
  const host = form('en')
  expect(textOf(host, 'onramp-limits')).toBe('1,234.5 to 20,000 EUR')
  expect(textOf(host, 'onramp-receive')).toBe('1,000.25 USDC')
})
