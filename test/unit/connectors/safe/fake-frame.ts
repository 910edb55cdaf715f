import { getSDKVersion, MessageFormatter, Methods } from '@safe-global/safe-apps-sdk'

/** A message the app posted to its parent, with the target origin it named. */
export type Posted = { message: Record<string, unknown>; targetOrigin: string }

/** Answers of the fake Safe parent, by method: data, or an Error for an error response. */
export type ParentAnswers = Partial<Record<string, (params: unknown) => unknown>>

/**
 * A page framed by a Safe web wallet, as the kit sees it: `window.parent` that records what the
 * app posts, delivers it only when the target origin is the parent's (as a browser does) and
 * answers with the real Safe Apps SDK's `MessageFormatter` (the Safe web wallet's own builder);
 * `deliver` sends any message to the app, from any source and origin (attacker frames).
 */
export function createFakeFrame(options: {
  parentOrigin: string
  /** What `location.ancestorOrigins` says; undefined when the browser has none (Firefox). */
  ancestorOrigins?: string[] | undefined
  referrer?: string
  answers?: ParentAnswers
  /** The parent never answers. */
  silent?: boolean
}) {
  const target = new EventTarget()
  const posted: Posted[] = []
  const listeners = { count: 0 }
  const deliver = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    const event = new Event('message')
    Object.assign(event, {
      data,
      origin: from.origin ?? options.parentOrigin,
      source: from.source === undefined ? parent : from.source,
    })
    target.dispatchEvent(event)
  }
  const parent = {
    postMessage(message: Record<string, unknown>, targetOrigin: string) {
      posted.push({ message, targetOrigin })
      if (targetOrigin !== options.parentOrigin || options.silent) return
      const known = Object.values(Methods).includes(message.method as Methods)
      const handler = options.answers?.[message.method as string]
      if (!known || !handler) return
      queueMicrotask(() => {
        const id = message.id as string
        let reply: unknown
        try {
          reply = MessageFormatter.makeResponse(
            id,
            handler(message.params) as never,
            getSDKVersion(),
          )
        } catch (error) {
          reply = MessageFormatter.makeErrorResponse(id, (error as Error).message, getSDKVersion())
        }
        deliver(reply)
      })
    },
  }
  const ancestors = options.ancestorOrigins
  const win = {
    parent,
    location: {
      ancestorOrigins: ancestors
        ? Object.assign([...ancestors], { item: (i: number) => ancestors[i] ?? null })
        : undefined,
    },
    document: { referrer: options.referrer ?? '' },
    addEventListener(type: string, listener: EventListener) {
      listeners.count++
      target.addEventListener(type, listener)
    },
    removeEventListener(type: string, listener: EventListener) {
      listeners.count--
      target.removeEventListener(type, listener)
    },
  }
  return { window: win as unknown as Window, parent, posted, deliver, listeners }
}

/** The Safe the fake parent describes. */
export const SAFE_INFO = {
  safeAddress: '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9',
  chainId: 31337,
  threshold: 1,
  owners: ['0xBcd4042DE499D14e55001CcbB24a551F3b954096'],
  isReadOnly: false,
}
