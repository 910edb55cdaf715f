import type { IncomingMessage, ServerResponse } from 'node:http'
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
  sendJson,
  setCommonHeaders,
} from '../http-util'
import { checkCaller, DEMO_PROJECT_ID, isRefusal } from './project'

/** One event the sink accepted: the posted body plus who sent it. */
export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
  projectId: string
  origin: string | null
}

/** Options of {@link startAnalyticsSink}. */
export interface AnalyticsOptions {
  port?: number
  log?: boolean
  /** Project ids registered beside {@link DEMO_PROJECT_ID}. */
  projectIds?: readonly string[]
}

/** The analytics sink stand-in (`POST /e`), with the hooks tests use. */
export interface AnalyticsSink {
  /** Base URL (no trailing slash). */
  url: string
  /** Accepted events, oldest first. */
  events: AnalyticsEvent[]
  /** Every request except CORS preflights. */
  requests: RequestRecord[]
  failNext(spec: FaultSpec): void
  setDelay(ms: number, pathPrefix?: string): void
  /**
   * Origins (`scheme://host:port`) on the project's allowlist; others get 403.
   * `null` restores the default: any http(s) origin on 127.0.0.1 or localhost.
   */
  setAllowedOrigins(origins: readonly string[] | null): void
  /** Clears events, log, faults, delay, and restores the default allowlist. */
  reset(): void
  close(): Promise<void>
}

/** The default allowlist: pages served from this machine. */
export function isLocalOrigin(origin: string): boolean {
  try {
    const { protocol, hostname } = new URL(origin)
    return /^https?:$/.test(protocol) && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname)
  } catch {
    return false
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

type PostedEvent = Omit<AnalyticsEvent, 'projectId' | 'origin'>

/** Checks the posted body: one event, or a batch (an array of 1 to 500 events); a string is the 400 message. */
function parseBody(text: string): PostedEvent[] | string {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return 'Body is not valid JSON'
  }
  const list = Array.isArray(body) ? body : [body]
  if (list.length === 0 || list.length > 500) return 'A batch holds 1 to 500 events'
  const events: PostedEvent[] = []
  for (const item of list) {
    const event = parseEvent(item)
    if (typeof event === 'string') return event
    events.push(event)
  }
  return events
}

/** Checks one event's shape; a string is the 400 message. */
function parseEvent(body: unknown): PostedEvent | string {
  if (!isObject(body)) return 'Body must be a JSON object'
  const { eventId, url, domain, timestamp, props } = body
  if (typeof eventId !== 'string' || !eventId) return 'eventId must be a non-empty string'
  if (typeof url !== 'string') return 'url must be a string'
  if (typeof domain !== 'string') return 'domain must be a string'
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) {
    return 'timestamp must be a number'
  }
  if (!isObject(props)) return 'props must be an object'
  return { eventId, url, domain, timestamp, props }
}

/** Starts the analytics sink on 127.0.0.1. */
export async function startAnalyticsSink(options: AnalyticsOptions = {}): Promise<AnalyticsSink> {
  const registered = new Set([DEMO_PROJECT_ID, ...(options.projectIds ?? [])])
  const faults = createFaults()
  const events: AnalyticsEvent[] = []
  let allowed: ReadonlySet<string> | null = null

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setCommonHeaders(req, res)
    if (handlePreflight(req, res, 'POST, OPTIONS')) return
    if (await faults.intercept(req, res)) return
    const url = requestUrl(req)
    if (req.method === 'GET' && url.pathname === '/events') return sendJson(res, 200, events)
    if (req.method === 'GET' && url.pathname === '/') return sendPage(res, events)
    if (url.pathname !== '/e') return sendError(res, 404, `No route ${url.pathname}`)
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST, OPTIONS')
      return sendError(res, 405, `Method ${req.method} not allowed`)
    }
    const caller = checkCaller(req, url.searchParams, registered)
    if (isRefusal(caller)) return sendError(res, caller.status, caller.message)
    // Requests without an Origin come from servers, not pages: nothing to check.
    const origin = req.headers.origin ?? null
    if (origin !== null && !(allowed ? allowed.has(origin) : isLocalOrigin(origin))) {
      return sendError(res, 403, `Origin ${origin} is not allowed for this project`)
    }
    let text: string
    try {
      text = await readBody(req, 64 * 1024)
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(res, 413, error.message)
      throw error
    }
    const posted = parseBody(text)
    if (typeof posted === 'string') return sendError(res, 400, posted)
    for (const event of posted) events.push({ ...event, projectId: caller.projectId, origin })
    sendJson(res, 202, {})
  }

  const listening = await listen(handle, {
    ...(options.port !== undefined && { port: options.port }),
    ...(options.log && { logName: 'analytics' }),
  })
  return {
    url: listening.url,
    events,
    requests: faults.requests,
    failNext: faults.failNext,
    setDelay: faults.setDelay,
    setAllowedOrigins(origins) {
      allowed = origins ? new Set(origins) : null
    },
    reset() {
      events.length = 0
      faults.reset()
      allowed = null
    },
    close: listening.close,
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The recorded events as a page (newest first) that reloads itself every two seconds. */
function sendPage(res: ServerResponse, events: readonly AnalyticsEvent[]): void {
  const rows = [...events]
    .reverse()
    .map((e) => {
      const props = e.props as { event?: unknown; properties?: unknown; address?: unknown }
      return `<tr><td>${escapeHtml(new Date(e.timestamp).toISOString())}</td><td>${escapeHtml(String(props.event ?? ''))}</td><td><code>${escapeHtml(JSON.stringify(props.properties ?? {}))}</code></td><td>${escapeHtml(typeof props.address === 'string' ? props.address : '')}</td><td>${escapeHtml(e.domain)}</td></tr>`
    })
    .join('')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2"><title>Analytics events</title><style>body{font:14px system-ui;margin:24px}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:start;vertical-align:top}</style></head><body><h1>Analytics events (${events.length})</h1><p>What the kit sent to <code>POST /e</code>, newest first; also as JSON at <a href="/events">/events</a>.</p><table><thead><tr><th>time</th><th>event</th><th>properties</th><th>address</th><th>domain</th></tr></thead><tbody>${rows}</tbody></table></body></html>`
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  })
  res.end(html)
}
