import {
  FIAT_USD,
  type Listing,
  NETWORK_FEE,
  PAYMENT_CURRENCIES,
  PROVIDER_FEE_PERCENT,
} from './catalog.js'

/** An amount in a currency, as quotes carry it. */
export interface QuoteAmount {
  amount: string
  currency: string
}

/** `POST /v1/onramp/quote`'s answer. */
export interface OnRampQuote {
  quoteId: string
  paymentTotal: QuoteAmount
  paymentSubtotal: QuoteAmount
  purchaseAmount: QuoteAmount
  networkFee: QuoteAmount
  fees: (QuoteAmount & { type: 'provider' | 'network' })[]
}

/** What a quote is asked for. */
export interface QuoteInput {
  listing: Listing
  /** Fiat currency id, e.g. 'USD'. */
  currency: string
  /** Decimal amount the visitor pays, fees included. */
  amount: string
  /** 'card' (default) or 'ach_bank_account'. */
  method: string
  /** USD per whole unit of the asset, read from the chain now. */
  priceUsd: number
}

/** Decimals a purchase amount is quoted with at most. */
const PURCHASE_DECIMALS = 8

const cents = (value: string) => Math.round(Number(value) * 100)
const fiat = (c: number) => (c / 100).toFixed(2)

/**
 * Prices a purchase: the provider fee of the payment method and the network fee come off the
 * payment, the rest buys the asset at its current price, rounded down to 8 decimals.
 * @returns the quote, or the reason it cannot be given.
 */
export function priceQuote(input: QuoteInput, quoteId: string): OnRampQuote | { error: string } {
  const { currency, method, listing } = input
  const limits = PAYMENT_CURRENCIES.find((c) => c.id === currency)?.payment_method_limits.find(
    (l) => l.id === method,
  )
  const rate = FIAT_USD[currency]
  const feePercent = PROVIDER_FEE_PERCENT[method]
  if (!limits || rate === undefined || feePercent === undefined)
    return { error: `Unsupported currency or payment method: ${currency} ${method}` }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(input.amount))
    return { error: 'amount must be a decimal string' }
  const total = cents(input.amount)
  if (total < cents(limits.min) || total > cents(limits.max))
    return { error: `amount must be between ${limits.min} and ${limits.max} ${currency}` }
  if (!(input.priceUsd > 0)) return { error: `No price for ${listing.asset.symbol}` }
  const providerFee = Math.round((total * feePercent) / 100)
  const networkFee = cents(NETWORK_FEE)
  const subtotal = total - providerFee - networkFee
  const decimals = Math.min(listing.decimals, PURCHASE_DECIMALS)
  const units = Math.floor(((subtotal / 100) * rate * 10 ** decimals) / input.priceUsd)
  const purchase = (units / 10 ** decimals).toFixed(decimals).replace(/\.?0+$/, '')
  const symbol = listing.asset.symbol
  return {
    quoteId,
    paymentTotal: { amount: fiat(total), currency },
    paymentSubtotal: { amount: fiat(subtotal), currency },
    purchaseAmount: { amount: purchase, currency: symbol },
    networkFee: { amount: fiat(networkFee), currency },
    fees: [
      { type: 'provider', amount: fiat(providerFee), currency },
      { type: 'network', amount: fiat(networkFee), currency },
    ],
  }
}
