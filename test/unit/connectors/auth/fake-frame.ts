import { vi } from 'vitest'
import {
  PROTOCOL,
  PROTOCOL_VERSION,
  type RequestMessage,
} from '../../../../src/connectors/auth/protocol.js'

export const FRAME_URL = 'https://login.example/frame'
export const FRAME_ORIGIN = 'https://login.example'

/** A `message` event as the browser delivers it. */
export function messageEvent(data: unknown, origin: string, source: unknown): Event {
  return Object.assign(new Event('message'), { data, origin, source })
}

/**
 * The page (an event target the channel listens on) and a login frame stand-in: its window
 * records what the kit posts (with the target origin), and the test answers as the frame would.
 */
export function createFakeFrame() {
  const page = new EventTarget() as unknown as Window
  const posted: { message: RequestMessage; targetOrigin: string }[] = []
  const frameWindow = {
    postMessage: vi.fn((message: RequestMessage, targetOrigin: string) => {
      posted.push({ message, targetOrigin })
      queueMicrotask(() => {
        for (const listener of listeners) listener(message)
      })
    }),
  }
  const listeners = new Set<(message: RequestMessage) => void>()
  const mounted: HTMLIFrameElement[] = []
  /** Delivers a message to the page, by default from the frame's window and origin. */
  const deliver = (data: unknown, origin = FRAME_ORIGIN, source: unknown = frameWindow) =>
    page.dispatchEvent(messageEvent(data, origin, source))
  const envelope = { protocol: PROTOCOL, version: PROTOCOL_VERSION }
  return {
    page,
    frameWindow,
    posted,
    mounted,
    deliver,
    /** What the channel's `mount` is given: keeps the iframe, with the stand-in as its window. */
    mount(frame: HTMLIFrameElement) {
      Object.defineProperty(frame, 'contentWindow', { value: frameWindow })
      mounted.push(frame)
    },
    ready: () => deliver({ ...envelope, kind: 'ready' }),
    /** Answers the request `message` with `result`. */
    answer(message: RequestMessage, result: unknown, extra: Record<string, unknown> = {}) {
      deliver({
        ...envelope,
        kind: 'response',
        id: message.id,
        type: message.type,
        ok: true,
        result,
        ...extra,
      })
    },
    /** Answers with an error. */
    fail(message: RequestMessage, error: { code: string | number; message: string }) {
      deliver({
        ...envelope,
        kind: 'response',
        id: message.id,
        type: message.type,
        ok: false,
        error,
      })
    },
    /** Answers every request the frame gets with what `reply` returns (undefined: stays silent). */
    onRequest(reply: (message: RequestMessage) => unknown) {
      listeners.add((message) => {
        const result = reply(message)
        if (result instanceof Error) return
        if (result !== undefined) this.answer(message, result)
      })
    },
    envelope,
  }
}

/** A flushed microtask queue (a few rounds: answers are delivered in microtasks). */
export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) await Promise.resolve()
}
