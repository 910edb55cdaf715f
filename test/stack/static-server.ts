import { readFile, realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { listen, requestUrl, sendError } from './http-util'

/** Serves a request under a mounted prefix; `url` is the parsed request URL. */
export type MountHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => void | Promise<void>

/** Extra response headers for a request (e.g. a Content-Security-Policy), or undefined. */
export type HeaderHook = (req: IncomingMessage, path: string) => Record<string, string> | undefined

/** The `{{name}}` placeholders replaced in served HTML, with the stack's values. */
export interface TemplateVars {
  apiUrl: string
  analyticsUrl: string
  blockchainApiUrl: string
  relayUrl: string
  /** The login frame (`data-auth-url`). */
  authUrl: string
  /** The login frame's mailbox page, where email codes arrive (linked from the demo). */
  mailboxUrl: string
  projectId: string
  rpc31337: string
  rpc31338: string
  /**
   * `data-swap-networks` of the demo: each devnet with its swap router, as a site declares its own
   * (`eip155:31337:0x…`); without chains, the devnets alone (marked, but no swap: no router).
   */
  swapNetworks: string
  /** The Safe web wallet stand-in's origin, allowed to frame the demo as a Safe App. */
  safeOrigin: string
  /** The on-ramp stand-in's checkout origin, declared as the site's own provider. */
  onrampCheckoutOrigin: string
}

/** Options of {@link startStaticServer}. */
export interface StaticServerOptions {
  /** Port to bind on 127.0.0.1; 0 (default) = a free port. */
  port?: number
  /** Directory laid out like the project; default the project root. */
  root?: string
  log?: boolean
  vars?: Partial<TemplateVars>
}

/** The app server: the demo page, the bundle, public assets, the e2e pages and mounted routes. */
export interface StaticServer {
  /** Base URL (no trailing slash). */
  url: string
  root: string
  /** Current template values. */
  readonly vars: Readonly<TemplateVars>
  setVars(vars: Partial<TemplateVars>): void
  /** Serves `prefix` and everything below it with `handler` (before files); returns an unmount. */
  mount(prefix: string, handler: MountHandler): () => void
  /** Adds headers to every response (null removes the hook). */
  setHeaderHook(hook: HeaderHook | null): void
  close(): Promise<void>
}

/** The project root (two levels above this file). */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url))

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

/** URL prefix → directory (relative to the root) and whether only HTML may be served there. */
const AREAS = [
  { prefix: '/cdn-dist/', dir: 'cdn-dist', htmlOnly: false },
  { prefix: '/public/', dir: 'public', htmlOnly: false },
  { prefix: '/test/e2e/pages/', dir: 'test/e2e/pages', htmlOnly: true },
]

const EMPTY_VARS: TemplateVars = {
  apiUrl: '',
  analyticsUrl: '',
  blockchainApiUrl: '',
  relayUrl: '',
  authUrl: '',
  mailboxUrl: '',
  projectId: '',
  rpc31337: '',
  rpc31338: '',
  swapNetworks: '',
  safeOrigin: '',
  onrampCheckoutOrigin: '',
}

/** Escapes a value for HTML text and attributes (the placeholders sit in `data-*` attributes). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Replaces each known `{{name}}`; unknown placeholders stay visible. */
export function renderTemplate(html: string, vars: TemplateVars): string {
  return html.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? escapeHtml(vars[name as keyof TemplateVars]) : whole,
  )
}

/** Resolves a URL path to a file inside `base`, or null if it would leave it or is no file. */
async function fileInside(base: string, rest: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(rest)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const file = resolve(base, `.${sep}${decoded}`)
  if (!file.startsWith(base + sep)) return null
  try {
    const [realBase, realFile] = await Promise.all([realpath(base), realpath(file)])
    if (!realFile.startsWith(realBase + sep)) return null
    return (await stat(realFile)).isFile() ? realFile : null
  } catch {
    return null
  }
}

/** Starts the app server on 127.0.0.1. */
export async function startStaticServer(options: StaticServerOptions = {}): Promise<StaticServer> {
  const root = resolve(options.root ?? PROJECT_ROOT)
  let vars: TemplateVars = { ...EMPTY_VARS, ...options.vars }
  let headerHook: HeaderHook | null = null
  let mounts: { prefix: string; handler: MountHandler }[] = []

  async function locate(path: string): Promise<string | null> {
    if (path === '/' || path === '/index.html') return fileInside(root, 'index.html')
    const area = AREAS.find((a) => path.startsWith(a.prefix))
    if (!area) return null
    if (area.htmlOnly && extname(path) !== '.html') return null
    return fileInside(join(root, area.dir), path.slice(area.prefix.length))
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req)
    const path = url.pathname
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('X-Content-Type-Options', 'nosniff')
    for (const [name, value] of Object.entries(headerHook?.(req, path) ?? {})) {
      res.setHeader(name, value)
    }
    const mount = mounts.find((m) => path === m.prefix || path.startsWith(`${m.prefix}/`))
    if (mount) return mount.handler(req, res, url)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return sendError(res, 405, `Method ${req.method} not allowed`)
    }
    const file = await locate(path)
    if (!file) return sendError(res, 404, `Not found: ${path}`)
    const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'
    const raw = await readFile(file)
    const body = type.startsWith('text/html')
      ? Buffer.from(renderTemplate(raw.toString('utf8'), vars))
      : raw
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length })
    res.end(body)
  }

  const listening = await listen(handle, {
    ...(options.port !== undefined && { port: options.port }),
    ...(options.log && { logName: 'app' }),
  })
  return {
    url: listening.url,
    root,
    get vars() {
      return vars
    },
    setVars(next) {
      vars = { ...vars, ...next }
    },
    mount(prefix, handler) {
      const entry = { prefix: prefix.replace(/\/+$/, '') || '/', handler }
      // Longest prefix first, so a deeper mount wins over a shallower one.
      mounts = [...mounts, entry].sort((a, b) => b.prefix.length - a.prefix.length)
      return () => {
        mounts = mounts.filter((m) => m !== entry)
      }
    },
    setHeaderHook(hook) {
      headerHook = hook
    },
    close: listening.close,
  }
}
