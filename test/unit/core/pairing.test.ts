import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createEmitter } from '../../../src/core/emitter.js'
import { ConnectAbortedError } from '../../../src/core/errors/connection.js'
import { UserRejectedRequestError } from '../../../src/core/errors/rpc.js'
import {
  createPairing,
  isPairingConnector,
  isPairingReuseEnvironment,
  type PairingParameters,
} from '../../../src/core/pairing.js'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const IOS_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1'
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

/** A pairing over a fake connector: `connect()` calls are deferred and controlled by the test. */
function setup(parameters: Partial<PairingParameters> = {}) {
  const uris = createEmitter<{ uri: string }>()
  const pairing = createPairing({
    source: { onDisplayUri: (l) => uris.on('uri', l) },
    reusePairing: () => false,
    ...parameters,
  })
  const calls: { resolve: () => void; reject: (e: unknown) => void }[] = []
  const connect = () =>
    new Promise<void>((resolve, reject) => {
      calls.push({ resolve, reject })
    })
  return { pairing, calls, connect, uri: (u: string) => uris.emit('uri', u) }
}

test('default', async () => {
  const { pairing, calls, connect, uri } = setup()
  expect(pairing.status.value).toBe('disconnected')
  expect(pairing.start(connect)).toBe(true)
  expect(pairing.status.value).toBe('connecting')
  expect(pairing.uri.value).toBeUndefined()
  uri('wc:a@2')
  expect(pairing.uri.value).toBe('wc:a@2')
  expect(pairing.expiresAt.value).toBe(1_000_000 + 4 * 60 * 1000)
  expect(pairing.renewsAt()).toBe(1_000_000 + 4 * 60 * 1000 - 10_000)
  calls[0]?.resolve()
  await vi.runAllTicks()
  await Promise.resolve()
  expect(pairing.status.value).toBe('connected')
  expect(pairing.uri.value).toBeUndefined()
})

test('behavior: a pairing with under 10 s left counts as expired', () => {
  const { pairing, connect, uri } = setup()
  pairing.start(connect)
  uri('wc:a@2')
  vi.setSystemTime(1_000_000 + 4 * 60 * 1000 - 10_001)
  expect(pairing.isValid()).toBe(true)
  vi.setSystemTime(1_000_000 + 4 * 60 * 1000 - 10_000)
  expect(pairing.isValid()).toBe(false)
})

test('behavior: an expiring pairing is replaced while watched', () => {
  const { pairing, calls, connect, uri } = setup()
  const stop = pairing.watch()
  pairing.start(connect)
  uri('wc:a@2')
  vi.advanceTimersByTime(4 * 60 * 1000 - 10_000)
  expect(calls).toHaveLength(2)
  expect(pairing.status.value).toBe('connecting')
  expect(pairing.uri.value).toBeUndefined()
  uri('wc:b@2')
  expect(pairing.uri.value).toBe('wc:b@2')
  expect(pairing.generation.value).toBe(2)
  stop()
})

test('behavior: unwatched, an expiring pairing ends as expired', () => {
  const { pairing, calls, connect, uri } = setup()
  pairing.start(connect)
  uri('wc:a@2')
  vi.advanceTimersByTime(4 * 60 * 1000)
  expect(calls).toHaveLength(1)
  expect(pairing.status.value).toBe('disconnected')
  expect(pairing.failure.value).toMatchInlineSnapshot(`
    {
      "kind": "expired",
      "message": "The QR code expired. Get a new one to connect.",
    }
  `)
})

test('behavior: renewals stop after five in a row and the visitor retries', () => {
  const { pairing, calls, connect, uri } = setup()
  pairing.watch()
  pairing.start(connect)
  for (let i = 0; i < 6; i++) {
    uri(`wc:${i}@2`)
    vi.advanceTimersByTime(4 * 60 * 1000)
  }
  expect(calls).toHaveLength(6)
  expect(pairing.failure.value?.kind).toBe('expired')
  pairing.retry(connect)
  expect(calls).toHaveLength(7)
  expect(pairing.status.value).toBe('connecting')
  expect(pairing.failure.value).toBeUndefined()
})

test('behavior: a still-valid pairing is reused on iOS Safari and in Telegram', () => {
  const { pairing, calls, connect, uri } = setup({ reusePairing: () => true })
  pairing.start(connect)
  uri('wc:a@2')
  expect(pairing.start(connect)).toBe(false)
  expect(calls).toHaveLength(1)
  expect(pairing.uri.value).toBe('wc:a@2')
  vi.setSystemTime(1_000_000 + 4 * 60 * 1000 - 5_000)
  expect(pairing.start(connect)).toBe(true)
  expect(calls).toHaveLength(2)
})

test('behavior: elsewhere a new pairing starts each time', () => {
  const { pairing, calls, connect, uri } = setup()
  pairing.start(connect)
  uri('wc:a@2')
  expect(pairing.start(connect)).toBe(true)
  expect(calls).toHaveLength(2)
})

test('behavior: an attempt still waiting for its URI is not doubled', () => {
  const { pairing, calls, connect } = setup()
  pairing.start(connect)
  expect(pairing.start(connect)).toBe(false)
  expect(calls).toHaveLength(1)
})

test('behavior: a superseded attempt that connects still counts; one that fails does not', async () => {
  const { pairing, calls, connect, uri } = setup()
  pairing.start(connect)
  uri('wc:a@2')
  pairing.retry(connect)
  calls[0]?.reject(new Error('stale'))
  await Promise.resolve()
  expect(pairing.status.value).toBe('connecting')
  expect(pairing.failure.value).toBeUndefined()
  calls[0]?.resolve()
  calls[1]?.resolve()
  await Promise.resolve()
  expect(pairing.status.value).toBe('connected')
})

test('behavior: reset goes back to disconnected', () => {
  const { pairing, connect, uri } = setup()
  pairing.start(connect)
  uri('wc:a@2')
  pairing.reset()
  expect(pairing.status.value).toBe('disconnected')
  expect(pairing.uri.value).toBeUndefined()
  uri('wc:late@2')
  expect(pairing.uri.value).toBeUndefined()
})

test('behavior: an attempt the visitor abandoned ends quietly, and the next visit pairs anew', async () => {
  // Even where a still-valid pairing would be reused: its connect was abandoned.
  const { pairing, calls, connect, uri } = setup({ reusePairing: () => true })
  const stop = pairing.watch()
  pairing.start(connect)
  uri('wc:a@2')
  stop()
  calls[0]?.reject(new ConnectAbortedError())
  await vi.runAllTicks()
  await Promise.resolve()
  expect(pairing.status.value).toBe('disconnected')
  expect(pairing.uri.value).toBeUndefined()
  expect(pairing.failure.value).toBeUndefined()
  // Its timers are gone: no renewal, no expiry failure later.
  vi.advanceTimersByTime(10 * 60 * 1000)
  expect(calls).toHaveLength(1)
  expect(pairing.failure.value).toBeUndefined()

  expect(pairing.start(connect)).toBe(true)
  expect(calls).toHaveLength(2)
  uri('wc:b@2')
  expect(pairing.uri.value).toBe('wc:b@2')
})

test('behavior: an abandoned attempt that was superseded changes nothing', async () => {
  const { pairing, calls, connect, uri } = setup()
  pairing.start(connect)
  uri('wc:a@2')
  pairing.retry(connect)
  uri('wc:b@2')
  calls[0]?.reject(new ConnectAbortedError())
  await vi.runAllTicks()
  await Promise.resolve()
  expect(pairing.status.value).toBe('connecting')
  expect(pairing.uri.value).toBe('wc:b@2')
})

test('behavior: URIs arriving when nothing is connecting are ignored', () => {
  const { pairing, uri } = setup()
  uri('wc:a@2')
  expect(pairing.uri.value).toBeUndefined()
})

test('behavior: environments that reuse a pairing', () => {
  expect(isPairingReuseEnvironment(IOS_SAFARI)).toBe(true)
  expect(isPairingReuseEnvironment(IOS_CHROME)).toBe(false)
  expect(isPairingReuseEnvironment(DESKTOP)).toBe(false)
  expect(isPairingReuseEnvironment(DESKTOP, { initData: '' })).toBe(true)
  expect(isPairingReuseEnvironment(`${DESKTOP} Telegram-Android/11.0`)).toBe(true)
})

test('behavior: isPairingConnector', () => {
  const { pairing } = setup()
  expect(isPairingConnector({ type: 'WALLET_CONNECT', pairing } as never)).toBe(true)
  expect(isPairingConnector({ type: 'INJECTED' } as never)).toBe(false)
  expect(isPairingConnector(undefined)).toBe(false)
})

test('error: a rejected proposal', async () => {
  const { pairing, calls, connect } = setup()
  pairing.start(connect)
  calls[0]?.reject(new UserRejectedRequestError({ code: 5000, message: 'User rejected.' }))
  await Promise.resolve()
  await Promise.resolve()
  expect(pairing.status.value).toBe('disconnected')
  expect(pairing.failure.value).toMatchInlineSnapshot(`
    {
      "kind": "rejected",
      "message": "The request was declined in the wallet.",
    }
  `)
})

test('error: no URI within the relay time-out', () => {
  const { pairing, calls, connect, uri } = setup()
  pairing.start(connect)
  vi.advanceTimersByTime(15_000)
  expect(pairing.failure.value).toMatchInlineSnapshot(`
    {
      "kind": "unreachable",
      "message": "The WalletConnect relay cannot be reached. Check your connection and try again.",
    }
  `)
  // A URI of the abandoned attempt arriving late is not shown.
  uri('wc:late@2')
  expect(pairing.uri.value).toBeUndefined()
  calls[0]?.reject(new Error('Failed to publish'))
  pairing.retry(connect)
  expect(pairing.status.value).toBe('connecting')
})

test('error: any other failure', async () => {
  const { pairing, calls, connect } = setup()
  pairing.start(connect)
  calls[0]?.reject(new Error('boom'))
  await Promise.resolve()
  await Promise.resolve()
  expect(pairing.failure.value).toEqual({
    kind: 'error',
    message: 'The connection failed. Try again.',
  })
})

test('behavior: destroy stops timers and listeners', () => {
  const { pairing, calls, connect, uri } = setup()
  pairing.watch()
  pairing.start(connect)
  uri('wc:a@2')
  pairing.destroy()
  vi.advanceTimersByTime(10 * 60 * 1000)
  expect(calls).toHaveLength(1)
  expect(pairing.start(connect)).toBe(false)
})
