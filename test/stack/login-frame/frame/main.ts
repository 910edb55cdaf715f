// The login frame's own script (bundled by the stack, never part of walletkit.js). It talks to the
// page that embeds it only when that page's origin is one the server allows, only with messages
// from that page's window, and answers only to that exact origin. Keys stay on this origin: the
// frame asks its own server to sign what the visitor approved here.
import {
  type FrameError,
  PROTOCOL,
  PROTOCOL_VERSION,
  type RequestMessage,
  type RequestType,
} from '../../../../src/connectors/auth/protocol.js'
import { askApproval, summarize } from './approval.js'
import { parseRequest } from './requests.js'

const meta = (name: string) =>
  document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? ''
const hosts = JSON.parse(meta('wk-hosts') || '[]') as string[]
const chains = JSON.parse(meta('wk-chains') || '[]') as number[]
const mode = meta('wk-mode')
const parentOrigin = location.ancestorOrigins?.[0] ?? ''
const embedded = window.parent !== window && hosts.includes(parentOrigin)

const SESSION_KEY = 'wk-login-session'
const DEVICE_KEY = 'wk-login-device'

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}
function store(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {}
}

const device =
  stored(DEVICE_KEY) ??
  (() => {
    const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('')
    store(DEVICE_KEY, id)
    return id
  })()

/** A call to this frame's own server; its `{ error }` answers are thrown as the frame's errors. */
async function api<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, token: stored(SESSION_KEY), device }),
  })
  const answer = (await response.json()) as T & { error?: FrameError }
  if (!response.ok || answer.error)
    throw answer.error ?? { code: 'INTERNAL', message: `HTTP ${response.status}` }
  return answer
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let email = ''
let channel = ''
let chainId = chains[0] ?? 1
/** The approval on screen, by the kit's request id. */
let approval: { id: string; cancel: () => void } | undefined

type Handler = (payload: Record<string, unknown>, id: string) => Promise<unknown>

const HANDLERS: Record<RequestType, Handler> = {
  async CONNECT_EMAIL(p) {
    email = String(p.email)
    return api<{ action: string }>('email/start', { email })
  },
  async CONNECT_DEVICE() {
    for (;;) {
      const { approved } = await api<{ approved: boolean }>('email/device', { email })
      if (approved) return {}
      await pause(300)
    }
  },
  async CONNECT_OTP(p) {
    const { token } = await api<{ token: string }>('email/verify', { email, otp: p.otp })
    store(SESSION_KEY, token)
    return {}
  },
  async GET_USER(p) {
    chainId = Number(p.chainId)
    return api('user', { chainId, preferredAccountType: p.preferredAccountType })
  },
  async GET_SOCIAL_REDIRECT_URI(p) {
    return api<{ uri: string }>('social/start', { provider: p.provider, host: parentOrigin })
  },
  async CONNECT_SOCIAL(p) {
    const { token } = await api<{ token: string }>('social/finish', { uri: p.uri })
    store(SESSION_KEY, token)
    return {}
  },
  async GET_FARCASTER_URI() {
    const answer = await api<{ channel: string; url: string }>('farcaster/channel', {
      host: parentOrigin,
    })
    channel = answer.channel
    return { url: answer.url }
  },
  async CONNECT_FARCASTER() {
    if (!channel) throw { code: 'NO_CHANNEL', message: 'No Farcaster request is open.' }
    const answer = await api<{ status: string; token?: string }>('farcaster/status', { channel })
    if (answer.status !== 'approved' || !answer.token) return { status: 'pending' }
    store(SESSION_KEY, answer.token)
    channel = ''
    return { status: 'approved' }
  },
  async IS_CONNECTED() {
    if (!stored(SESSION_KEY)) return { isConnected: false }
    const { isConnected } = await api<{ isConnected: boolean }>('session')
    if (!isConnected) store(SESSION_KEY, null)
    return { isConnected }
  },
  async SET_PREFERRED_ACCOUNT(p) {
    return api('account-type', { type: p.type })
  },
  async SWITCH_NETWORK(p) {
    const next = Number(p.chainId)
    if (!chains.includes(next)) throw { code: 4902, message: `Chain ${next} is not supported.` }
    chainId = next
    return { chainId }
  },
  async RPC_REQUEST(p, id) {
    const method = String(p.method)
    const params = p.params as unknown[]
    if (p.approval) {
      approval?.cancel()
      const asked = askApproval(summarize(method, params), parentOrigin)
      approval = { id, cancel: asked.cancel }
      const approved = await asked.decision
      if (approval?.id === id) approval = undefined
      if (!approved) throw { code: 4001, message: 'The request was rejected in the login wallet.' }
    }
    const { result } = await api<{ result: unknown }>('rpc', {
      chainId: Number(p.chainId) || chainId,
      method,
      params,
      approved: p.approval === true,
    })
    return { result }
  },
  async RPC_ABORT(p) {
    if (approval && approval.id === p.requestId) approval.cancel()
    return {}
  },
  async SIGN_OUT() {
    await api('signout').catch(() => undefined)
    store(SESSION_KEY, null)
    return {}
  },
  async RELOAD() {
    if (channel) await api('farcaster/cancel', { channel }).catch(() => undefined)
    channel = ''
    email = ''
    approval?.cancel()
    return {}
  },
}

function post(message: Record<string, unknown>) {
  const full = { protocol: PROTOCOL, version: PROTOCOL_VERSION, ...message }
  window.parent.postMessage(full, parentOrigin)
  // A fault of the stand-in: the same answer again, with another result (a replay).
  if (mode === 'replay' && message.kind === 'response')
    window.parent.postMessage({ ...full, result: { replayed: true } }, parentOrigin)
}

async function handle(request: RequestMessage) {
  const { id, type } = request
  try {
    const result = await HANDLERS[type](request.payload as Record<string, unknown>, id)
    post({ kind: 'response', id, type, ok: true, result })
  } catch (error) {
    const e = error as Partial<FrameError>
    const code = typeof e.code === 'string' || typeof e.code === 'number' ? e.code : 'INTERNAL'
    const message = typeof e.message === 'string' ? e.message.slice(0, 300) : 'Login wallet error'
    post({
      kind: 'response',
      id,
      type,
      ok: false,
      error: {
        code,
        message,
        ...(typeof e.retryAfterSeconds === 'number' && { retryAfterSeconds: e.retryAfterSeconds }),
      },
    })
  }
}

if (embedded && mode !== 'silent') {
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== parentOrigin) return
    const request = parseRequest(event.data)
    if (request) void handle(request)
  })
  post({ kind: 'ready' })
}
