import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  BodyTooLargeError,
  handlePreflight,
  readBody,
  requestUrl,
  sendError,
  sendJson,
  setCommonHeaders,
} from '../http-util.js'
import type { WalletInfo } from './info.js'
import { testWalletPageScript } from './page-script.js'
import type { TestWallet } from './types.js'

/** Paths served by {@link createDevnetWalletRoutes}. */
export const DEVNET_WALLET_PATHS = {
  script: '/devnet-wallet.js',
  rpc: '/devnet-wallet/rpc',
  events: '/devnet-wallet/events',
} as const

/** Options of {@link createDevnetWalletRoutes}. */
export interface DevnetWalletRoutesOptions {
  /** The served script also sets `window.ethereum`; default false. */
  asWindowEthereum?: boolean
  /** Announce with other info than the wallet's own. */
  announceAs?: Partial<WalletInfo>
}

/** The test wallet over HTTP, for the demo page. */
export interface DevnetWalletRoutes {
  /** Answers the request if it is one of the wallet's paths; returns whether it did. */
  handle(req: IncomingMessage, res: ServerResponse): boolean
  /** Mount prefixes for a prefix-based router: '/devnet-wallet' and '/devnet-wallet.js'. */
  prefixes: readonly string[]
  /** Number of open event streams. */
  readonly streams: number
  /** Ends every event stream and stops listening to the wallet. */
  close(): void
}

/**
 * Serves the test wallet to a page with no extension: `GET /devnet-wallet.js` (the page script,
 * bridged over HTTP), `POST /devnet-wallet/rpc` (`{ method, params }` → `{ result } | { error }`)
 * and `GET /devnet-wallet/events` (wallet events as Server-Sent Events).
 * @example
 * const routes = createDevnetWalletRoutes(wallet)
 * createServer((req, res) => routes.handle(req, res) || res.writeHead(404).end())
 */
export function createDevnetWalletRoutes(
  wallet: TestWallet,
  options: DevnetWalletRoutesOptions = {},
): DevnetWalletRoutes {
  const streams = new Set<ServerResponse>()
  const script = testWalletPageScript({
    info: Object.freeze({ ...wallet.info, ...options.announceAs }),
    globalName: '__devnetWalletHttp',
    bridge: {
      kind: 'http',
      rpcPath: DEVNET_WALLET_PATHS.rpc,
      eventsPath: DEVNET_WALLET_PATHS.events,
    },
    asWindowEthereum: options.asWindowEthereum ?? false,
  })
  const unsubscribe = wallet.subscribe((event) => {
    const frame = `data: ${JSON.stringify(event)}\n\n`
    for (const res of streams) res.write(frame)
  })

  function openStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    })
    // A first comment line makes the browser fire `open` at once.
    res.write(': devnet wallet events\n\n')
    streams.add(res)
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000)
    keepAlive.unref()
    req.on('close', () => {
      clearInterval(keepAlive)
      streams.delete(res)
    })
  }

  async function rpc(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let request: { method?: unknown; params?: unknown }
    try {
      request = JSON.parse(await readBody(req, 1 << 20)) as typeof request
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(res, 413, error.message)
      return sendError(res, 400, 'Expected a JSON body { method, params }')
    }
    if (typeof request?.method !== 'string') return sendError(res, 400, 'Expected a string method')
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : 'unknown'
    sendJson(res, 200, await wallet.handle(request.method, request.params ?? [], origin))
  }

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const { pathname } = requestUrl(req)
    const paths: string[] = Object.values(DEVNET_WALLET_PATHS)
    if (!paths.includes(pathname)) return false
    setCommonHeaders(req, res)
    if (handlePreflight(req, res, 'GET, POST, OPTIONS')) return true
    const expected = pathname === DEVNET_WALLET_PATHS.rpc ? 'POST' : 'GET'
    if (req.method !== expected) {
      res.setHeader('Allow', expected)
      sendError(res, 405, `Use ${expected} for ${pathname}`)
    } else if (pathname === DEVNET_WALLET_PATHS.script) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(script)
    } else if (pathname === DEVNET_WALLET_PATHS.events) {
      openStream(req, res)
    } else {
      rpc(req, res).catch((error: unknown) => {
        if (!res.headersSent)
          sendError(res, 500, error instanceof Error ? error.message : String(error))
      })
    }
    return true
  }

  return {
    handle,
    prefixes: ['/devnet-wallet', DEVNET_WALLET_PATHS.script],
    get streams() {
      return streams.size
    },
    close() {
      unsubscribe()
      for (const res of streams) res.end()
      streams.clear()
    },
  }
}
