import { signal } from '@preact/signals-core'
import { act } from 'react'
import { expect, test } from 'vitest'
import { SwapNetworkNotSupportedError } from '../../../../src/core/errors/swap.js'
import de from '../../../../src/ui/i18n/locales/de.js'
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
      setSourceTokenAmount: (_amount: string) => undefined,
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

test('behavior: the receive field is busy while a quote of what is typed is asked, not while the one shown refreshes', () => {
  const kit = swapKit()
  kit.swap.loadingQuote.value = true
  const host = renderView(<Swap />, kit, 'en')
  const busy = () =>
    host
      .querySelector('[data-testid="wk-swap-receive-amount"]')
      ?.closest('.wk-swap-field')
      ?.getAttribute('aria-busy')
  expect(busy()).toBe('false')
  act(() => {
    kit.swap.toTokenAmount.value = undefined as unknown as string
  })
  expect(busy()).toBe('true')
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

test('behavior: a network without a swap says so; in debug mode, why', () => {
  const blocked = () => {
    const kit = swapKit()
    kit.swap.unavailable = signal(
      new SwapNetworkNotSupportedError({
        details: 'eip155:31337 has no known swap router: give its swapRouter',
      }),
    ) as never
    return kit
  }
  const plain = renderView(<Swap />, { ...blocked(), options: { debug: false } }, 'en')
  expect(textOf(plain, 'swap-unavailable')).toBe('Network not supported for Swaps')
  expect(textOf(plain, 'swap-unavailable-details')).toBe('')
  const debug = renderView(<Swap />, { ...blocked(), options: { debug: true } }, 'en')
  expect(textOf(debug, 'swap-unavailable-details')).toBe(
    'eip155:31337 has no known swap router: give its swapRouter',
  )
})

test('behavior: the input errors, the banner and the unavailable text are in the language shown', () => {
  const kit = swapKit()
  const swap = kit.swap as unknown as Record<string, ReturnType<typeof signal>>
  swap.action = signal({ kind: 'input-error', message: 'Insufficient liquidity', liquidity: true })
  swap.quoteError = signal({ name: 'IncorrectAmountError', shortMessage: 'Incorrect amount' })
  let host = renderView(<Swap />, { ...kit, options: { debug: false } }, 'de', de)
  expect(textOf(host, 'swap-action')).toBe(de['swap.insufficientLiquidity'])
  expect(textOf(host, 'swap-banner')).toBe(
    `${de['error.incorrectAmount']}${de['error.validAmount']}`,
  )
  swap.action.value = { kind: 'input-error', message: 'Insufficient balance', liquidity: false }
  swap.quoteError.value = { name: 'HttpRequestError', shortMessage: 'HTTP status code: 503' }
  host = renderView(<Swap />, { ...kit, options: { debug: false } }, 'de', de)
  expect(textOf(host, 'swap-action')).toBe(de['send.error.insufficientBalance'])
  expect(textOf(host, 'swap-banner')).toBe(de['swap.quoteFailed'])
  swap.unavailable = signal({ name: 'SwapNetworkNotSupportedError' })
  host = renderView(<Swap />, { ...kit, options: { debug: false } }, 'de', de)
  expect(textOf(host, 'swap-unavailable')).toBe(de['swap.unsupported'])
  swap.unavailable.value = { name: 'SwapAddressNotFoundError' }
  host = renderView(<Swap />, { ...kit, options: { debug: false } }, 'de', de)
  expect(textOf(host, 'swap-unavailable')).toBe(de['swap.noAddress'])
})

test('behavior: a pasted amount is cleaned as Send cleans it', () => {
  const typed: string[] = []
  const kit = swapKit()
  kit.swap.setSourceTokenAmount = (value: string) => void typed.push(value)
  const host = renderView(<Swap />, kit, 'en')
  const input = host.querySelector<HTMLInputElement>('[data-testid="wk-swap-pay-amount"]')
  if (!input) throw new Error('no amount field')
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
    setter?.call(input, '12 ETH')
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  expect(typed).toEqual(['12'])
})
