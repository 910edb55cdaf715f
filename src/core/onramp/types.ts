/** A payment method's limits in one fiat currency, as the options call gives them. */
export type PaymentMethodLimit = { id: string; min: string; max: string }

/** A fiat currency the visitor may pay with (`paymentCurrencies[]`). */
export type PaymentCurrency = { id: string; payment_method_limits: PaymentMethodLimit[] }

/** A network an asset is sold on; `chain_id` is the CAIP-2 reference (decimal id for eip155). */
export type OnRampNetwork = {
  /** The provider's name of the network: the quote's `network`, the checkout's `defaultNetwork`. */
  name: string
  display_name: string
  chain_id: string
  /** The token's address; '' for the native coin. */
  contract_address: string
}

/** An asset the provider sells (`purchaseCurrencies[]`). */
export type PurchaseCurrency = {
  id: string
  name: string
  symbol: string
  networks: OnRampNetwork[]
}

/** What `/v1/onramp/options` answers, or the built-in fallback. */
export type OnRampOptions = {
  paymentCurrencies: PaymentCurrency[]
  purchaseCurrencies: PurchaseCurrency[]
}

/** What the visitor can buy on the active network: an asset and its listing there. */
export type OnRampAsset = { currency: PurchaseCurrency; network: OnRampNetwork }

/** An amount in a currency. */
export type QuoteAmount = { amount: string; currency: string }

/** An on-ramp quote (SPEC §3). */
export type OnRampQuote = {
  quoteId: string
  paymentTotal: QuoteAmount
  paymentSubtotal: QuoteAmount
  /** What the visitor receives; null when an estimate cannot name it. */
  purchaseAmount: QuoteAmount | null
  fees: (QuoteAmount & { type: string })[]
  /** True for the placeholder shown when the quote call failed: not a price anyone offered. */
  estimate: boolean
}

/** What the generator call takes (SPEC §7 `POST /v1/generators/onrampurl`). */
export type CheckoutRequest = {
  destinationWallets: { address: string; blockchains: string[]; assets: string[] }[]
  defaultNetwork: string
  partnerUserId: string
  defaultExperience: 'buy'
  presetCryptoAmount?: number
  presetFiatAmount: number
  fiatCurrency: string
  defaultPaymentMethod: string
}

/** The on-ramp calls of the blockchain API (part of `BlockchainApi`). */
export type OnRampApi = {
  /** `/v1/onramp/options`. */
  getOnRampOptions(signal?: AbortSignal): Promise<OnRampOptions>
  /** `POST /v1/onramp/quote`. */
  getOnRampQuote(
    request: {
      purchaseCurrency: PurchaseCurrency
      paymentCurrency: PaymentCurrency
      amount: string
      network: string
      paymentMethod: string
    },
    signal?: AbortSignal,
  ): Promise<Omit<OnRampQuote, 'estimate'>>
  /** `POST /v1/generators/onrampurl`: the checkout link, unchecked (the core checks it). */
  getOnRampUrl(request: CheckoutRequest): Promise<string>
}
