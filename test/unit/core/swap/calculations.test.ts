import { expect, test } from 'vitest'
import {
  correctNativeAmount,
  fromBaseUnits,
  gasCost,
  INSUFFICIENT_BALANCE,
  maxSlippage,
  minimumReceived,
  priceImpact,
  providerFee,
  quoteAmount,
  slippageBps,
  swapInputError,
  toBaseUnits,
  valueUsd,
} from '../../../../src/core/swap/calculations.js'

const GWEI = 10n ** 9n
const ETHER = 10n ** 18n

test('default', () => {
  // 3000 USDC into the seeded pool (3 000 000 USDC / 1000 WETH) pays 0.996006981039903216 WETH.
  const paid = toBaseUnits('3000', 6) as bigint
  const received = 996_006_981_039_903_216n
  expect(paid).toBe(3_000_000_000n)
  expect(quoteAmount(received, 18)).toBe('0.996006')
  expect(providerFee(paid)).toBe(25_500_000n) // 25.5 USDC
  expect(minimumReceived(received, 1)).toBe(986_046_911_229_504_183n)
  expect(maxSlippage(received, 1)).toBe(9_960_069_810_399_033n)
  expect(
    priceImpact({
      sourceAmount: paid,
      sourceDecimals: 6,
      sourcePriceUsd: 1,
      toAmount: received,
      toDecimals: 18,
      toPriceUsd: 3000,
    }),
  ).toBe(0.399)
  // 150 000 gas at 2 gwei: 0.0003 ETH, $0.90 at $3000.
  expect(gasCost(2n * GWEI)).toBe(300_000_000_000_000n)
  expect(valueUsd(gasCost(2n * GWEI), 18, 3000)).toBe(0.9)
})

test('args: toBaseUnits reads both separators and cuts extra decimals', () => {
  expect(toBaseUnits('1.5', 6)).toBe(1_500_000n)
  expect(toBaseUnits('1,5', 6)).toBe(1_500_000n)
  expect(toBaseUnits('0.', 18)).toBe(0n)
  expect(toBaseUnits('.25', 2)).toBe(25n)
  expect(toBaseUnits('1.1234567', 6)).toBe(1_123_456n)
  expect(toBaseUnits('007', 0)).toBe(7n)
  for (const bad of ['', '.', ',', '1.2.3', '1e6', '-1', '+1', ' ', 'abc', '1'.repeat(101)])
    expect(toBaseUnits(bad, 18), bad).toBeUndefined()
})

test('args: fromBaseUnits cuts, never rounds, and trims zeros', () => {
  expect(fromBaseUnits(1_999_999n, 6)).toBe('1.999999')
  expect(fromBaseUnits(1_999_999n, 6, 2)).toBe('1.99')
  expect(fromBaseUnits(1_000_000n, 6)).toBe('1')
  expect(fromBaseUnits(5n, 18)).toBe('0.000000000000000005')
  expect(fromBaseUnits(5n, 18, 6)).toBe('0')
  expect(fromBaseUnits(0n, 0)).toBe('0')
  expect(fromBaseUnits(-1_500n, 3)).toBe('-1.5')
  expect(quoteAmount(123_456_789_123_456_789_000n, 18)).toBe('123.456789')
})

test('behavior: the provider fee is 0.85 % of the amount paid, rounded up', () => {
  expect(providerFee(10_000n)).toBe(85n)
  expect(providerFee(1n)).toBe(1n)
  expect(providerFee(0n)).toBe(0n)
  expect(providerFee(ETHER)).toBe(8_500_000_000_000_000n) // 0.0085 ETH
})

test('behavior: minimum received and max slippage split the quote at the slippage', () => {
  expect(slippageBps(1)).toBe(100n)
  expect(slippageBps(0.5)).toBe(50n)
  expect(slippageBps(2.999)).toBe(299n)
  expect(minimumReceived(1_000_000n, 1)).toBe(990_000n)
  expect(maxSlippage(1_000_000n, 1)).toBe(10_000n)
  expect(minimumReceived(1_000_000n, 0.5)).toBe(995_000n)
  // The bound is rounded down, as the router's amountOutMin.
  expect(minimumReceived(999n, 1)).toBe(989n)
  expect(maxSlippage(999n, 1)).toBe(10n)
  expect(minimumReceived(123_456_789n, 50)).toBe(61_728_394n)
})

test('behavior: price impact is the value lost, in percent to 3 decimals', () => {
  const base = { sourceDecimals: 18, toDecimals: 6, sourcePriceUsd: 3000, toPriceUsd: 1 }
  // 1 ETH ($3000) for 2970 USDC: 1 % lost.
  expect(priceImpact({ ...base, sourceAmount: ETHER, toAmount: 2_970_000_000n })).toBe(1)
  // Receiving more than paid is a negative impact.
  expect(priceImpact({ ...base, sourceAmount: ETHER, toAmount: 3_030_000_000n })).toBe(-1)
  expect(priceImpact({ ...base, sourceAmount: ETHER, toAmount: 2_999_999_000n })).toBe(0)
  expect(priceImpact({ ...base, sourceAmount: ETHER, toAmount: 2_000_000_000n })).toBe(33.333)
  // No price, no impact.
  expect(priceImpact({ ...base, toPriceUsd: 0, sourceAmount: ETHER, toAmount: 1n })).toBeUndefined()
  expect(
    priceImpact({ ...base, sourcePriceUsd: Number.NaN, sourceAmount: ETHER, toAmount: 1n }),
  ).toBeUndefined()
  expect(priceImpact({ ...base, sourceAmount: 0n, toAmount: 1n })).toBeUndefined()
})

test('behavior: the network fee is 150 000 gas at the gas price, in USD', () => {
  expect(gasCost(GWEI)).toBe(150_000n * GWEI)
  expect(gasCost(GWEI, 21_000n)).toBe(21_000n * GWEI)
  expect(valueUsd(gasCost(10n * GWEI), 18, 2500)).toBe(3.75)
  expect(valueUsd(gasCost(10n * GWEI), 18, Number.NaN)).toBe(0)
  expect(valueUsd(1_500_000n, 6, 1)).toBe(1.5)
})

test('behavior: the native-source gas correction leaves the gas in the wallet', () => {
  const gas = gasCost(2n * GWEI) // 0.0003 ETH
  // Enough for both: unchanged.
  expect(correctNativeAmount({ amount: ETHER, balance: 2n * ETHER, gasCost: gas })).toBe(ETHER)
  expect(correctNativeAmount({ amount: ETHER - gas, balance: ETHER, gasCost: gas })).toBe(
    ETHER - gas,
  )
  // The whole balance typed: the gas is kept back.
  expect(correctNativeAmount({ amount: ETHER, balance: ETHER, gasCost: gas })).toBe(
    999_700_000_000_000_000n,
  )
  // Less than the gas: nothing can be swapped.
  expect(correctNativeAmount({ amount: gas, balance: gas, gasCost: gas })).toBe(0n)
  expect(correctNativeAmount({ amount: 1n, balance: 1n, gasCost: gas })).toBe(0n)
})

test('behavior: the input error covers the source balance and the gas, except for smart accounts', () => {
  const ok = {
    sourceAmount: 100n,
    sourceBalance: 100n,
    nativeBalance: ETHER,
    gasCost: gasCost(GWEI),
    smartAccount: false,
  }
  expect(swapInputError(ok)).toBeUndefined()
  expect(swapInputError({ ...ok, sourceAmount: 101n })).toBe(INSUFFICIENT_BALANCE)
  expect(swapInputError({ ...ok, sourceAmount: 101n, smartAccount: true })).toBe(
    INSUFFICIENT_BALANCE,
  )
  expect(swapInputError({ ...ok, nativeBalance: gasCost(GWEI) - 1n })).toBe(INSUFFICIENT_BALANCE)
  expect(swapInputError({ ...ok, nativeBalance: 0n, smartAccount: true })).toBeUndefined()
  expect(INSUFFICIENT_BALANCE).toBe('Insufficient balance')
})
