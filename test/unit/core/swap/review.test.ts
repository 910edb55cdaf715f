import { maxUint256 } from 'viem'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { HttpRequestError } from '../../../../src/core/errors/http.js'
import { UserRejectedRequestError } from '../../../../src/core/errors/rpc.js'
import type { ServiceTransaction } from '../../../../src/core/swap/types.js'
import {
  ATTACKER,
  approveData,
  deferred,
  ETH,
  ETHER,
  ROUTER,
  seededAccount,
  setup,
  swapData,
  USDC,
  USER,
  WETH,
} from './harness.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const USDC_ADDRESS = USDC.address.split(':')[2] as string

/** A controller with USDC → WETH for `amount` quoted, on the review. */
async function onReview(amount = '3000', options: Parameters<typeof setup>[0] = {}) {
  const harness = setup(options)
  const { swap } = harness
  await swap.initialize()
  swap.setSourceToken(USDC)
  swap.setToToken(WETH)
  swap.setSourceTokenAmount(amount)
  await vi.advanceTimersByTimeAsync(500)
  await swap.review()
  return harness
}

test('default', async () => {
  const { swap, api, view, sent, navigation, refreshBalances } = await onReview()
  // No allowance: the swap is built (its target is the spender), then the exact approval.
  expect(api.getAllowance).toHaveBeenCalledWith({
    tokenAddress: USDC.address,
    userAddress: seededAccount().caipAddress,
  })
  expect(api.buildTransaction.mock.calls[0]?.[0]).toMatchObject({
    amount: 3_000_000_000n,
    slippage: 1,
  })
  expect(api.buildApprove.mock.calls[0]?.[0]).toMatchObject({ amount: 3_000_000_000n })
  expect(swap.spender.value).toBe(ROUTER)
  expect(swap.approvalTransaction.value).toMatchObject({
    to: USDC_ADDRESS,
    spender: ROUTER,
    amount: 3_000_000_000n,
  })
  expect(swap.swapTransaction.value).toBeUndefined()
  expect(view.value).toBe('review')

  // 'Approve USDC' opens the approval's review; there it is sent as kind 'approve'.
  await swap.approve()
  expect(view.value).toBe('approve')
  expect(sent).toEqual([])
  api.getAllowance.mockResolvedValue(3_000_000_000n)
  await swap.approve()
  expect(sent).toEqual([
    {
      kind: 'approve',
      to: USDC_ADDRESS,
      data: approveData(ROUTER, 3_000_000_000n),
      value: 0n,
      summary: { amount: '3000', symbol: 'USDC', to: ROUTER },
      texts: undefined,
    },
  ])
  // Back on the review: re-quoted, and the swap is ready.
  expect(view.value).toBe('review')
  expect(api.getQuote).toHaveBeenCalledTimes(2)
  expect(swap.approvalTransaction.value).toBeUndefined()
  expect(swap.swapTransaction.value).toMatchObject({ to: ROUTER, value: 0n })

  const texts = {
    pending: { key: 'swap.toast.swapping' as const },
    success: { key: 'swap.toast.swapped' as const },
  }
  expect(await swap.swap(texts)).toBe(true)
  expect(sent[1]).toEqual({
    kind: 'swap',
    to: ROUTER,
    data: expect.stringMatching(/^0x38ed1739/),
    value: 0n,
    summary: { amount: '3000', symbol: 'USDC', to: ROUTER },
    texts,
  })
  expect(navigation.done).toHaveBeenCalledOnce()
  expect(swap.sourceTokenAmount.value).toBe('')
  expect(swap.initialized.value).toBe(false)
  expect(refreshBalances).toHaveBeenCalledTimes(2)
})

test('behavior: with enough allowance the review goes straight to the swap', async () => {
  const harness = setup()
  harness.setAllowance(maxUint256)
  await harness.swap.initialize()
  harness.swap.setSourceToken(USDC)
  harness.swap.setToToken(WETH)
  harness.swap.setSourceTokenAmount('10')
  await vi.advanceTimersByTimeAsync(500)
  await harness.swap.review()
  expect(harness.api.buildApprove).not.toHaveBeenCalled()
  expect(harness.swap.swapTransaction.value?.to).toBe(ROUTER)
})

test('behavior: the coin needs no approval and the swap carries exactly the amount', async () => {
  const harness = setup()
  const { swap, api, sent } = harness
  await swap.initialize()
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('0.5')
  await vi.advanceTimersByTimeAsync(500)
  await swap.review()
  expect(api.getAllowance).not.toHaveBeenCalled()
  expect(api.buildApprove).not.toHaveBeenCalled()
  await swap.swap()
  expect(sent).toEqual([
    expect.objectContaining({
      kind: 'swap',
      to: ROUTER,
      data: expect.stringMatching(/^0x7ff36ab5/),
      value: ETHER / 2n,
    }),
  ])
})

test('behavior: paying the whole coin balance keeps the gas back (the native-source correction)', async () => {
  const balances = seededAccount().balances.map((b) =>
    b.symbol === 'ETH' ? { ...b, quantity: { decimals: '18', numeric: '1' } } : b,
  )
  const harness = setup({ account: seededAccount({ balances }) })
  const { swap, api, sent } = harness
  await swap.initialize()
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('1')
  await vi.advanceTimersByTimeAsync(500)
  await swap.review()
  // 150 000 gas at 2 gwei = 0.0003 ETH kept back.
  expect(api.buildTransaction.mock.calls.map((c) => c[0].amount)).toEqual([
    ETHER,
    999_700_000_000_000_000n,
  ])
  expect(swap.sourceTokenAmount.value).toBe('0.9997')
  await swap.swap()
  expect(sent[0]?.value).toBe(999_700_000_000_000_000n)
})

test('behavior: an unlimited approval only when the visitor chooses it', async () => {
  const { swap, api } = await onReview()
  swap.setUnlimited(true)
  await vi.advanceTimersByTimeAsync(0)
  expect(api.buildApprove.mock.calls.at(-1)?.[0]).not.toHaveProperty('amount', 3_000_000_000n)
  expect(api.buildApprove.mock.calls.at(-1)?.[0].amount).toBeUndefined()
  expect(swap.approvalTransaction.value?.amount).toBe(maxUint256)
})

test('error: each step’s failure shows its text, returns to the form and keeps it', async () => {
  const cases = [
    ['getAllowance', 'Failed to check allowance'],
    ['buildTransaction', 'Failed to create transaction'],
    ['buildApprove', 'Failed to create approval transaction'],
  ] as const
  for (const [call, text] of cases) {
    const harness = setup()
    harness.api[call].mockRejectedValueOnce(new HttpRequestError({ status: 500, url: 'x' }))
    await harness.swap.initialize()
    harness.swap.setSourceToken(USDC)
    harness.swap.setToToken(WETH)
    harness.swap.setSourceTokenAmount('3000')
    await vi.advanceTimersByTimeAsync(500)
    await harness.swap.review()
    expect(harness.errors(), call).toEqual([text])
    expect(harness.view.value, call).toBe('form')
    expect(harness.swap.sourceTokenAmount.value, call).toBe('3000')
    expect(harness.swap.toToken.value?.symbol, call).toBe('WETH')
    expect(harness.sent, call).toEqual([])
  }
})

test('error: a service-built transaction other than asked is refused before the wallet sees it', async () => {
  const refusals: [string, (h: ReturnType<typeof setup>) => void, string][] = [
    [
      'approval spender',
      (h) =>
        h.api.buildApprove.mockResolvedValueOnce({
          to: USDC_ADDRESS,
          data: approveData(ATTACKER, 3_000_000_000n),
          value: 0n,
        }),
      'The approval is for a contract that is not a known exchange of this network.',
    ],
    [
      'approval amount',
      (h) =>
        h.api.buildApprove.mockResolvedValueOnce({
          to: USDC_ADDRESS,
          data: approveData(ROUTER, maxUint256),
          value: 0n,
        }),
      'The approval is for another amount than this swap needs.',
    ],
    [
      'approval target',
      (h) =>
        h.api.buildApprove.mockResolvedValueOnce({
          to: ATTACKER,
          data: approveData(ROUTER, 3_000_000_000n),
          value: 0n,
        }),
      'The approval is not addressed to the token you pay with.',
    ],
    [
      'swap value',
      (h) =>
        h.api.buildTransaction.mockResolvedValueOnce({
          to: ROUTER,
          data: swapData(USDC, WETH, 3_000_000_000n),
          value: ETHER,
        }),
      'The swap would send another amount of coins than you entered.',
    ],
  ]
  for (const [name, tamper, text] of refusals) {
    const harness = setup()
    tamper(harness)
    await harness.swap.initialize()
    harness.swap.setSourceToken(USDC)
    harness.swap.setToToken(WETH)
    harness.swap.setSourceTokenAmount('3000')
    await vi.advanceTimersByTimeAsync(500)
    await harness.swap.review()
    expect(harness.errors(), name).toEqual([text])
    expect(harness.swap.approvalTransaction.value, name).toBeUndefined()
    expect(harness.view.value, name).toBe('form')
    await harness.swap.approve()
    expect(harness.sent, name).toEqual([])
  }
})

test('error: after the approval, a swap to another contract is refused', async () => {
  const { swap, api, sent, errors } = await onReview()
  await swap.approve()
  api.getAllowance.mockResolvedValue(3_000_000_000n)
  api.buildTransaction.mockResolvedValueOnce({
    to: ATTACKER,
    data: swapData(USDC, WETH, 3_000_000_000n),
  })
  await swap.approve()
  expect(errors()).toEqual([
    'The swap goes to a contract that is not a known exchange of this network.',
  ])
  expect(swap.swapTransaction.value).toBeUndefined()
  expect(await swap.swap()).toBe(false)
  expect(sent.map((s) => s.kind)).toEqual(['approve'])
})

test('behavior: the wallet declining keeps everything as it was', async () => {
  const harness = await onReview()
  const { swap, view } = harness
  await swap.approve()
  harness.failSends(new UserRejectedRequestError({ cause: undefined }))
  await swap.approve()
  expect(view.value).toBe('approve')
  expect(swap.approvalTransaction.value?.amount).toBe(3_000_000_000n)
  expect(swap.sending.value).toBeUndefined()
  expect(swap.sourceTokenAmount.value).toBe('3000')
})

test('behavior: leaving the review drops what it prepared; a late answer is ignored', async () => {
  const harness = setup()
  const { swap, api, view } = harness
  await swap.initialize()
  swap.setSourceToken(USDC)
  swap.setToToken(WETH)
  swap.setSourceTokenAmount('3000')
  await vi.advanceTimersByTimeAsync(500)
  let release: () => void = () => undefined
  api.getAllowance.mockImplementationOnce(
    () =>
      new Promise((resolve) => {
        release = () => resolve(0n)
      }),
  )
  const pending = swap.review()
  view.value = 'form'
  release()
  await pending
  expect(api.buildTransaction).not.toHaveBeenCalled()
  expect(swap.approvalTransaction.value).toBeUndefined()
})

test('error: a contract without the allowance the service reported is refused', async () => {
  // The kit reads the allowance of the swap's contract from the chain itself.
  const readAllowance = vi.fn(async () => 0n)
  const harness = setup({ readAllowance })
  harness.setAllowance(maxUint256)
  const { swap } = harness
  await swap.initialize()
  swap.setSourceToken(USDC)
  swap.setToToken(WETH)
  swap.setSourceTokenAmount('10')
  await vi.advanceTimersByTimeAsync(500)
  await swap.review()
  expect(readAllowance).toHaveBeenCalledWith({
    token: USDC_ADDRESS,
    owner: seededAccount().address,
    spender: ROUTER,
  })
  expect(harness.errors()).toEqual([
    'The swap goes to another contract than the one the allowance is for.',
  ])
  expect(swap.swapTransaction.value).toBeUndefined()
  readAllowance.mockResolvedValue(10_000_000n)
  await swap.review()
  expect(swap.swapTransaction.value?.to).toBe(ROUTER)
})

test('error: a refusal found while the quotes refresh is shown; the refresh does not replace the check on its way', async () => {
  const harness = setup()
  const { swap, api, errors } = harness
  const held = deferred<ServiceTransaction>()
  api.buildTransaction.mockImplementationOnce(() => held.promise)
  await swap.initialize()
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('1')
  await vi.advanceTimersByTimeAsync(500)
  const reviewed = swap.review()
  // The 10 s refresh comes while the service's answer is still on its way.
  await vi.advanceTimersByTimeAsync(10_000)
  held.resolve({ to: ATTACKER, data: swapData(ETH, USDC, ETHER), value: ETHER })
  await reviewed
  await vi.advanceTimersByTimeAsync(0)
  expect(errors()).toEqual([
    'The swap goes to a contract that is not a known exchange of this network.',
  ])
  expect(swap.swapTransaction.value).toBeUndefined()
  expect(api.buildTransaction).toHaveBeenCalledTimes(1)
})

test('error: a swap to a contract that is not a known router of the network is refused', async () => {
  const harness = setup()
  const { swap, api, errors, toasts } = harness
  api.buildTransaction.mockResolvedValueOnce({
    to: ATTACKER,
    data: swapData(ETH, USDC, ETHER),
    value: ETHER,
  })
  await swap.initialize()
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('1')
  await vi.advanceTimersByTimeAsync(500)
  await swap.review()
  expect(errors()).toEqual([
    'The swap goes to a contract that is not a known exchange of this network.',
  ])
  expect(toasts.error.mock.calls[0]?.[1]).toBe('SwapRouterUnknownError')
  expect(swap.swapTransaction.value).toBeUndefined()
  await swap.review()
  expect(swap.swapTransaction.value?.to).toBe(ROUTER)
})

test('behavior: the review shows the decoded call’s minimum; the button waits for the chain checks', async () => {
  const simulation = deferred<unknown>()
  const read = vi.fn(async (method: string) =>
    method === 'eth_simulateV1' ? simulation.promise : undefined,
  )
  const harness = setup({ read })
  harness.setAllowance(maxUint256)
  const { swap, sent } = harness
  await swap.initialize()
  swap.setSourceToken(USDC)
  swap.setToToken(WETH)
  swap.setSourceTokenAmount('3000')
  await vi.advanceTimersByTimeAsync(500)
  const reviewing = swap.review()
  await vi.advanceTimersByTimeAsync(0)
  // Shown at once (decoded and checked), with what the call guarantees: 1 % under the quote.
  expect(swap.swapTransaction.value?.call.minimum).toBe(99n * 10n ** 16n)
  expect(swap.checkingTransaction.value).toBe(true)
  expect(await swap.swap()).toBe(false)
  expect(sent).toEqual([])
  simulation.reject(new Error('Method not found'))
  await reviewing
  expect(swap.checkingTransaction.value).toBe(false)
  expect(await swap.swap()).toBe(true)
  expect(sent.map((s) => s.kind)).toEqual(['swap'])
})

test('args: the approval and the swap are simulated in one eth_simulateV1 call', async () => {
  const read = vi.fn(async () => {
    throw new Error('Method not found')
  })
  const harness = await onReview('3000', { read })
  const simulate = read.mock.calls.find(
    (c) => (c as unknown[])[0] === 'eth_simulateV1',
  ) as unknown[]
  const [{ blockStateCalls }] = simulate[1] as [{ blockStateCalls: { calls: unknown[] }[] }]
  expect(blockStateCalls[0]?.calls).toEqual([
    {
      from: USER,
      to: USDC_ADDRESS,
      data: approveData(ROUTER, 3_000_000_000n),
      value: '0x0',
    },
    { from: USER, to: ROUTER, data: expect.stringMatching(/^0x38ed1739/), value: '0x0' },
  ])
  expect(harness.swap.approvalTransaction.value?.spender).toBe(ROUTER)
})

test('error: a decoded call other than the review is refused before the wallet, with its code', async () => {
  const amount = 3_000_000_000n
  const cases: [string, `0x${string}`, string, string][] = [
    [
      'recipient',
      swapData(USDC, WETH, amount, { recipient: ATTACKER }),
      'SwapRecipientMismatchError',
      'The swap would send what you buy to another address than yours.',
    ],
    [
      'amount in',
      `0x38ed1739${swapData(USDC, WETH, amount * 2n).slice(10)}` as `0x${string}`,
      'SwapInputMismatchError',
      'The swap would take another amount than you entered.',
    ],
    [
      'minimum out',
      swapData(USDC, WETH, amount, { minOut: 0n }),
      'SwapMinimumMismatchError',
      'The swap guarantees less than the minimum shown.',
    ],
    [
      'output token',
      swapData(USDC, WETH, amount, { path: [USDC_ADDRESS, USDC_ADDRESS, ATTACKER] }),
      'SwapOutputMismatchError',
      'The swap would buy another token than the one you chose.',
    ],
    [
      'unknown function',
      `0x5c11d795${swapData(USDC, WETH, amount).slice(10)}` as `0x${string}`,
      'SwapFunctionUnknownError',
      'The swap calls a function WalletKit cannot check.',
    ],
    [
      'input token',
      swapData(ETH, WETH, amount),
      'SwapInputMismatchError',
      'The swap would pay with another token than the one you chose.',
    ],
  ]
  for (const [name, data, code, text] of cases) {
    const harness = setup()
    harness.api.buildTransaction.mockResolvedValue({ to: ROUTER, data, value: 0n })
    await harness.swap.initialize()
    harness.swap.setSourceToken(USDC)
    harness.swap.setToToken(WETH)
    harness.swap.setSourceTokenAmount('3000')
    await vi.advanceTimersByTimeAsync(500)
    await harness.swap.review()
    expect(harness.errors(), name).toEqual([text])
    expect(harness.toasts.error.mock.calls[0]?.[1], name).toBe(code)
    expect(harness.view.value, name).toBe('form')
    expect(harness.swap.sourceTokenAmount.value, name).toBe('3000')
    expect(harness.api.buildApprove, name).not.toHaveBeenCalled()
    await harness.swap.approve()
    expect(harness.sent, name).toEqual([])
  }
})

test('behavior: a minimum under the quote is held to a fresh quote: the market moved, or not', async () => {
  const harness = setup()
  harness.setAllowance(maxUint256)
  const { swap, api } = harness
  await swap.initialize()
  swap.setSourceToken(USDC)
  swap.setToToken(WETH)
  swap.setSourceTokenAmount('3000')
  await vi.advanceTimersByTimeAsync(500)
  // The pool moved 2 % between the quote and the build: quoted again, the lower minimum holds.
  const moved = (10n ** 18n * 98n) / 100n
  api.buildTransaction.mockImplementationOnce(async () => ({
    to: ROUTER,
    data: swapData(USDC, WETH, 3_000_000_000n, { minOut: (moved * 99n) / 100n }),
  }))
  api.getQuote.mockResolvedValueOnce(moved)
  await swap.review()
  expect(api.getQuote).toHaveBeenCalledTimes(2)
  expect(swap.toTokenAmount.value).toBe('0.98')
  expect(swap.swapTransaction.value?.call.minimum).toBe((moved * 99n) / 100n)
  // The fresh quote still says more: refused.
  api.buildTransaction.mockImplementationOnce(async () => ({
    to: ROUTER,
    data: swapData(USDC, WETH, 3_000_000_000n, { minOut: (moved * 99n) / 100n - 1n }),
  }))
  api.getQuote.mockResolvedValueOnce(moved)
  await swap.review()
  expect(harness.errors()).toEqual(['The swap guarantees less than the minimum shown.'])
})

test('error: a chain check that fails after the review is shown returns to the form', async () => {
  const read = vi.fn(async (method: string) => {
    if (method === 'eth_getBlockByNumber') return { timestamp: '0x1' }
    throw new Error('Method not found')
  })
  const harness = setup({ read })
  harness.setAllowance(maxUint256)
  const { swap, toasts, view } = harness
  await swap.initialize()
  swap.setSourceToken(USDC)
  swap.setToToken(WETH)
  swap.setSourceTokenAmount('3000')
  await vi.advanceTimersByTimeAsync(500)
  // The chain's clock is at second 1: a deadline 20 minutes from the visitor's clock is too far.
  await swap.review()
  expect(harness.errors()).toEqual(['The swap’s deadline has passed or is too far away.'])
  expect(toasts.error.mock.calls[0]?.[1]).toBe('SwapDeadlineError')
  expect(view.value).toBe('form')
  expect(swap.swapTransaction.value).toBeUndefined()
  expect(swap.checkingTransaction.value).toBe(false)
})

test('behavior: a re-check keeps the ready approval pressable; a press meanwhile sends it, and the re-check is dropped', async () => {
  const harness = await onReview()
  const { swap, api, sent } = harness
  const held = deferred<bigint>()
  api.getAllowance.mockImplementationOnce(() => held.promise)
  const refreshing = swap.refresh()
  await vi.advanceTimersByTimeAsync(0)
  expect(api.getAllowance).toHaveBeenCalledTimes(2)
  // Still shown, not loading: the button acts.
  expect(swap.approvalTransaction.value?.amount).toBe(3_000_000_000n)
  expect(swap.loadingTransaction.value).toBe(false)
  await swap.approve()
  const approving = swap.approve()
  expect(swap.sending.value).toBe('approve')
  held.resolve(3_000_000_000n)
  await refreshing
  await approving
  expect(sent.map((tx) => tx.kind)).toEqual(['approve'])
  expect(harness.errors()).toEqual([])
})

test('behavior: choosing an unlimited approval shows it loading until the new one is verified', async () => {
  const { swap, api } = await onReview()
  const held = deferred<bigint>()
  api.getAllowance.mockImplementationOnce(() => held.promise)
  await swap.approve()
  swap.setUnlimited(true)
  expect(swap.approvalTransaction.value).toBeUndefined()
  expect(swap.loadingTransaction.value).toBe(true)
  held.resolve(0n)
  await vi.advanceTimersByTimeAsync(0)
  expect(swap.approvalTransaction.value?.amount).toBe(maxUint256)
  expect(swap.loadingTransaction.value).toBe(false)
})
