import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { HttpRequestError } from '../../../../src/core/errors/http.js'
import {
  IncorrectAmountError,
  InsufficientLiquidityError,
  SwapAddressNotFoundError,
  SwapNetworkNotSupportedError,
} from '../../../../src/core/errors/swap.js'
import { deferred, GWEI, NETWORK, seededAccount, setup, USDC, WETH } from './harness.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Lets the debounce run out and every answer arrive. */
async function settle() {
  await vi.advanceTimersByTimeAsync(500)
}

test('default', async () => {
  const { swap, api } = setup()
  await swap.initialize()
  expect(api.getTokens).toHaveBeenCalledWith('eip155:31337')
  expect(api.getGasPrice).toHaveBeenCalledWith('eip155:31337')
  expect(swap.initialized.value).toBe(true)
  expect(swap.tokens.value.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'WETH'])
  // The network's coin is paid with first; its price comes from the price call.
  expect(swap.sourceToken.value?.symbol).toBe('ETH')
  expect(swap.sourceToken.value?.balance).toBe(10_000n * 10n ** 18n)
  expect(swap.networkPrice.value).toBe(3000)
  expect(swap.gasFee.value).toBe(2n * GWEI)
  expect(swap.gasPriceInUSD.value).toBe(0.9)
  expect(swap.action.value).toEqual({ kind: 'select-token' })
  swap.setToToken(USDC)
  expect(swap.action.value).toEqual({ kind: 'enter-amount' })
  swap.setSourceTokenAmount('0.5')
  expect(swap.action.value).toEqual({ kind: 'review', loading: true })
  await settle()
  expect(swap.toTokenAmount.value).toBe('1500')
  expect(swap.action.value).toEqual({ kind: 'review', loading: false })
  expect(swap.details.value).toEqual({
    priceImpact: 0,
    providerFee: '0.00425',
    maxSlippage: '15',
    minimumReceived: '1485',
    gasPriceInUSD: 0.9,
    slippage: 1,
  })
  expect([swap.priceImpact.value, swap.providerFee.value, swap.maxSlippage.value]).toEqual([
    0,
    '0.00425',
    '15',
  ])
})

test('behavior: the token lists put holdings first, then suggested and popular tokens', async () => {
  const { swap } = setup({
    account: seededAccount({ balances: seededAccount().balances.slice(1) }),
  })
  await swap.initialize()
  expect(swap.myTokensWithBalance.value.map((t) => [t.symbol, t.quantity])).toEqual([
    ['WETH', '10'],
    ['USDC', '10000'],
  ])
  expect(swap.suggestedTokens.value.map((t) => t.symbol)).toEqual(['ETH', 'WETH', 'USDC'])
})

test('error: no account, an unsupported network', async () => {
  const none = setup()
  none.account.value = undefined
  await expect(none.swap.initialize()).rejects.toBeInstanceOf(SwapAddressNotFoundError)
  const other = setup()
  other.network.value = { ...NETWORK, caipNetworkId: 'eip155:59144', reference: '59144' }
  await expect(other.swap.initialize()).rejects.toThrow('Network not supported for Swaps')
  await expect(other.swap.initialize()).rejects.toBeInstanceOf(SwapNetworkNotSupportedError)
  expect(other.api.getTokens).not.toHaveBeenCalled()
  other.network.value = { ...NETWORK, caipNetworkId: 'solana:x', namespace: 'solana' }
  await expect(other.swap.getGasPrice()).rejects.toThrow('Network not supported for Gas Price')
})

test('error: a failed load shows its text and goes back; a missing price only warns', async () => {
  const broken = setup()
  broken.api.getTokens.mockRejectedValueOnce(new HttpRequestError({ status: 500, url: 'x' }))
  await broken.swap.initialize()
  expect(broken.errors()).toEqual(['Failed to initialize swap'])
  expect(broken.navigation.back).toHaveBeenCalledOnce()
  expect(broken.swap.initialized.value).toBe(false)

  const unpriced = setup()
  unpriced.api.getPrices.mockRejectedValueOnce(new HttpRequestError({ status: 503, url: 'x' }))
  await unpriced.swap.initialize()
  expect(unpriced.errors()).toEqual(['Failed to fetch network token price'])
  expect(unpriced.swap.initialized.value).toBe(true)
  expect(unpriced.navigation.back).not.toHaveBeenCalled()
})

test('behavior: typing is debounced into one quote for the last amount', async () => {
  const { swap, api } = setup()
  await swap.initialize()
  swap.setToToken(USDC)
  for (const amount of ['1', '1.', '1.2', '1.25']) {
    swap.setSourceTokenAmount(amount)
    await vi.advanceTimersByTimeAsync(100)
  }
  expect(api.getQuote).not.toHaveBeenCalled()
  await settle()
  expect(api.getQuote).toHaveBeenCalledOnce()
  expect(api.getQuote.mock.calls[0]?.[0]).toMatchObject({ amount: 1_250_000_000_000_000_000n })
  expect(swap.toTokenAmount.value).toBe('3750')
})

test('behavior: a quote for an old amount never lands on a newer one', async () => {
  const { swap, api } = setup()
  await swap.initialize()
  swap.setToToken(USDC)
  const slow = deferred<bigint | undefined>()
  api.getQuote.mockImplementationOnce(() => slow.promise)
  swap.setSourceTokenAmount('1')
  await settle()
  swap.setSourceTokenAmount('2')
  // The old answer is gone at once, before the new quote is asked for.
  expect(swap.toTokenAmount.value).toBe('')
  await settle()
  expect(swap.toTokenAmount.value).toBe('6000')
  slow.resolve(3_000_000_000n)
  await settle()
  expect(swap.toTokenAmount.value).toBe('6000')
})

test('behavior: a quote without an amount is the banner; no liquidity is the input error', async () => {
  const { swap, api } = setup()
  await swap.initialize()
  swap.setToToken(USDC)
  api.getQuote.mockResolvedValueOnce(undefined)
  swap.setSourceTokenAmount('1')
  await settle()
  expect(swap.quoteError.value).toBeInstanceOf(IncorrectAmountError)
  expect(swap.quoteError.value?.shortMessage).toBe('Incorrect amount')
  expect(swap.quoteError.value?.details).toBe('Please enter a valid amount')
  api.getQuote.mockRejectedValueOnce(new InsufficientLiquidityError())
  swap.setSourceTokenAmount('2')
  await settle()
  expect(swap.quoteError.value).toBeUndefined()
  expect(swap.action.value).toEqual({
    kind: 'input-error',
    message: 'Insufficient liquidity',
    liquidity: true,
  })
  api.getQuote.mockRejectedValueOnce(new HttpRequestError({ status: 502, url: 'x' }))
  swap.setSourceTokenAmount('3')
  await settle()
  expect(swap.quoteError.value?.shortMessage).toBe('HTTP status code: 502')
  // The form is as typed.
  expect(swap.sourceTokenAmount.value).toBe('3')
})

test('behavior: insufficient balance for the amount or for the gas, but not for smart accounts', async () => {
  const { swap, account } = setup()
  await swap.initialize()
  swap.setSourceToken(USDC)
  swap.setToToken(WETH)
  swap.setSourceTokenAmount('10000.000001')
  expect(swap.action.value).toEqual({
    kind: 'input-error',
    message: 'Insufficient balance',
    liquidity: false,
  })
  swap.setSourceTokenAmount('10000')
  expect(swap.inputError.value).toBeUndefined()
  // 150 000 gas at 2 gwei is 0.0003 ETH: 0.0002 ETH cannot pay it.
  const poor = seededAccount().balances.map((b) =>
    b.symbol === 'ETH' ? { ...b, quantity: { decimals: '18', numeric: '0.0002' } } : b,
  )
  account.value = { ...seededAccount(), balances: poor }
  expect(swap.inputError.value).toBe('Insufficient balance')
  account.value = { ...seededAccount(), balances: poor, smartAccount: true }
  expect(swap.inputError.value).toBeUndefined()
})

test('behavior: flip swaps the tokens and carries the quote, or 1 without one', async () => {
  const { swap } = setup()
  await swap.initialize()
  swap.setToToken(USDC)
  swap.flip()
  expect([swap.sourceToken.value?.symbol, swap.toToken.value?.symbol]).toEqual(['USDC', 'ETH'])
  expect(swap.sourceTokenAmount.value).toBe('1')
  await settle()
  expect(swap.toTokenAmount.value).toBe('0.000333')
  swap.flip()
  expect(swap.sourceTokenAmount.value).toBe('0.000333')
  // Picking the other side's token swaps them too.
  swap.setSourceToken(USDC)
  expect([swap.sourceToken.value?.symbol, swap.toToken.value?.symbol]).toEqual(['USDC', 'ETH'])
})

test('behavior: quotes refresh every 10 s while a swap view is shown and the page visible', async () => {
  const { swap, api, active, refreshBalances } = setup()
  await swap.initialize()
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('1')
  await settle()
  expect(api.getQuote).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(10_000)
  expect(api.getQuote).toHaveBeenCalledTimes(2)
  expect(refreshBalances).toHaveBeenCalledTimes(2)
  active.value = false
  await vi.advanceTimersByTimeAsync(30_000)
  expect(api.getQuote).toHaveBeenCalledTimes(2)
  active.value = true
  await vi.advanceTimersByTimeAsync(10_000)
  expect(api.getQuote).toHaveBeenCalledTimes(3)
  swap.destroy()
})

test('behavior: while the quote shown is refreshed, Review swap stays pressable', async () => {
  const { swap, api } = setup()
  await swap.initialize()
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('1')
  await settle()
  const slow = deferred<bigint | undefined>()
  api.getQuote.mockImplementationOnce(() => slow.promise)
  await vi.advanceTimersByTimeAsync(10_000)
  expect(api.getQuote).toHaveBeenCalledTimes(2)
  expect(swap.loadingQuote.value).toBe(true)
  expect(swap.action.value).toEqual({ kind: 'review', loading: false })
  slow.resolve(3_100_000_000n)
  await settle()
  expect(swap.toTokenAmount.value).toBe('3100')
  swap.destroy()
})

test('behavior: an account or network change resets the swap (SECURITY row 24)', async () => {
  const { swap, api, account, network, navigation } = setup()
  await swap.initialize()
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('1')
  await settle()
  const slow = deferred<bigint | undefined>()
  api.getQuote.mockImplementationOnce(() => slow.promise)
  swap.setSourceTokenAmount('2')
  await settle()
  account.value = seededAccount({
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    caipAddress: 'eip155:31337:0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  })
  expect(swap.sourceTokenAmount.value).toBe('')
  expect(swap.toToken.value).toBeUndefined()
  expect(swap.initialized.value).toBe(false)
  expect(navigation.form).toHaveBeenCalledOnce()
  // The old account's quote arrives late and is dropped.
  slow.resolve(6_000_000_000n)
  await settle()
  expect(swap.toTokenAmount.value).toBe('')
  await swap.initialize()
  expect(swap.initialized.value).toBe(true)
  network.value = { ...NETWORK, caipNetworkId: 'eip155:31338', reference: '31338' }
  expect(swap.initialized.value).toBe(false)
  expect(swap.tokens.value).toEqual([])
})

test('behavior: the form loads when shown; after a failure, only once the swap views were left', async () => {
  const { swap, api, view, errors, navigation } = setup()
  api.getTokens.mockRejectedValueOnce(new HttpRequestError({ status: 500, url: 'x' }))
  // Going back may leave the form shown (the only view of an embedded modal).
  navigation.back.mockImplementationOnce(() => undefined)
  view.value = 'form'
  await settle()
  expect(errors()).toEqual(['Failed to initialize swap'])
  expect(swap.initFailed.value).toBe(true)
  // Back on the form without leaving: nothing is asked again.
  view.value = 'review'
  view.value = 'form'
  await settle()
  expect(api.getTokens).toHaveBeenCalledTimes(1)
  view.value = 'none'
  view.value = 'form'
  await settle()
  expect(api.getTokens).toHaveBeenCalledTimes(2)
  expect(swap.initialized.value).toBe(true)
})
