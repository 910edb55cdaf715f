import { chainClient, readPrices } from '../blockchain-api/prices.js'
import type { Route } from '../blockchain-api/routes.js'
import type { ChainDescription } from '../chain/deploy.js'
import { listen, readBody, requestUrl, sendError } from '../http-util.js'
import type { SolanaChain } from '../solana/chain.js'
import { SOL_PRICE_USD } from '../solana/namespace.js'
import { createCatalog, type Listing } from './catalog.js'
import { checkoutPage } from './checkout-page.js'
import { createPayoutDesk } from './payout.js'
import type { OnRampQuote } from './quote.js'
import { createOnRampRoutes } from './routes.js'
import { type CheckoutSession, createSessions } from './sessions.js'

/** Options of {@link startOnRamp}. */
export interface OnRampOptions {
  chains: readonly ChainDescription[]
  solana?: SolanaChain
  /** Port of the checkout page; 0 (default) = a free port. */
  port?: number
  log?: boolean
}

/** The local on-ramp provider: API routes for the blockchain API and a checkout on its own origin. */
export interface OnRampStandIn {
  /** Origin of the checkout page (no trailing slash). */
  checkoutUrl: string
  /** Options, quote and generator routes; pass them to `startBlockchainApi({ routes })`. */
  routes: Route[]
  /** Every checkout session created, oldest first. */
  readonly sessions: readonly CheckoutSession[]
  /** Every quote given (by the quote route or the generator), oldest first. */
  readonly quotes: readonly OnRampQuote[]
  /** Fault switch: the generator answers `url` instead of a checkout link (null restores). */
  setCheckoutUrl(url: string | null): void
  /** Forgets sessions, quotes and the fault switch. */
  reset(): void
  stop(): Promise<void>
}

/**
 * Starts the on-ramp stand-in: what it sells follows the chains (ETH, USDC and DAI on each, SOL
 * on the Solana chain), quotes use the pools' live prices, and "Pay" on the checkout page credits
 * the buyer on the chain with exactly the quoted amount.
 * @example
 * const onramp = await startOnRamp({ chains })
 * const api = await startBlockchainApi({ chains, routes: onramp.routes })
 */
export async function startOnRamp(options: OnRampOptions): Promise<OnRampStandIn> {
  const { purchaseCurrencies, listings } = createCatalog(
    options.chains,
    options.solana && { caipNetworkId: options.solana.caipNetworkId },
  )
  const desk = await createPayoutDesk(options.chains, options.solana)
  const sessions = createSessions()
  const quotes: OnRampQuote[] = []
  let override: string | null = null
  let quoteCount = 0

  async function priceOf(listing: Listing): Promise<number> {
    if (listing.caipNetworkId.startsWith('solana:')) return SOL_PRICE_USD
    const chain = options.chains.find((c) => `eip155:${c.chainId}` === listing.caipNetworkId)
    if (!chain) return 0
    const prices = await readPrices(chain, chainClient(chain))
    const token = listing.network.contract_address
    return token ? (prices.tokens.get(token.toLowerCase()) ?? 0) : prices.native
  }

  async function pay(session: CheckoutSession) {
    if (session.status !== 'open') return
    // Marked first, so a second click cannot pay twice.
    session.status = 'paid'
    try {
      session.payout = await desk.pay(
        session.listing,
        session.address,
        session.quote.purchaseAmount.amount,
      )
    } catch (error) {
      session.status = 'failed'
      session.error = error instanceof Error ? error.message : String(error)
    }
  }

  const listening = await listen(
    async (req, res) => {
      res.setHeader('Cache-Control', 'no-store')
      const path = requestUrl(req).pathname
      const match = /^\/buy\/([0-9a-f]{24})(?:\/(pay|cancel))?$/.exec(path)
      if (!match) return sendError(res, 404, `Not found: ${path}`)
      const session = sessions.get(match[1] ?? '')
      const action = match[2]
      if (action) {
        if (req.method !== 'POST') return sendError(res, 405, 'Use POST')
        await readBody(req, 4096)
        if (session && action === 'pay') await pay(session)
        if (session?.status === 'open' && action === 'cancel') session.status = 'cancelled'
        // Post/redirect/get: a reload shows the outcome instead of paying again.
        res.writeHead(303, { Location: `/buy/${match[1]}` }).end()
        return
      }
      if (req.method !== 'GET') return sendError(res, 405, 'Use GET')
      const html = checkoutPage(session)
      res.writeHead(session ? 200 : 404, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': Buffer.byteLength(html),
      })
      res.end(html)
    },
    {
      ...(options.port !== undefined && { port: options.port }),
      ...(options.log && { logName: 'onramp-checkout' }),
    },
  )

  const routes = createOnRampRoutes({
    purchaseCurrencies,
    listings,
    priceOf,
    remember: (quote) => quotes.push(quote),
    nextQuoteId: () => `quote-${++quoteCount}`,
    checkout(fields) {
      const session = sessions.create(fields)
      // Where the purchase goes is in the link, as Coinbase Pay's generator puts it.
      const wallets = JSON.stringify([
        { address: fields.address, blockchains: [fields.listing.network.name] },
      ])
      return (
        override ??
        `${listening.url}/buy/${session.id}?destinationWallets=${encodeURIComponent(wallets)}`
      )
    },
  })

  return {
    checkoutUrl: listening.url,
    routes,
    get sessions() {
      return sessions.all()
    },
    quotes,
    setCheckoutUrl(url) {
      override = url
    },
    reset() {
      sessions.clear()
      quotes.length = 0
      override = null
    },
    stop: () => listening.close(),
  }
}
