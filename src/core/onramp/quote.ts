import type { OnRampAsset, OnRampQuote } from './types.js'

/** Decimals of an estimated purchase amount. */
const ESTIMATE_DECIMALS = 6

/**
 * The placeholder quote used when the quote call fails (SPEC §8), marked as an estimate: the
 * payment as entered, no fees, and the amount received only when a USD price of the asset is known
 * and the payment is in USD (otherwise null: the checkout will say).
 */
export function placeholderQuote(input: {
  amount: string
  currency: string
  asset: OnRampAsset
  /** USD per whole unit of the asset, when the kit knows it (from the account's balances). */
  priceUsd?: number | undefined
}): OnRampQuote {
  const payment = { amount: input.amount, currency: input.currency }
  const price = input.priceUsd
  const estimate =
    input.currency === 'USD' && price !== undefined && price > 0
      ? {
          amount: (
            Math.floor((Number(input.amount) / price) * 10 ** ESTIMATE_DECIMALS) /
            10 ** ESTIMATE_DECIMALS
          )
            .toFixed(ESTIMATE_DECIMALS)
            .replace(/\.?0+$/, ''),
          currency: input.asset.currency.symbol,
        }
      : null
  return {
    quoteId: 'estimate',
    paymentTotal: payment,
    paymentSubtotal: payment,
    purchaseAmount: estimate,
    fees: [],
    estimate: true,
  }
}
