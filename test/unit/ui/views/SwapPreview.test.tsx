import { signal } from '@preact/signals-core'
import { act } from 'react'
import { expect, test, vi } from 'vitest'
import { ApproveTransaction } from '../../../../src/ui/views/ApproveTransaction.js'
import { SwapPreview } from '../../../../src/ui/views/SwapPreview.js'
import { renderView, textOf } from './render.js'

const USDC = {
  name: 'USD Coin',
  symbol: 'USDC',
  address: 'eip155:1:0x0000000000000000000000000000000000000001',
  decimals: 6,
}
const DAI = { ...USDC, name: 'Dai', symbol: 'DAI', decimals: 18 }
const SPENDER = '0x00000000000000000000000000000000000000aa'

/** A reviewed swap of 1234.5 USDC; with `approval`, its allowance is short by that much. */
function swapKit(approval: boolean) {
  return {
    navigation: { back: () => undefined },
    swap: {
      sourceToken: signal(USDC),
      toToken: signal(DAI),
      sourceTokenAmount: signal('1234.5'),
      toTokenAmount: signal('2345.678'),
      details: signal({
        priceImpact: 0.1,
        providerFee: '10.5',
        gasPriceInUSD: 0.5,
        slippage: 1,
        minimumReceived: '2100',
      }),
      approvalTransaction: signal(
        approval ? { amount: 1_234_500_000n, spender: SPENDER } : undefined,
      ),
      // The decoded call guarantees more than the quote's minimum: the statement says what it does.
      swapTransaction: signal(
        approval ? undefined : { to: SPENDER, call: { minimum: 2_222_125n * 10n ** 15n } },
      ),
      unlimited: signal(false),
      sending: signal(undefined),
      loadingTransaction: signal(false),
      checkingTransaction: signal(false),
      setUnlimited: () => undefined,
      approve: vi.fn(() => Promise.resolve()),
      swap: vi.fn(() => Promise.resolve()),
    },
  }
}

test('behavior: under German the swap statement and its toast write amounts with German separators', () => {
  const kit = swapKit(false)
  const host = renderView(<SwapPreview />, kit, 'de')
  const statement = textOf(host, 'swap-preview-statement')
  expect(statement).toContain('1.234,5 USDC')
  expect(statement).toContain('2.222,125 DAI')
  expect(statement).not.toContain('1,234.5')
  act(() =>
    host.querySelector<HTMLButtonElement>('[data-testid="wk-swap-preview-action"]')?.click(),
  )
  expect(kit.swap.swap).toHaveBeenCalledWith(
    expect.objectContaining({
      success: {
        key: 'swap.toast.swapped',
        values: { from: 'USDC', to: 'DAI', amount: '2.345,678' },
      },
    }),
  )
})

test('default: in English the statement keeps English separators', () => {
  const host = renderView(<SwapPreview />, swapKit(false), 'en')
  expect(textOf(host, 'swap-preview-statement')).toContain('1,234.5 USDC')
})

test('behavior: under German the approval states its exact amount with German separators', () => {
  const host = renderView(<ApproveTransaction />, swapKit(true), 'de')
  expect(textOf(host, 'approve-statement')).toBe(`Allow ${SPENDER} to spend 1.234,5 USDC`)
})

test('behavior: the review shows the approval in the locale too', () => {
  const host = renderView(<SwapPreview />, swapKit(true), 'de')
  expect(textOf(host, 'approve-statement')).toContain('1.234,5 USDC')
})

test('behavior: the statement’s minimum is the decoded call’s; the button waits for the checks', () => {
  const kit = swapKit(false)
  const host = renderView(<SwapPreview />, kit, 'en')
  expect(textOf(host, 'swap-preview-statement')).toBe(
    `Swap 1,234.5 USDC for at least 2,222.125 DAI through ${SPENDER}.`,
  )
  const button = () =>
    host.querySelector<HTMLButtonElement>('[data-testid="wk-swap-preview-action"]')
  expect(button()?.disabled).toBe(false)
  act(() => {
    kit.swap.checkingTransaction.value = true
  })
  expect(button()?.disabled).toBe(true)
  expect(button()?.textContent).toBe('Checking the swap…')
})
