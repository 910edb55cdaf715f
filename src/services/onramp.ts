import type {
  OnRampApi,
  OnRampNetwork,
  OnRampOptions,
  OnRampQuote,
  PaymentCurrency,
  PurchaseCurrency,
  QuoteAmount,
} from '../core/onramp/types.js'
import type { HttpClient } from './http.js'
import { list, optionalText, record, text } from './parse.js'

const DECIMAL = /^\d{1,15}(\.\d{1,18})?$/

/** Items of a list that parse, the others dropped. */
function each<T>(value: unknown, what: string, parse: (item: unknown) => T): T[] {
  return list(value, what).flatMap((item) => {
    try {
      return [parse(item)]
    } catch {
      return []
    }
  })
}

function amountOf(value: unknown, what: string): QuoteAmount {
  const o = record(value, what)
  const amount = text(o, 'amount', 40)
  if (!DECIMAL.test(amount)) throw new Error(`${what} is not a decimal amount`)
  return { amount, currency: text(o, 'currency', 16) }
}

function parsePaymentCurrency(value: unknown): PaymentCurrency {
  const o = record(value, 'payment currency')
  return {
    id: text(o, 'id', 16),
    payment_method_limits: each(o.payment_method_limits, 'limits', (item) => {
      const l = record(item, 'limit')
      const min = text(l, 'min', 20)
      const max = text(l, 'max', 20)
      if (!DECIMAL.test(min) || !DECIMAL.test(max)) throw new Error('limit is not a decimal')
      return { id: text(l, 'id', 40), min, max }
    }),
  }
}

function parseNetwork(value: unknown): OnRampNetwork {
  const o = record(value, 'network')
  return {
    name: text(o, 'name', 80),
    display_name: optionalText(o, 'display_name', 80) ?? text(o, 'name', 80),
    chain_id: text(o, 'chain_id', 64),
    contract_address: optionalText(o, 'contract_address', 128) ?? '',
  }
}

function parsePurchaseCurrency(value: unknown): PurchaseCurrency {
  const o = record(value, 'purchase currency')
  return {
    id: text(o, 'id', 64),
    name: text(o, 'name', 80),
    symbol: text(o, 'symbol', 16),
    networks: each(o.networks, 'networks', parseNetwork),
  }
}

/** `/v1/onramp/options`: copies known fields only; throws when nothing usable is left. */
export function parseOnRampOptions(value: unknown): OnRampOptions {
  const o = record(value, 'options')
  const options = {
    paymentCurrencies: each(o.paymentCurrencies, 'paymentCurrencies', parsePaymentCurrency),
    purchaseCurrencies: each(o.purchaseCurrencies, 'purchaseCurrencies', parsePurchaseCurrency),
  }
  if (!options.paymentCurrencies.length || !options.purchaseCurrencies.length)
    throw new Error('no currencies')
  return options
}

/** `POST /v1/onramp/quote`: fees from `fees[]`, or the network fee alone. */
export function parseOnRampQuote(value: unknown): Omit<OnRampQuote, 'estimate'> {
  const o = record(value, 'quote')
  const fees = Array.isArray(o.fees)
    ? each(o.fees, 'fees', (item) => ({
        ...amountOf(item, 'fee'),
        type: text(record(item, 'fee'), 'type', 40),
      }))
    : o.networkFee
      ? [{ ...amountOf(o.networkFee, 'networkFee'), type: 'network' }]
      : []
  return {
    quoteId: text(o, 'quoteId', 200),
    paymentTotal: amountOf(o.paymentTotal, 'paymentTotal'),
    paymentSubtotal: amountOf(o.paymentSubtotal, 'paymentSubtotal'),
    purchaseAmount: amountOf(o.purchaseAmount, 'purchaseAmount'),
    fees,
  }
}

/** The on-ramp calls of the blockchain API (SPEC §7), over its HTTP client. */
export function createOnRampCalls(http: HttpClient): OnRampApi {
  return {
    getOnRampOptions(signal) {
      return http.json({ path: '/v1/onramp/options', signal }, parseOnRampOptions)
    },
    getOnRampQuote(request, signal) {
      return http.json({ path: '/v1/onramp/quote', body: request, signal }, parseOnRampQuote)
    },
    getOnRampUrl(request) {
      return http.json({ path: '/v1/generators/onrampurl', body: request }, (value) =>
        // Checked by the core before any window shows it.
        text(record(value, 'checkout'), 'url', 8192),
      )
    },
  }
}
