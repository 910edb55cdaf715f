import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  createFaults,
  type Faults,
  handlePreflight,
  listen,
  readBody,
  requestUrl,
  sendError,
  sendJson,
} from '../http-util.js'
import type { MountHandler } from '../static-server.js'
import { createLoginApi } from './api.js'
import { frameScripts } from './bundle.js'
import {
  callbackPage,
  consentPage,
  FRAME_CSS,
  type FrameMode,
  farcasterPage,
  framePage,
  loadingPage,
  mailboxPage,
  notice,
  PROVIDER_NAMES,
} from './pages.js'
import {
  createLoginStore,
  type FarcasterChannel,
  type LoginUser,
  type Mail,
  token,
} from './store.js'
import { createEmbeddedWallets, type EmbeddedWallets, type WalletChain } from './wallets.js'

export { FACTORY_ADDRESS, RELAYER_KEY, STARTING_BALANCE } from './wallets.js'
export type { FarcasterChannel, FrameMode, LoginUser, Mail }

/** Options of {@link startLoginFrame}. */
export type LoginFrameOptions = {
  /** The chains the embedded wallets live on (none: login works, wallets do not). */
  chains?: readonly WalletChain[]
  /** Origins allowed to embed the frame (`frame-ancestors`); more can be added later. */
  hosts?: readonly string[]
  log?: boolean
}

/** The reference login frame, on its own origin, with its mailbox and consent pages. */
export type LoginFrame = {
  /** The frame's URL (a site's `authUrl`). */
  url: string
  /** The mailbox page. */
  mailboxUrl: string
  /** Emails sent, newest first. */
  readonly mailbox: readonly Mail[]
  readonly users: ReadonlyMap<string, LoginUser>
  readonly channels: ReadonlyMap<string, FarcasterChannel>
  /** The embedded wallets (tests: a visitor's key must never reach the host page). */
  wallets: EmbeddedWallets
  /** Allows one more origin to embed the frame. */
  allowHost(origin: string): void
  /**
   * Fault switch for frames loaded from now on: `silent` loads but never says it is ready nor
   * answers; `replay` sends every answer twice (the second is a replay the kit must refuse).
   */
  setMode(mode: FrameMode): void
  /** Makes the last code sent to `email` expire. */
  expireCode(email: string): void
  /** The newest code sent to `email`. */
  codeFor(email: string): string | undefined
  /** Serves `prefix` on the frame's origin (tests: a look-alike page of this origin). */
  mount(prefix: string, handler: MountHandler): () => void
  /** Fault injection, and every request the frame's origin served (`faults.requests`). */
  faults: Faults & { readonly requests: readonly { path: string }[] }
  /** Forgets mail, codes and faults (users and their accounts stay). */
  reset(): void
  stop(): Promise<void>
}

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; form-action 'self'; frame-ancestors 'none'"

const send = (res: ServerResponse, status: number, type: string, body: string, extra = {}) => {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    ...extra,
  })
  res.end(body)
}
const html = (res: ServerResponse, body: string, csp = PAGE_CSP, status = 200) =>
  send(res, status, 'text/html; charset=utf-8', body, { 'Content-Security-Policy': csp })
const form = async (req: IncomingMessage) => new URLSearchParams(await readBody(req, 16_384))

/**
 * Starts the login frame stand-in on 127.0.0.1 (a port of its own, so origin checks are real):
 * the frame page (`/`, only embeddable by the allowed hosts), its API, the mailbox, the consent
 * pages of the social providers and the Farcaster approval page.
 */
export async function startLoginFrame(options: LoginFrameOptions = {}): Promise<LoginFrame> {
  const hosts = new Set(options.hosts ?? [])
  const wallets = createEmbeddedWallets(options.chains ?? [])
  const store = createLoginStore(wallets)
  const faults = createFaults()
  let mode: FrameMode = 'normal'
  let origin = ''
  let mounts: { prefix: string; handler: MountHandler }[] = []
  const api = createLoginApi({ store, wallets, origin: () => origin, now: () => Date.now() })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = requestUrl(req)
    const path = url.pathname
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('X-Content-Type-Options', 'nosniff')
    if (await faults.intercept(req, res)) return
    const mount = mounts.find((m) => path === m.prefix || path.startsWith(`${m.prefix}/`))
    if (mount) return mount.handler(req, res, url)
    if (path.startsWith('/api/')) {
      if (handlePreflight(req, res, 'POST')) return
      // Only the frame's own script may call its server: no CORS headers, and the origin checked.
      if (req.method !== 'POST' || req.headers.origin !== origin)
        return sendError(res, 403, 'Only the login frame may call this.')
      let body: Record<string, unknown>
      try {
        body = JSON.parse(await readBody(req, 65_536)) as Record<string, unknown>
      } catch {
        return sendError(res, 400, 'Malformed JSON')
      }
      const answer = api.handle(path.slice('/api/'.length), body ?? {})
      if (!answer) return sendError(res, 404, `Not found: ${path}`)
      const { status, body: json } = await answer
      return sendJson(res, status, json)
    }
    if (req.method === 'POST') return post(req, res, path)
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Not allowed')
    switch (path) {
      case '/': {
        const ancestors = hosts.size ? [...hosts].join(' ') : "'none'"
        const csp = `default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; connect-src 'self'; frame-ancestors ${ancestors}`
        return html(res, framePage([...hosts], wallets.chainIds, mode), csp)
      }
      case '/frame.js':
      case '/callback.js': {
        const scripts = await frameScripts()
        return send(
          res,
          200,
          'text/javascript; charset=utf-8',
          scripts[path.slice(1) as 'frame.js'],
        )
      }
      case '/frame.css':
        return send(res, 200, 'text/css; charset=utf-8', FRAME_CSS)
      case '/mailbox':
        return html(res, mailboxPage(store.mailbox))
      case '/social/loading':
        return html(res, loadingPage([...hosts]))
      case '/social/callback': {
        const state = store.socialStates.get(url.searchParams.get('state') ?? '')
        if (!state)
          return html(res, notice('Sign-in failed', 'Unknown request.', 'error'), PAGE_CSP, 400)
        store.socialStates.delete(url.searchParams.get('state') ?? '')
        return html(res, callbackPage(state.host))
      }
      case '/farcaster/approve': {
        const channel = store.channels.get(url.searchParams.get('channel') ?? '')
        return html(
          res,
          farcasterPage(channel?.id ?? '', channel?.host ?? '', channel?.status ?? 'cancelled'),
        )
      }
      case '/device/approve': {
        const link = store.deviceLinks.get(url.searchParams.get('token') ?? '')
        const user = link && store.users.get(`email:${link.email}`)
        if (!link || !user)
          return html(res, notice('Link expired', 'This link is not valid.', 'error'))
        store.deviceLinks.delete(url.searchParams.get('token') ?? '')
        user.devices.add(link.device)
        store.sendCode(link.email, link.device, Date.now())
        return html(
          res,
          notice(
            'Device approved',
            'Go back to the site: a code is on its way.',
            'device-approved',
          ),
        )
      }
    }
    const consent = path.match(/^\/consent\/(\w+)$/)
    if (consent?.[1] && PROVIDER_NAMES[consent[1]]) {
      const state = store.socialStates.get(url.searchParams.get('state') ?? '')
      if (!state || state.provider !== consent[1])
        return html(res, notice('Sign-in failed', 'Unknown request.', 'error'), PAGE_CSP, 400)
      return html(res, consentPage(consent[1], url.searchParams.get('state') ?? '', state.host))
    }
    return sendError(res, 404, `Not found: ${path}`)
  }

  async function post(req: IncomingMessage, res: ServerResponse, path: string) {
    const fields = await form(req)
    if (path === '/farcaster/approve') {
      const channel = store.channels.get(fields.get('channel') ?? '')
      const username = (fields.get('username') ?? '').replace(/[^\w.-]/g, '').slice(0, 32)
      if (channel?.status === 'pending' && username) {
        channel.status = 'approved'
        channel.username = username
      }
      return html(
        res,
        farcasterPage(channel?.id ?? '', channel?.host ?? '', channel?.status ?? 'cancelled'),
      )
    }
    const consent = path.match(/^\/consent\/(\w+)$/)
    const state = fields.get('state') ?? ''
    const granted = store.socialStates.get(state)
    if (!consent || !granted) return sendError(res, 400, 'Unknown request')
    const target = new URL('/social/callback', origin)
    target.searchParams.set('state', state)
    const handle = (fields.get('handle') ?? '').replace(/[^\w.-]/g, '').slice(0, 32)
    if (fields.get('decision') === 'allow' && handle) {
      const code = token(16)
      store.socialCodes.set(code, { provider: granted.provider, handle })
      target.searchParams.set('code', code)
    } else target.searchParams.set('error', 'access_denied')
    res.writeHead(303, { Location: target.href })
    res.end()
  }

  const listening = await listen(handle, options.log ? { logName: 'login-frame' } : {})
  origin = listening.url
  return {
    url: listening.url,
    mailboxUrl: `${listening.url}/mailbox`,
    get mailbox() {
      return store.mailbox
    },
    users: store.users,
    channels: store.channels,
    wallets,
    allowHost: (host) => void hosts.add(new URL(host).origin),
    setMode(value) {
      mode = value
    },
    expireCode: store.expireCode,
    codeFor: (email) => store.mailbox.find((m) => m.to === email && m.code)?.code,
    mount(prefix, handler) {
      const entry = { prefix: prefix.replace(/\/+$/, ''), handler }
      mounts = [...mounts, entry]
      return () => {
        mounts = mounts.filter((m) => m !== entry)
      }
    },
    faults,
    reset() {
      store.reset()
      faults.reset()
      mode = 'normal'
      mounts = []
    },
    stop: listening.close,
  }
}
