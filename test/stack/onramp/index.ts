export {
  createCatalog,
  evmNetworkName,
  FIAT_USD,
  type Listing,
  NETWORK_FEE,
  type OnRampNetwork,
  PAYMENT_CURRENCIES,
  type PaymentCurrency,
  PROVIDER_FEE_PERCENT,
  type PurchaseCurrency,
} from './catalog.js'
export { createPayoutDesk, type Payout, TREASURY } from './payout.js'
export { type OnRampQuote, priceQuote, type QuoteAmount } from './quote.js'
export { createOnRampRoutes } from './routes.js'
export { type OnRampOptions, type OnRampStandIn, startOnRamp } from './server.js'
export { type CheckoutSession, SESSION_LIFETIME_MS } from './sessions.js'
