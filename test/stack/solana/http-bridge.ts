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
import { solanaWalletPageScript } from './page-script.js'
import type { SolanaTestWallet } from './wallet.js'

/** Paths served by {@link createDevnetSolanaWalletRoutes}. */
export const DEVNET_SOLANA_WALLET_PATHS = {
  script: '/devnet-solana-wallet.js',
  rpc: '/devnet-solana-wallet/rpc',
  events: '/devnet-solana-wallet/events',
} as const

/** The Solana test wallet over HTTP, for the demo page. */
export interface DevnetSolanaWalletRoutes {
  /** Answers the request if it is one of the wallet's paths; returns whether it did. */
  handle(req: IncomingMessage, res: ServerResponse): boolean
  /** Mount prefixes: '/devnet-solana-wallet' and '/devnet-solana-wallet.js'. */
  prefixes: readonly string[]
  /** Ends every event stream and stops listening to the wallet. */
  close(): void
}

const BINDING = '__devnetSolanaHttp'
const GLOBAL = '__devnetSolana'

/**
 * Serves the Solana test wallet to a page without a Solana wallet: `GET /devnet-solana-wallet.js`
 * (the Wallet Standard wallet, its requests sent over HTTP), `POST /devnet-solana-wallet/rpc`
 * (`{ method, params }` → `{ result } | { error }`, signed in Node on the local SVM) and
 * `GET /devnet-solana-wallet/events` (account changes as Server-Sent Events).
 */
export function createDevnetSolanaWalletRoutes(wallet: SolanaTestWallet): DevnetSolanaWalletRoutes {
  const streams = new Set<ServerResponse>()
  const paths = DEVNET_SOLANA_WALLET_PATHS
  // The page script calls `window[binding](method, params)`: here that is a POST to the rpc path.
  const prelude = `(() => {
  'use strict';
  if (Object.prototype.hasOwnProperty.call(window, ${JSON.stringify(BINDING)})) return;
  const base = document.currentScript ? document.currentScript.src : location.href;
  const post = window.fetch.bind(window);
  Object.defineProperty(window, ${JSON.stringify(BINDING)}, {
    value: async (method, params) => {
      const response = await post(new URL(${JSON.stringify(paths.rpc)}, base).href, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method, params }),
      });
      return response.json();
    },
  });
  const source = new EventSource(new URL(${JSON.stringify(paths.events)}, base).href);
  source.onmessage = (message) => {
    const { event, payload } = JSON.parse(message.data);
    const target = window[${JSON.stringify(GLOBAL)}];
    if (target) target.emit(event, payload);
  };
})();
`
  const script =
    prelude +
    solanaWalletPageScript({
      info: wallet.info,
      binding: BINDING,
      globalName: GLOBAL,
      omitFeatures: [],
    })
  const unsubscribe = wallet.subscribe((event) => {
    const frame = `data: ${JSON.stringify(event)}\n\n`
    for (const res of streams) res.write(frame)
  })

  function openStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      Connection: 'keep-alive',
    })
    res.write(': devnet solana wallet events\n\n')
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
      sendError(res, error instanceof BodyTooLargeError ? 413 : 400, 'Expected { method, params }')
      return
    }
    if (typeof request?.method !== 'string') {
      sendError(res, 400, 'Expected a string method')
      return
    }
    sendJson(res, 200, await wallet.handle(request.method, request.params ?? {}))
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
    } else if (pathname === paths.script)
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(script)
    else if (pathname === paths.events) openStream(req, res)
    else
      rpc(req, res).catch((error: unknown) => {
        if (!res.headersSent)
          sendError(res, 500, error instanceof Error ? error.message : String(error))
      })
    return true
  }

  return {
    handle,
    prefixes: ['/devnet-solana-wallet', paths.script],
    close() {
      unsubscribe()
      for (const res of streams) res.end()
      streams.clear()
    },
  }
}
