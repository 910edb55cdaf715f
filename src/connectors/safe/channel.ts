import {
  makeSafeRequest,
  parseSafeInfo,
  parseSafeResponse,
  type SafeInfo,
  type SafeMethod,
} from './protocol.js'

/** A failure the Safe parent reported, with its own words. */
export class SafeRequestFailed extends Error {
  override name = 'SafeRequestFailed'
}

/** The open line to the Safe parent frame. */
export type SafeChannel = {
  /** The parent's origin: every message goes to it exactly, and only its answers count. */
  readonly origin: string
  /** Sends a request; resolves with the parent's `data`, rejects with its `error`. */
  request(method: SafeMethod, params: unknown): Promise<unknown>
  /** Stops listening; pending requests are rejected. */
  close(): void
}

/** What {@link openSafeChannel} needs. */
export type OpenSafeChannelParameters = {
  /** Origins a Safe parent may have (exact `scheme://host[:port]`). */
  allowedOrigins: readonly string[]
  /** How long the parent has to describe its Safe before the page counts as not in a Safe. */
  timeoutMs: number
  /** The page's window (tests pass their own). */
  window?: Window | undefined
}

/**
 * Where requests may go: the parent's origin when the browser tells it (`location.ancestorOrigins`)
 * and it is allowed; else the referrer's origin when that is allowed (the framed page's first
 * document); else every allowed origin (the browser delivers a message only to a window of its
 * exact target origin, so at most the right one arrives).
 */
function targetOrigins(w: Window, allowed: readonly string[]): string[] {
  const ancestors = (w.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors && ancestors.length > 0) return allowed.filter((o) => o === ancestors[0])
  let referrer: string | undefined
  try {
    referrer = w.document.referrer ? new URL(w.document.referrer).origin : undefined
  } catch {}
  // After a navigation inside the frame the referrer is the site's own page: no help then.
  if (referrer && allowed.includes(referrer)) return [referrer]
  return [...new Set(allowed)]
}

/**
 * Asks the parent frame for its Safe (`getSafeInfo`) and, when a Safe parent on an allowed origin
 * answers within `timeoutMs`, keeps the channel open (SECURITY.md row 29): messages count only
 * from `window.parent`, from that origin, answering a pending request id once (a replayed or
 * unknown id is ignored); requests go to that origin exactly, never `'*'`. Outside a frame, or in
 * a frame whose parent is known to be on another origin, nothing is sent and the answer is
 * undefined at once; a parent that does not answer in time gets undefined too.
 *
 * @returns The channel and the Safe, or undefined.
 */
export async function openSafeChannel(
  p: OpenSafeChannelParameters,
): Promise<{ channel: SafeChannel; info: SafeInfo } | undefined> {
  const w = p.window ?? window
  if (w.parent === w || p.allowedOrigins.length === 0) return undefined
  const targets = targetOrigins(w, p.allowedOrigins)
  if (targets.length === 0) return undefined

  let origin: string | undefined
  const pending = new Map<string, { resolve(data: unknown): void; reject(error: Error): void }>()
  const onMessage = (event: MessageEvent) => {
    if (event.source !== w.parent || !p.allowedOrigins.includes(event.origin)) return
    if (origin !== undefined && event.origin !== origin) return
    const response = parseSafeResponse(event.data)
    const entry = response && pending.get(response.id)
    if (!response || !entry) return
    pending.delete(response.id)
    origin ??= event.origin
    if (response.success) entry.resolve(response.data)
    else entry.reject(new SafeRequestFailed(response.error))
  }
  w.addEventListener('message', onMessage)

  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    w.removeEventListener('message', onMessage)
    for (const entry of pending.values()) entry.reject(new SafeRequestFailed('The Safe is gone.'))
    pending.clear()
  }
  const request = (method: SafeMethod, params: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed) {
        reject(new SafeRequestFailed('The Safe is gone.'))
        return
      }
      const message = makeSafeRequest(method, params)
      pending.set(message.id, { resolve, reject })
      for (const target of origin ? [origin] : targets) w.parent.postMessage(message, target)
    })

  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), p.timeoutMs)
  })
  const answer = await Promise.race([request('getSafeInfo', undefined), timedOut]).catch(
    () => undefined,
  )
  clearTimeout(timer)
  const info = parseSafeInfo(answer)
  if (!info || origin === undefined) {
    close()
    return undefined
  }
  const locked = origin
  return { channel: { origin: locked, request, close }, info }
}
