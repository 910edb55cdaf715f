import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  BodyTooLargeError,
  handlePreflight,
  readBody,
  requestUrl,
  sendError,
  sendJson,
  setCommonHeaders,
} from './http-util.js'

/** The three paths of a test wallet served over HTTP. */
export type WalletHttpPaths = Readonly<{
  /** `GET`: the page script. */
  script: string
  /** `POST { method, params }` → `{ result } | { error }`. */
  rpc: string
  /** `GET`: the wallet's events as Server-Sent Events. */
  events: string
}>

/** A test wallet over HTTP, for the demo page. */
export interface WalletHttpRoutes {
  /** Answers the request if it is one of the wallet's paths; returns whether it did. */
  handle(req: IncomingMessage, res: ServerResponse): boolean
  /** Mount prefixes for a prefix-based router: the rpc and events folder, and the script. */
  prefixes: readonly string[]
  /** Number of open event streams. */
  readonly streams: number
  /** Ends every event stream and stops listening to the wallet. */
  close(): void
}

/** What {@link createWalletHttpRoutes} serves. */
export type WalletHttpRoutesOptions = {
  paths: WalletHttpPaths
  /** The page script, which posts requests to `paths.rpc` and reads `paths.events`. */
  script: string
  /** Named in the event stream's first line. */
  label: string
  /** The wallet's events, each sent as one `data:` frame of its JSON. */
  subscribe(listener: (event: unknown) => void): () => void
  /** Answers one request; `origin` is the page's (its `Origin` header), or 'unknown'. */
  call(method: string, params: unknown, origin: string): Promise<unknown>
}

/**
 * Serves a test wallet to a page with no extension (the EVM and the Solana wallets share this):
 * the page script, an rpc path (`{ method, params }` → the wallet's answer as JSON) and an events
 * path (Server-Sent Events), with the stack's CORS headers and a 1 MiB request cap.
 * @example
 * const routes = createWalletHttpRoutes({ paths, script, label: 'devnet wallet', subscribe, call })
 * createServer((req, res) => routes.handle(req, res) || res.writeHead(404).end())
 */
export function createWalletHttpRoutes(options: WalletHttpRoutesOptions): WalletHttpRoutes {
  const { paths } = options
  const streams = new Set<ServerResponse>()
  const unsubscribe = options.subscribe((event) => {
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
    res.write(`: ${options.label} events\n\n`)
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
    sendJson(res, 200, await options.call(request.method, request.params, origin))
  }

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const { pathname } = requestUrl(req)
    if (!(Object.values(paths) as string[]).includes(pathname)) return false
    setCommonHeaders(req, res)
    if (handlePreflight(req, res, 'GET, POST, OPTIONS')) return true
    const expected = pathname === paths.rpc ? 'POST' : 'GET'
    if (req.method !== expected) {
      res.setHeader('Allow', expected)
      sendError(res, 405, `Use ${expected} for ${pathname}`)
    } else if (pathname === paths.script) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(options.script)
    } else if (pathname === paths.events) {
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
    prefixes: [paths.rpc.slice(0, paths.rpc.lastIndexOf('/')), paths.script],
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
