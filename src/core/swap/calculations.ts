import { formatUnits } from 'viem'
import {
  QUOTE_AMOUNT_PRECISION_DECIMALS,
  SWAP_GAS_ESTIMATE_UNITS,
  SWAP_PROVIDER_FEE_PERCENT,
} from '../constants.js'

/**
 * The swap's arithmetic (SPEC §9, service-shapes §1.5). Token amounts are bigints in base units
 * (wei, 10⁻⁶ USDC); USD values are numbers. Every rounding goes against the visitor's hopes: what
 * they pay is never shown smaller, what they receive never larger.
 */

/** The input error of SPEC §5. */
export const INSUFFICIENT_BALANCE = 'Insufficient balance'

const DECIMAL = /^(\d*)[.,]?(\d*)$/
const BPS = 10_000n

/**
 * A typed amount in base units: digits with one '.' or ',' (SPEC §5's separators); decimals
 * beyond the token's are cut. Undefined when it is not a number.
 *
 * @example toBaseUnits('1.5', 6) // 1_500_000n
 */
export function toBaseUnits(amount: string, decimals: number): bigint | undefined {
  const text = amount.trim()
  const match = text.length <= 100 ? DECIMAL.exec(text) : null
  if (!match || text === '' || /^[.,]$/.test(text)) return undefined
  const [, whole = '', fraction = ''] = match
  const digits = `${whole || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`
  return BigInt(digits)
}

/**
 * Base units as a decimal string with at most `maxDecimals` decimals, cut (never rounded up),
 * trailing zeros removed.
 *
 * @example fromBaseUnits(1_234_567_891n, 9, 6) // '1.234567'
 */
export function fromBaseUnits(value: bigint, decimals: number, maxDecimals = decimals): string {
  const [whole = '0', fraction = ''] = formatUnits(value, decimals).split('.')
  const cut = fraction.slice(0, maxDecimals).replace(/0+$/, '')
  return cut ? `${whole}.${cut}` : whole
}

/** A quoted amount as the form shows it: QUOTE_AMOUNT_PRECISION_DECIMALS decimals at most. */
export function quoteAmount(value: bigint, decimals: number): string {
  return fromBaseUnits(value, decimals, QUOTE_AMOUNT_PRECISION_DECIMALS)
}

/** Slippage in basis points, rounded down so the bound is never looser than configured. */
export function slippageBps(slippagePercent: number): bigint {
  return BigInt(Math.floor(slippagePercent * 100))
}

/** The least the swap may pay: the quote less the slippage (what the swap's bound enforces). */
export function minimumReceived(toAmount: bigint, slippagePercent: number): bigint {
  return (toAmount * (BPS - slippageBps(slippagePercent))) / BPS
}

/** How much less than the quote the slippage allows (SPEC §3 `maxSlippage`). */
export function maxSlippage(toAmount: bigint, slippagePercent: number): bigint {
  return toAmount - minimumReceived(toAmount, slippagePercent)
}

/** The provider's 0.85 % of the amount paid, in the source token's base units (rounded up). */
export function providerFee(sourceAmount: bigint): bigint {
  const bps = BigInt(Math.round(SWAP_PROVIDER_FEE_PERCENT * 100))
  return (sourceAmount * bps + BPS - 1n) / BPS
}

/** What the swap's gas costs in the network's coin: SWAP_GAS_ESTIMATE_UNITS × gas price. */
export function gasCost(gasPrice: bigint, gas: bigint = SWAP_GAS_ESTIMATE_UNITS): bigint {
  return gas * gasPrice
}

/** A base-unit amount's value in USD at `priceUsd` per whole token. */
export function valueUsd(amount: bigint, decimals: number, priceUsd: number): number {
  if (!Number.isFinite(priceUsd) || priceUsd <= 0) return 0
  return (Number(amount) * priceUsd) / 10 ** decimals
}

/**
 * The price impact in percent, to 3 decimals: how much less the received tokens are worth than
 * the paid ones. Undefined without both prices.
 */
export function priceImpact(input: {
  sourceAmount: bigint
  sourceDecimals: number
  sourcePriceUsd: number
  toAmount: bigint
  toDecimals: number
  toPriceUsd: number
}): number | undefined {
  const paid = valueUsd(input.sourceAmount, input.sourceDecimals, input.sourcePriceUsd)
  const received = valueUsd(input.toAmount, input.toDecimals, input.toPriceUsd)
  if (paid <= 0 || received <= 0) return undefined
  return Math.round(((paid - received) / paid) * 100 * 1000) / 1000
}

/**
 * The native-source gas correction: when paying with the network's coin leaves too little for
 * gas, the amount becomes the balance less the gas. Zero when even that is not positive.
 */
export function correctNativeAmount(input: {
  amount: bigint
  balance: bigint
  gasCost: bigint
}): bigint {
  const { amount, balance } = input
  if (amount + input.gasCost <= balance) return amount
  const rest = balance - input.gasCost
  return rest > 0n ? rest : 0n
}

/**
 * The form's input error (SPEC §5): the amount paid exceeds the balance, or the network's coin
 * cannot pay the gas (not asked of smart accounts). With the coin as the source, the amount is
 * corrected for gas when the swap is built, so only the gas itself must fit.
 */
export function swapInputError(input: {
  sourceAmount: bigint
  sourceBalance: bigint
  nativeBalance: bigint
  gasCost: bigint
  smartAccount: boolean
}): typeof INSUFFICIENT_BALANCE | undefined {
  if (input.sourceAmount > input.sourceBalance) return INSUFFICIENT_BALANCE
  if (!input.smartAccount && input.nativeBalance < input.gasCost) return INSUFFICIENT_BALANCE
  return undefined
}
