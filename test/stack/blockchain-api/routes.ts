import type { IncomingMessage, ServerResponse } from 'node:http'
import { isAddress } from 'viem'
import { sendError, sendJson } from '../http-util.js'
import { identityOf } from './fixtures.js'
import type { BalanceItem, NamespaceHandler } from './namespaces.js'
import { PROFILE_ROUTES } from './profile.js'

/** What a route handler gets: the parsed request and the caller's project. */
export interface RouteContext {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  /** Capture groups of the route's pattern, decoded. */
  params: string[]
  /** Parsed JSON body of a POST (undefined for GET). */
  body: unknown
  projectId: string
  namespaces: readonly NamespaceHandler[]
}

/** One route of the API. */
export interface Route {
  method: 'GET' | 'POST'
  /** Matched against the whole path. */
  pattern: RegExp
  handle(ctx: RouteContext): void | Promise<void>
}

const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/

/** Currencies the price routes answer in. */
const CURRENCIES = new Set(['usd'])

function supportedChains(namespaces: readonly NamespaceHandler[]) {
  return {
    http: namespaces.flatMap((n) => n.supportedChains().http),
    ws: namespaces.flatMap((n) => n.supportedChains().ws),
  }
}

async function balance(ctx: RouteContext): Promise<void> {
  const { res, url, namespaces } = ctx
  const address = ctx.params[0] ?? ''
  const currency = url.searchParams.get('currency') ?? 'usd'
  if (!CURRENCIES.has(currency)) return sendError(res, 400, `Unsupported currency: ${currency}`)
  const chainId = url.searchParams.get('chainId')
  let targets: { handler: NamespaceHandler; chainId: string }[]
  if (chainId !== null) {
    const namespace = CAIP2.exec(chainId)?.[1]
    const handler = namespaces.find((n) => n.namespace === namespace)
    if (!handler?.supportedChains().http.includes(chainId)) {
      return sendError(res, 400, `Unsupported chainId: ${chainId}`)
    }
    targets = [{ handler, chainId }]
  } else {
    // Without a chain, every chain of the namespace the address belongs to.
    targets = namespaces
      .filter((n) => n.isAccount(address))
      .flatMap((handler) => handler.supportedChains().http.map((id) => ({ handler, chainId: id })))
  }
  if (!targets.every((t) => t.handler.isAccount(address)) || targets.length === 0) {
    return sendError(res, 400, `Invalid address: ${address}`)
  }
  const lists = await Promise.all(targets.map((t) => t.handler.balances(address, t.chainId)))
  const balances: BalanceItem[] = lists.flat().sort((a, b) => b.value - a.value)
  sendJson(res, 200, { balances })
}

function identity(ctx: RouteContext): void {
  const address = ctx.params[0] ?? ''
  // Names exist on eip155 only.
  if (isAddress(address, { strict: false })) sendJson(ctx.res, 200, identityOf(address))
  else sendError(ctx.res, 400, `Invalid address: ${address}`)
}

async function fungiblePrice(ctx: RouteContext): Promise<void> {
  const { res, namespaces } = ctx
  const body = (ctx.body ?? {}) as { currency?: unknown; addresses?: unknown }
  const currency = body.currency ?? 'usd'
  if (typeof currency !== 'string' || !CURRENCIES.has(currency)) {
    return sendError(res, 400, `Unsupported currency: ${String(currency)}`)
  }
  const { addresses } = body
  if (!Array.isArray(addresses) || !addresses.every((a) => typeof a === 'string')) {
    return sendError(res, 400, 'addresses must be an array of CAIP-10 strings')
  }
  const found = await Promise.all(
    (addresses as string[]).map(async (asset) => {
      const handler = namespaces.find((n) => asset.startsWith(`${n.namespace}:`))
      const [price] = handler ? await handler.fungibles([asset]) : [null]
      return price ?? null
    }),
  )
  // Each price names the asset it is for, as asked, so a client never has to match by symbol.
  const fungibles = found.flatMap((f, i) =>
    f ? [{ address: (addresses as string[])[i], ...f }] : [],
  )
  sendJson(res, 200, { fungibles })
}

/** The blockchain API routes the kit calls (SPEC §7) that the stand-in implements. */
export const ROUTES: readonly Route[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/supported-chains$/,
    handle: (c) => sendJson(c.res, 200, supportedChains(c.namespaces)),
  },
  { method: 'GET', pattern: /^\/v1\/identity\/([^/]+)$/, handle: identity },
  { method: 'GET', pattern: /^\/v1\/account\/([^/]+)\/balance$/, handle: balance },
  { method: 'POST', pattern: /^\/v1\/fungible\/price$/, handle: fungiblePrice },
  ...PROFILE_ROUTES,
]
