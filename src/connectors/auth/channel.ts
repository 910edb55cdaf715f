import { type ReadonlySignal, signal } from '@preact/signals-core'
import { LOGIN_FRAME_TIMEOUT_MS } from '../../core/constants.js'
import { AuthInitError } from '../../core/errors/auth.js'
import {
  claimsProtocol,
  type FrameError,
  type Params,
  PROTOCOL,
  PROTOCOL_VERSION,
  parseFrameMessage,
  RESULT_SHAPES,
  type RequestType,
  type Result,
} from './protocol.js'

/** What the channel needs: where the frame lives, where it is mounted, timers for tests. */
export type FrameChannelParameters = {
  /** The login frame's URL (`authUrl`); its origin is the only one trusted. */
  url: string
  /** Puts the (hidden) iframe into the modal's shadow root. */
  mount: (frame: HTMLIFrameElement) => void
  /** The window whose messages arrive here; default `window`. */
  target?: Window | undefined
  /** Default LOGIN_FRAME_TIMEOUT_MS. */
  timeoutMs?: number | undefined
  /** 32 hex characters; default from `crypto.getRandomValues`. */
  randomId?: () => string
  /** True while a social popup waits for its result (its own listener judges those messages). */
  socialPending?: () => boolean
}

/** How a request ends besides an answer. */
export type RequestOptions = {
  /** The time-out covers the whole request (default), or only the wait for the frame (approvals). */
  timeout?: 'request' | 'ready'
  /** Aborting rejects with the signal's reason and tells the frame (`RPC_ABORT`). */
  signal?: AbortSignal | undefined
}

/** The frame's answer was an error: its code and message. */
export class FrameRequestError extends Error {
  override name = 'FrameRequestError'
  constructor(readonly error: FrameError) {
    super(error.message)
  }
}

type Pending = {
  type: RequestType
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  timer: ReturnType<typeof setTimeout> | undefined
  posted: boolean
  message: unknown
}

const hexId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The kit's side of the login frame's `postMessage` channel (docs/login-frame-protocol.md). The
 * iframe is created on the first request (or `prepare()`); requests wait for its `ready`, go out
 * with the frame's exact origin as target, and settle only on an answer that comes from the
 * frame's window and origin, carries the id of a pending request, and has that request's shape.
 * Anything else that claims to be of the protocol is ignored and counted (SECURITY.md rows 14, 29).
 */
export function createFrameChannel(p: FrameChannelParameters) {
  const origin = new URL(p.url).origin
  const target = p.target ?? window
  const timeoutMs = p.timeoutMs ?? LOGIN_FRAME_TIMEOUT_MS
  const randomId = p.randomId ?? hexId
  const pending = new Map<string, Pending>()
  /** Ids already answered (a second answer is a replay) and ids that timed out (late, ignored). */
  const settled = new Set<string>()
  const expired = new Set<string>()
  const forged = signal(0)
  const ready = signal(false)
  let frame: HTMLIFrameElement | undefined

  const reject = () => {
    forged.value++
  }

  function post(entry: Pending) {
    entry.posted = true
    frame?.contentWindow?.postMessage(entry.message, origin)
  }

  function onMessage(event: MessageEvent) {
    const fromFrame = frame !== undefined && event.source === frame.contentWindow
    const claims = claimsProtocol(event.data)
    if (!fromFrame && !claims) return // someone else's traffic: not ours to judge
    // The social popup's answer has its own listener and checks.
    const social = (event.data as { kind?: unknown } | null)?.kind === 'social-result'
    if (!fromFrame && social && p.socialPending?.()) return
    if (!fromFrame || event.origin !== origin) return reject()
    const message = parseFrameMessage(event.data)
    if (!message || message.kind === 'social-result') return reject()
    if (message.kind === 'ready') {
      if (ready.peek()) return
      ready.value = true
      for (const entry of pending.values()) if (!entry.posted) post(entry)
      return
    }
    const entry = pending.get(message.id)
    if (!entry) {
      if (!expired.has(message.id)) reject()
      return
    }
    if (entry.type !== message.type) return reject()
    if (message.ok && !RESULT_SHAPES[entry.type](message.result)) return reject()
    pending.delete(message.id)
    settled.add(message.id)
    clearTimeout(entry.timer)
    if (message.ok) entry.resolve(message.result)
    else entry.reject(new FrameRequestError(message.error))
  }

  function prepare() {
    if (frame) return
    frame = document.createElement('iframe')
    const src = new URL(p.url)
    src.searchParams.set('v', String(PROTOCOL_VERSION))
    frame.src = src.href
    frame.setAttribute('data-testid', 'wk-auth-frame')
    target.addEventListener('message', onMessage)
    p.mount(frame)
  }

  /**
   * Sends a request and resolves with the frame's result.
   *
   * @throws AuthInitError when no answer came in time; FrameRequestError when the frame refused.
   */
  function request<T extends RequestType>(
    type: T,
    payload: Params<T>,
    options: RequestOptions = {},
  ): Promise<Result<T>> {
    prepare()
    let id = randomId()
    while (pending.has(id) || settled.has(id) || expired.has(id)) id = randomId()
    return new Promise<Result<T>>((resolve, reject) => {
      const entry: Pending = {
        type,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: undefined,
        posted: false,
        message: {
          protocol: PROTOCOL,
          version: PROTOCOL_VERSION,
          kind: 'request',
          id,
          type,
          payload,
        },
      }
      const untilReady = options.timeout === 'ready'
      if (!untilReady || !ready.peek())
        entry.timer = setTimeout(() => {
          if (untilReady && entry.posted) return
          pending.delete(id)
          expired.add(id)
          reject(new AuthInitError({ details: `No answer to ${type} from ${origin}.` }))
        }, timeoutMs)
      pending.set(id, entry)
      if (ready.peek()) post(entry)
      options.signal?.addEventListener(
        'abort',
        () => {
          if (pending.get(id) !== entry) return
          pending.delete(id)
          expired.add(id)
          clearTimeout(entry.timer)
          if (entry.posted) void request('RPC_ABORT', { requestId: id }).catch(() => undefined)
          reject(options.signal?.reason)
        },
        { once: true },
      )
    })
  }

  return {
    /** The frame's origin. */
    origin,
    /** True once the frame said it is ready. */
    ready: ready as ReadonlySignal<boolean>,
    /** Messages refused: another origin or window, a wrong shape, an unknown or replayed id. */
    forged: forged as ReadonlySignal<number>,
    prepare,
    request,
    /** Counts a refused message seen by another listener of the protocol (the social popup's). */
    countForged: reject,
    /** Removes the frame and the listener; pending requests fail. */
    destroy() {
      target.removeEventListener('message', onMessage)
      for (const [id, entry] of pending) {
        clearTimeout(entry.timer)
        expired.add(id)
        entry.reject(new AuthInitError({ details: 'The kit was destroyed.' }))
      }
      pending.clear()
      frame?.remove()
      frame = undefined
      ready.value = false
    },
  }
}

/** The login frame channel. */
export type FrameChannel = ReturnType<typeof createFrameChannel>
