import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request handler; a thrown error becomes a 500 JSON answer. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

/** One logged request, as tests read it. `status` is 0 until the answer is sent. */
export interface RequestRecord {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  time: number
  status: number
}

/** A canned failure for the next request(s) whose path starts with `path`. */
export interface FaultSpec {
  /** Path prefix, e.g. '/getWallets'. */
  path: string
  /** Status to answer with; default 500. */
  status?: number
  /** How many matching requests fail; default 1. */
  times?: number
  /** Raw body (e.g. truncated JSON or an HTML page); default `{ "message": "Injected failure" }`. */
  body?: string
  /** Content type of `body`; default application/json. */
  contentType?: string
  /**
   * Drop the connection mid-answer (a connection reset): a 200 with its headers and one byte of a
   * longer body goes out, then the socket is destroyed. The answer has begun, so a browser does not
   * send the request again (Chromium resends one whose reused keep-alive connection is reset
   * before any byte), and each fault fails exactly one request.
   */
  reset?: boolean
}

/** Request log and fault injection shared by every stand-in. */
export interface Faults {
  failNext(spec: FaultSpec): void
  /** Delay every answer by `ms` (0 turns it off); only paths starting with `pathPrefix` if given. */
  setDelay(ms: number, pathPrefix?: string): void
  reset(): void
}

/** A server listening on 127.0.0.1. */
export interface Listening {
  server: Server
  port: number
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:40123`. */
  url: string
  /** Closes the listener and every open connection. Safe to call twice. */
  close(): Promise<void>
}

/** Sets CORS headers that let any page read the answer, and `Cache-Control: no-store`. */
export function setCommonHeaders(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*')
  if (origin) res.setHeader('Vary', 'Origin')
  res.setHeader('Access-Control-Expose-Headers', 'Content-Type, Content-Length')
  res.setHeader('Cache-Control', 'no-store')
}

/** Answers a CORS preflight with 204; returns whether the request was one. */
export function handlePreflight(
  req: IncomingMessage,
  res: ServerResponse,
  methods: string,
): boolean {
  if (req.method !== 'OPTIONS') return false
  res.setHeader('Access-Control-Allow-Methods', methods)
  res.setHeader(
    'Access-Control-Allow-Headers',
    req.headers['access-control-request-headers'] ?? 'Content-Type',
  )
  res.setHeader('Access-Control-Max-Age', '600')
  res.writeHead(204).end()
  return true
}

/** Sends `body` as JSON. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  })
  res.end(text)
}

/** Sends `{ message }` as JSON, the error shape of the public services. */
export function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { message })
}

/** Thrown by {@link readBody} when the body exceeds its limit. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

/** Reads the request body as UTF-8 text, up to `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = 1 << 20): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new BodyTooLargeError(`Body over ${limit} bytes`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The request's path and query as a URL (the host part is meaningless). */
export function requestUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', 'http://127.0.0.1')
}

/** Starts `handler` on 127.0.0.1 (`port` 0 = a free port); `logName` prints each request. */
export async function listen(
  handler: Handler,
  options: { port?: number; logName?: string } = {},
): Promise<Listening> {
  const { logName } = options
  const server = createServer((req, res) => {
    const started = Date.now()
    if (logName) {
      res.on('finish', () => {
        console.log(
          `[${logName}] ${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`,
        )
      })
    }
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error: unknown) => {
        if (res.headersSent) return void res.destroy()
        sendError(res, 500, error instanceof Error ? error.message : String(error))
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}

/** Resolves after `ms`, or as soon as the client goes away. */
function wait(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      res.off('close', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    res.on('close', done)
  })
}

/** A request log plus fault injection; `intercept` runs both for one request. */
export function createFaults(): Faults & {
  requests: RequestRecord[]
  /** Logs the request, applies delay and faults; returns true when the request was answered. */
  intercept(req: IncomingMessage, res: ServerResponse): Promise<boolean>
} {
  const requests: RequestRecord[] = []
  let queue: (FaultSpec & { status: number; times: number })[] = []
  let delay = { ms: 0, prefix: '' }
  return {
    requests,
    failNext(spec) {
      queue.push({ ...spec, status: spec.status ?? 500, times: spec.times ?? 1 })
    },
    setDelay(ms, pathPrefix = '') {
      delay = { ms, prefix: pathPrefix }
    },
    reset() {
      requests.length = 0
      queue = []
      delay = { ms: 0, prefix: '' }
    },
    async intercept(req, res) {
      const url = requestUrl(req)
      const record: RequestRecord = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [
            k,
            Array.isArray(v) ? v.join(', ') : (v ?? ''),
          ]),
        ),
        time: Date.now(),
        status: 0,
      }
      requests.push(record)
      res.on('finish', () => {
        record.status = res.statusCode
      })
      if (delay.ms > 0 && url.pathname.startsWith(delay.prefix)) await wait(delay.ms, res)
      if (res.destroyed) return true
      const fault = queue.find((f) => url.pathname.startsWith(f.path))
      if (!fault) return false
      fault.times -= 1
      if (fault.times <= 0) queue = queue.filter((f) => f !== fault)
      if (fault.reset) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '64' })
        res.write('{', () => req.socket.destroy())
        return true
      }
      const body = fault.body ?? JSON.stringify({ message: 'Injected failure' })
      res.writeHead(fault.status, {
        'Content-Type': fault.contentType ?? 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
      })
      res.end(body)
      return true
    },
  }
}
