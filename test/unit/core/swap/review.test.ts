import { maxUint256 } from 'viem'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { HttpRequestError } from '../../../../src/core/errors/http.js'
import { UserRejectedRequestError } from '../../../../src/core/errors/rpc.js'
import {
  ATTACKER,
  approveData,
  ETHER,
  ROUTER,
  seededAccount,
  setup,
  USDC,
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
    data: '0x38ed1739',
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
    expect.objectContaining({ kind: 'swap', to: ROUTER, data: '0x38ed1739', value: ETHER / 2n }),
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
      'The approval is for another contract than the swap.',
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
          data: '0x38ed1739',
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
  api.buildTransaction.mockResolvedValueOnce({ to: ATTACKER, data: '0x38ed1739' })
  await swap.approve()
  expect(errors()).toEqual(['The swap goes to another contract than the one the allowance is for.'])
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

test('error: a swap to a plain account instead of a contract is refused', async () => {
  const isContract = vi.fn(async (address: string) => address === ROUTER)
  const harness = setup({ isContract })
  const { swap, api, errors } = harness
  api.buildTransaction.mockResolvedValueOnce({ to: ATTACKER, data: '0x7ff36ab5', value: ETHER })
  await swap.initialize()
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('1')
  await vi.advanceTimersByTimeAsync(500)
  await swap.review()
  expect(isContract).toHaveBeenCalledWith(ATTACKER)
  expect(errors()).toEqual(['The swap does not go to a contract.'])
  expect(swap.swapTransaction.value).toBeUndefined()
  await swap.review()
  expect(swap.swapTransaction.value?.to).toBe(ROUTER)
})
