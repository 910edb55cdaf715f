import { signal } from '@preact/signals-core'
import { act } from 'react'
import { expect, test } from 'vitest'
import { Swap } from '../../../../src/ui/views/Swap.js'
import { renderView, textOf } from './render.js'

const USDC = {
  name: 'USD Coin',
  symbol: 'USDC',
  address: 'eip155:1:0x0000000000000000000000000000000000000001',
  decimals: 6,
  quantity: '1234.5',
  balance: '1234500000',
}
const DAI = { ...USDC, name: 'Dai', symbol: 'DAI', quantity: '0', balance: '0' }

/** A swap with a quote: what the form and its details read. */
function swapKit() {
  return {
    navigation: { go: () => undefined },
    swap: {
      unavailable: signal(undefined),
      initialized: signal(true),
      tokens: signal([USDC, DAI]),
      myTokensWithBalance: signal([USDC]),
      suggestedTokens: signal([]),
      popularTokens: signal([]),
      sourceToken: signal(USDC),
      toToken: signal(DAI),
      sourceTokenAmount: signal('1000'),
      toTokenAmount: signal('999.5'),
      action: signal({ kind: 'review', loading: false }),
      quoteError: signal(undefined),
      valuesUsd: signal({ pay: 1234.56, receive: 999.5 }),
      loadingQuote: signal(false),
      details: signal({
        priceImpact: 0.1,
        providerFee: '8.5',
        gasPriceInUSD: 1234.56,
        slippage: 1,
        minimumReceived: '1234.567',
      }),
      setSourceTokenAmount: () => undefined,
      setMaxAmount: () => undefined,
      setSourceToken: () => undefined,
      setToToken: () => undefined,
      flip: () => undefined,
      review: () => Promise.resolve(),
    },
  }
}

test('default: the form shows balances and USD values in English separators', () => {
  const host = renderView(<Swap />, swapKit(), 'en')
  expect(textOf(host, 'swap-pay-balance')).toContain('1,234.5')
  expect(textOf(host, 'swap-pay-usd')).toBe('$1,234.56')
})

test('behavior: under German the balance, USD values and details use German separators', () => {
  const host = renderView(<Swap />, swapKit(), 'de')
  expect(textOf(host, 'swap-pay-balance')).toContain('1.234,5')
  expect(textOf(host, 'swap-pay-usd')).toBe('1.234,56\u00a0$')
  expect(textOf(host, 'swap-receive-usd')).toBe('999,50\u00a0$')
  expect(textOf(host, 'swap-detail-network-fee')).toContain('1.234,56\u00a0$')
  expect(textOf(host, 'swap-detail-provider-fee')).toContain('8,5 USDC')
  expect(textOf(host, 'swap-detail-minimum-received')).toContain('1.234,567 DAI')
})

test('behavior: the amounts of the details stay left to right, isolated', () => {
  const host = renderView(<Swap />, swapKit(), 'ar')
  const value = host.querySelector('[data-testid="wk-swap-detail-minimum-received"] dd bdi')
  expect(value?.getAttribute('dir')).toBe('ltr')
  expect(value?.textContent).toContain('DAI')
})

test('behavior: the token list shows your balances in the locale', () => {
  const host = renderView(<Swap />, swapKit(), 'de')
  const pay = host.querySelector<HTMLButtonElement>('[data-testid="wk-swap-pay-token"]')
  act(() => pay?.click())
  expect(host.querySelector('[data-testid="wk-view-swap"]')?.textContent).toContain('1.234,5')
  expect(textOf(host, 'swap-pay-balance')).toBe('')
})
