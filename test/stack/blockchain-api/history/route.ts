import { sendError, sendJson } from '../../http-util.js'
import type { NamespaceHandler } from '../namespaces.js'
import type { Route, RouteContext } from '../routes.js'
import type { IndexedItem } from './types.js'

/** Items per page when nothing else is set. */
export const HISTORY_PAGE_SIZE = 20

/** Settings of the history route that tests may change while the API runs. */
export interface HistorySettings {
  /** Items per page; default {@link HISTORY_PAGE_SIZE}. */
  pageSize: number
}

const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/
/** The on-ramp providers whose purchases the service can list (the public server knows one). */
const ONRAMP_PROVIDERS = new Set(['coinbase'])

/** The cursor of the page after the item with `key`: opaque to clients. */
export function encodeCursor(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url')
}

function decodeCursor(cursor: string): string | null {
  const key = Buffer.from(cursor, 'base64url').toString('utf8')
  return /^\d{12}\|\d{12}\|\d{8}\|[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(key) ? key : null
}

async function history(ctx: RouteContext, settings: HistorySettings): Promise<void> {
  const { res, url, namespaces } = ctx
  const address = ctx.params[0] ?? ''
  const chainId = url.searchParams.get('chainId')
  const cursor = url.searchParams.get('cursor')
  const onramp = url.searchParams.get('onramp')
  const currency = url.searchParams.get('currency') ?? 'usd'
  if (currency !== 'usd') return sendError(res, 400, `Unsupported currency: ${currency}`)
  let targets: { handler: NamespaceHandler; chainId: string }[]
  if (chainId !== null) {
    const namespace = CAIP2.exec(chainId)?.[1]
    const handler = namespaces.find((n) => n.namespace === namespace)
    if (!handler?.supportedChains().http.includes(chainId))
      return sendError(res, 400, `Unsupported chainId: ${chainId}`)
    targets = [{ handler, chainId }]
  } else {
    targets = namespaces
      .filter((n) => n.isAccount(address))
      .flatMap((handler) => handler.supportedChains().http.map((id) => ({ handler, chainId: id })))
  }
  if (targets.length === 0 || !targets.every((t) => t.handler.isAccount(address)))
    return sendError(res, 400, `Invalid address: ${address}`)
  let after: string | null = null
  if (cursor !== null && cursor !== '') {
    after = decodeCursor(cursor)
    if (after === null) return sendError(res, 400, 'Invalid cursor')
  }
  if (onramp !== null) {
    if (!ONRAMP_PROVIDERS.has(onramp))
      return sendError(res, 400, `Unsupported onramp provider: ${onramp}`)
    // Purchases through an on-ramp provider; the stand-in's checkout pays on chain, so none are
    // listed here apart from the chain's own history.
    return sendJson(res, 200, { data: [], next: null })
  }
  const lists = await Promise.all(
    targets.map((t) => t.handler.history?.(address, t.chainId) ?? Promise.resolve([])),
  )
  const all: IndexedItem[] = lists
    .flat()
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
  // The page after the cursor: strictly older than the item it names, so an item mined in the
  // meantime neither repeats nor shifts the pages.
  const rest = after === null ? all : all.filter((i) => i.key < (after as string))
  const page = rest.slice(0, settings.pageSize)
  const last = page[page.length - 1]
  sendJson(res, 200, {
    data: page.map((i) => i.item),
    next: rest.length > page.length && last ? encodeCursor(last.key) : null,
  })
}

/**
 * `GET /v1/account/{address}/history` (SPEC §7, service-shapes §2): every chain of the address's
 * namespace, or only `chainId`; newest first; `next` is the cursor of the following page, null
 * on the last. `onramp=coinbase` lists on-ramp purchases (none here); another provider is a 400.
 */
export function historyRoute(settings: HistorySettings): Route {
  return {
    method: 'GET',
    pattern: /^\/v1\/account\/([^/]+)\/history$/,
    handle: (ctx) => history(ctx, settings),
  }
}
