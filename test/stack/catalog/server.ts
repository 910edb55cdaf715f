import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  wallets as fixtureWallets,
  type WcWallet,
  walletImageOverrides,
} from '../../fixtures/wallets'
import {
  createFaults,
  type FaultSpec,
  handlePreflight,
  listen,
  type RequestRecord,
  requestUrl,
  sendError,
  sendJson,
  setCommonHeaders,
} from '../http-util'
import { initialsSvg, SVG_CONTENT_TYPE } from './images'
import { checkCaller, DEMO_PROJECT_ID, isRefusal } from './project'
import { PUBLIC_IMAGES } from './public-images'
import { parseWalletQuery, queryWallets } from './query'

/** Options of {@link startCatalog}. */
export interface CatalogOptions {
  /** Port to bind on 127.0.0.1; 0 (default) = a free port. */
  port?: number
  /** Log each request to stdout. */
  log?: boolean
  /** Project ids registered beside {@link DEMO_PROJECT_ID}. */
  projectIds?: readonly string[]
  /** The catalogue served, and restored by `reset()`; default the tests' fixture. */
  wallets?: readonly WcWallet[]
}

/** The wallet catalogue API stand-in, with the hooks tests use. */
export interface CatalogStandIn {
  /** Base URL, e.g. `http://127.0.0.1:40123` (no trailing slash). */
  url: string
  /** Every request except CORS preflights, oldest first. */
  requests: RequestRecord[]
  /** Makes the next `times` requests under `path` fail. */
  failNext(spec: FaultSpec): void
  /** Delays every answer by `ms` (0 = off), or only those under `pathPrefix`. */
  setDelay(ms: number, pathPrefix?: string): void
  /** Replaces the catalogue; `images` maps `image_id` to SVG text for hand-made images. */
  setWallets(list: readonly WcWallet[], images?: ReadonlyMap<string, string>): void
  /**
   * Changes fields of one fixture wallet for the life of the stand-in (kept by `reset()`): the
   * stack points Devnet Mobile's link at the page that serves it.
   */
  patchWallet(id: string, fields: Partial<WcWallet>): void
  /** What `/getAnalyticsConfig` answers (default true). */
  setAnalyticsEnabled(enabled: boolean): void
  /** Restores the fixture catalogue and clears the log, faults, delay and analytics flag. */
  reset(): void
  /** Stops the server and closes every connection. */
  close(): Promise<void>
}

const IMAGE_ROUTES: Record<string, string> = {
  '/public/getAssetImage/': 'asset',
  '/public/getCurrencyImage/': 'currency',
  '/public/getTokenImage/': 'token',
}

/** The last path segment after `prefix`, decoded; null when absent or malformed. */
function idAfter(path: string, prefix: string): string | null {
  const raw = path.slice(prefix.length)
  if (!raw || raw.includes('/')) return null
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

function sendSvg(res: ServerResponse, svg: string): void {
  res.writeHead(200, { 'Content-Type': SVG_CONTENT_TYPE, 'Content-Length': Buffer.byteLength(svg) })
  res.end(svg)
}

/** Starts the wallet catalogue API stand-in (SPEC §7) on 127.0.0.1. */
export async function startCatalog(options: CatalogOptions = {}): Promise<CatalogStandIn> {
  const registered = new Set([DEMO_PROJECT_ID, ...(options.projectIds ?? [])])
  const faults = createFaults()
  let fixture: readonly WcWallet[] = options.wallets ?? fixtureWallets
  let wallets = fixture
  let images: ReadonlyMap<string, string> = walletImageOverrides
  let analyticsEnabled = true

  function walletImage(res: ServerResponse, id: string | null): void {
    const wallet = id ? wallets.find((w) => w.image_id === id) : undefined
    if (id && wallet) sendSvg(res, images.get(id) ?? initialsSvg(wallet.id, wallet.name))
    else sendError(res, 404, 'Image not found')
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setCommonHeaders(req, res)
    if (handlePreflight(req, res, 'GET, OPTIONS')) return
    if (await faults.intercept(req, res)) return
    const url = requestUrl(req)
    const path = url.pathname
    const imageKind = Object.keys(IMAGE_ROUTES).find((prefix) => path.startsWith(prefix))
    const known =
      path === '/getWallets' ||
      path === '/getAnalyticsConfig' ||
      path.startsWith('/getWalletImage/') ||
      imageKind !== undefined
    if (!known) return sendError(res, 404, `No route ${path}`)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, OPTIONS')
      return sendError(res, 405, `Method ${req.method} not allowed`)
    }
    const caller = checkCaller(req, url.searchParams, registered)
    if (isRefusal(caller)) return sendError(res, caller.status, caller.message)

    if (path === '/getWallets') {
      const query = parseWalletQuery(url.searchParams)
      if (typeof query === 'string') return sendError(res, 400, query)
      return sendJson(res, 200, queryWallets(wallets, query))
    }
    if (path === '/getAnalyticsConfig') {
      return sendJson(res, 200, { isAnalyticsEnabled: analyticsEnabled })
    }
    if (imageKind !== undefined) {
      const id = idAfter(path, imageKind)
      if (!id) return sendError(res, 404, 'Image not found')
      const kind = IMAGE_ROUTES[imageKind] ?? ''
      return sendSvg(res, PUBLIC_IMAGES[kind]?.[id] ?? initialsSvg(`${kind}:${id}`, id))
    }
    walletImage(res, idAfter(path, '/getWalletImage/'))
  }

  const listening = await listen(handle, {
    ...(options.port !== undefined && { port: options.port }),
    ...(options.log && { logName: 'catalog' }),
  })
  return {
    url: listening.url,
    requests: faults.requests,
    failNext: faults.failNext,
    setDelay: faults.setDelay,
    setWallets(list, overrides = new Map()) {
      wallets = list
      images = overrides
    },
    patchWallet(id, fields) {
      const patch = (w: WcWallet) => (w.id === id ? { ...w, ...fields } : w)
      fixture = fixture.map(patch)
      wallets = wallets.map(patch)
    },
    setAnalyticsEnabled(enabled) {
      analyticsEnabled = enabled
    },
    reset() {
      faults.reset()
      wallets = fixture
      images = walletImageOverrides
      analyticsEnabled = true
    },
    close: listening.close,
  }
}
