import { isAddress } from 'viem'
import type { Route, RouteContext } from '../blockchain-api/routes.js'
import { sendError, sendJson } from '../http-util.js'
import { type Listing, PAYMENT_CURRENCIES, type PurchaseCurrency } from './catalog.js'
import { type OnRampQuote, priceQuote } from './quote.js'

/** What the routes need from the on-ramp stand-in. */
export interface OnRampBackend {
  purchaseCurrencies: readonly PurchaseCurrency[]
  listings: readonly Listing[]
  /** USD per whole unit of a listed asset, now. */
  priceOf(listing: Listing): Promise<number>
  /** Records a quote the API gave. */
  remember(quote: OnRampQuote): void
  /** Creates a checkout session and returns its URL (or the fault switch's URL). */
  checkout(fields: {
    listing: Listing
    address: string
    partnerUserId: string
    quote: OnRampQuote
  }): string
  nextQuoteId(): string
}

type Body = Record<string, unknown>

/** An id from a string or from an object's `id` (the kit sends whole currency objects). */
const idOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && typeof (value as Body).id === 'string'
      ? ((value as Body).id as string)
      : undefined

/**
 * The listing of an asset (id or symbol) on a network, named the provider's way or by its CAIP-2
 * id (what the kit's built-in fallback options use for networks it has no provider name for).
 */
function findListing(backend: OnRampBackend, asset: string | undefined, network: unknown) {
  const wanted = asset?.toLowerCase()
  return backend.listings.find(
    (l) =>
      (l.asset.id === wanted || l.asset.symbol.toLowerCase() === wanted) &&
      (l.network.name === network || l.caipNetworkId === network),
  )
}

/** A valid address on the listing's network. */
const isAddressOn = (listing: Listing, address: unknown): address is string =>
  typeof address === 'string' &&
  (listing.caipNetworkId.startsWith('eip155:')
    ? isAddress(address, { strict: false })
    : /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address))

/** A positive decimal amount given as a number or a string, as a string. */
function decimal(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  return typeof text === 'string' && /^\d{1,12}(\.\d{1,18})?$/.test(text) && Number(text) > 0
    ? text
    : undefined
}

/**
 * The on-ramp routes of the blockchain API: options, quote (SPEC §7, service-shapes §3) and the
 * checkout URL generator, whose checkout page lives on the stand-in's own origin.
 */
export function createOnRampRoutes(backend: OnRampBackend): Route[] {
  async function quote(ctx: RouteContext) {
    const body = (ctx.body ?? {}) as Body
    const listing = findListing(backend, idOf(body.purchaseCurrency), body.network)
    if (!listing) return sendError(ctx.res, 400, 'Unsupported purchaseCurrency or network')
    const currency = idOf(body.paymentCurrency)
    const amount = typeof body.amount === 'string' ? body.amount : undefined
    if (!currency || !amount)
      return sendError(ctx.res, 400, 'paymentCurrency and amount are required')
    const method = typeof body.paymentMethod === 'string' ? body.paymentMethod : 'card'
    const priced = priceQuote(
      { listing, currency, amount, method, priceUsd: await backend.priceOf(listing) },
      backend.nextQuoteId(),
    )
    if ('error' in priced) return sendError(ctx.res, 400, priced.error)
    backend.remember(priced)
    sendJson(ctx.res, 200, priced)
  }

  async function generate(ctx: RouteContext) {
    const body = (ctx.body ?? {}) as Body
    const fail = (message: string) => sendError(ctx.res, 400, message)
    const wallets = body.destinationWallets
    if (!Array.isArray(wallets) || wallets.length === 0)
      return fail('destinationWallets needs at least one wallet')
    const wallet = (wallets[0] ?? {}) as Body
    const blockchains = Array.isArray(wallet.blockchains) ? wallet.blockchains : []
    const assets = Array.isArray(wallet.assets) ? wallet.assets : []
    const network = body.defaultNetwork ?? blockchains[0]
    const listing = findListing(backend, idOf(assets[0]), network)
    if (!listing) return fail('Unsupported asset or network')
    if (!isAddressOn(listing, wallet.address)) return fail('Invalid destination address')
    const partnerUserId = body.partnerUserId
    if (typeof partnerUserId !== 'string' || partnerUserId.length < 32 || partnerUserId.length > 50)
      return fail('partnerUserId must be 32 to 50 characters')
    if (body.defaultExperience !== 'buy' && body.defaultExperience !== 'send')
      return fail("defaultExperience must be 'buy' or 'send'")
    const fiatAmount = decimal(body.presetFiatAmount)
    if (!fiatAmount) return fail('presetFiatAmount is required')
    const currency = typeof body.fiatCurrency === 'string' ? body.fiatCurrency : 'USD'
    const method =
      typeof body.defaultPaymentMethod === 'string' ? body.defaultPaymentMethod : 'card'
    const priced = priceQuote(
      {
        listing,
        currency,
        amount: Number(fiatAmount).toFixed(2),
        method,
        priceUsd: await backend.priceOf(listing),
      },
      backend.nextQuoteId(),
    )
    if ('error' in priced) return fail(priced.error)
    // A preset crypto amount must be what this payment buys now (within 1 %).
    const crypto = decimal(body.presetCryptoAmount)
    const quoted = Number(priced.purchaseAmount.amount)
    if (crypto !== undefined && Math.abs(Number(crypto) - quoted) > quoted / 100)
      return fail('presetCryptoAmount does not match the current quote')
    backend.remember(priced)
    const url = backend.checkout({
      listing,
      address: wallet.address as string,
      partnerUserId,
      quote: priced,
    })
    sendJson(ctx.res, 200, { url })
  }

  return [
    {
      method: 'GET',
      pattern: /^\/v1\/onramp\/options$/,
      handle: (ctx) =>
        sendJson(ctx.res, 200, {
          paymentCurrencies: PAYMENT_CURRENCIES,
          purchaseCurrencies: backend.purchaseCurrencies,
        }),
    },
    { method: 'POST', pattern: /^\/v1\/onramp\/quote$/, handle: quote },
    { method: 'POST', pattern: /^\/v1\/generators\/onrampurl$/, handle: generate },
  ]
}
