import type { IncomingMessage } from 'node:http'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import type { ChainDescription } from '../chain/deploy.js'
import {
  BodyTooLargeError,
  createFaults,
  type FaultSpec,
  handlePreflight,
  listen,
  type RequestRecord,
  readBody,
  requestUrl,
  sendError,
  setCommonHeaders,
} from '../http-util.js'
import { type ConvertControl, createConvertRoutes } from './convert.js'
import { HISTORY_PAGE_SIZE, type HistorySettings, historyRoute } from './history/route.js'
import { createEip155Namespace, type NamespaceHandler } from './namespaces.js'
import { ROUTES, type Route } from './routes.js'
import { createSessionStore, type SessionStore, sessionRoutes } from './sessions/index.js'

/** Options of {@link startBlockchainApi}. */
export interface BlockchainApiOptions {
  /** Seeded local chains the eip155 routes read from. */
  chains: readonly ChainDescription[]
  /** More namespaces (e.g. solana) beside eip155. */
  namespaces?: readonly NamespaceHandler[]
  /** More routes, tried before the built-in ones. */
  routes?: readonly Route[]
  /** Project ids accepted beside the demo id. */
  projectIds?: readonly string[]
  /** Port on 127.0.0.1; default 0 (a free port). */
  port?: number
  /** Log each request to stdout. */
  log?: boolean
}

/** The running blockchain API stand-in. */
export interface BlockchainApi {
  /** Base URL without a trailing slash. */
  url: string
  /** Every request except CORS preflights, oldest first; cleared by `reset()`. */
  requests: RequestRecord[]
  /** Fails the next `times` requests whose path starts with `path`. */
  failNext(spec: FaultSpec): void
  /** Delays every answer by `ms` (0 turns it off), optionally only under `pathPrefix`. */
  setDelay(ms: number, pathPrefix?: string): void
  /** The convert (swap) service's own switches: transactions that are not what was asked. */
  convert: ConvertControl
  /** History settings a test may change (items per page). */
  history: HistorySettings
  /** Smart sessions per account: `grant()` records one, as a wallet's grant would. */
  sessions: SessionStore
  /** Clears the log, pending failures, tamperings and the delay; the page size goes back to its default. */
  reset(): void
  stop(): Promise<void>
}

const PROJECT_ID = /^[0-9a-f]{32}$/

/** The project id from the query, the `x-project-id` header or a JSON body, in that order. */
function projectIdOf(req: IncomingMessage, url: URL, body: unknown): string | null {
  const fromQuery = url.searchParams.get('projectId')
  if (fromQuery !== null) return fromQuery
  const header = req.headers['x-project-id']
  if (typeof header === 'string') return header
  const fromBody = (body as { projectId?: unknown } | undefined)?.projectId
  return typeof fromBody === 'string' ? fromBody : null
}

/**
 * Starts the blockchain API stand-in on 127.0.0.1: balances, prices and history read live from the
 * chains, the convert (swap) calls over the chains' pools, smart sessions with a signature-checked
 * revoke, fixture identities, CORS on every answer, `projectId` required everywhere (400 / 403).
 * @example
 * const api = await startBlockchainApi({ chains: (await startChains()).chains })
 * await fetch(`${api.url}/v1/supported-chains?projectId=${DEMO_PROJECT_ID}`)
 */
export async function startBlockchainApi(options: BlockchainApiOptions): Promise<BlockchainApi> {
  const registered = new Set([DEMO_PROJECT_ID, ...(options.projectIds ?? [])])
  const namespaces = [createEip155Namespace(options.chains), ...(options.namespaces ?? [])]
  const convert = createConvertRoutes(options.chains)
  const history: HistorySettings = { pageSize: HISTORY_PAGE_SIZE }
  const sessions = createSessionStore()
  const routes = [
    ...(options.routes ?? []),
    ...ROUTES,
    ...convert.routes,
    historyRoute(history),
    ...sessionRoutes(sessions, options.chains),
  ]
  const faults = createFaults()

  const listening = await listen(
    async (req, res) => {
      setCommonHeaders(req, res)
      if (handlePreflight(req, res, 'GET, POST, OPTIONS')) return
      if (await faults.intercept(req, res)) return
      const url = requestUrl(req)
      const matching = routes.filter((r) => r.pattern.test(url.pathname))
      const route = matching.find((r) => r.method === req.method)
      if (!route) {
        if (matching.length > 0)
          res.setHeader('Allow', [...new Set(matching.map((r) => r.method))].join(', '))
        return sendError(
          res,
          matching.length > 0 ? 405 : 404,
          `No route for ${req.method} ${url.pathname}`,
        )
      }
      let body: unknown
      if (req.method === 'POST') {
        try {
          const text = await readBody(req)
          body = text === '' ? undefined : JSON.parse(text)
        } catch (error) {
          if (error instanceof BodyTooLargeError) return sendError(res, 413, error.message)
          return sendError(res, 400, 'Invalid JSON body')
        }
      }
      const projectId = projectIdOf(req, url, body)
      if (!projectId) return sendError(res, 400, 'Missing projectId')
      if (!PROJECT_ID.test(projectId)) {
        return sendError(res, 400, 'Invalid projectId: expected 32 lowercase hex characters')
      }
      if (!registered.has(projectId))
        return sendError(res, 403, `Project ${projectId} is not registered`)
      const params = (route.pattern.exec(url.pathname) ?? [])
        .slice(1)
        .map((p) => decodeURIComponent(p))
      await route.handle({ req, res, url, params, body, projectId, namespaces })
    },
    {
      ...(options.port !== undefined && { port: options.port }),
      ...(options.log && { logName: 'blockchain-api' }),
    },
  )

  return {
    url: listening.url,
    requests: faults.requests,
    failNext: (spec) => faults.failNext(spec),
    setDelay: (ms, pathPrefix) => faults.setDelay(ms, pathPrefix),
    convert: convert.control,
    history,
    sessions,
    reset: () => {
      faults.reset()
      convert.control.reset()
      history.pageSize = HISTORY_PAGE_SIZE
    },
    stop: () => listening.close(),
  }
}
