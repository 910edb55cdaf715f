import { batch, type ReadonlySignal, signal } from '@preact/signals-core'
import {
  PAIRING_AUTO_RENEW_MAX_COUNT,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_LIFETIME_MS,
  RELAY_CONNECT_TIMEOUT_MS,
} from './constants.js'
import { errorClass, WalletKitError } from './errors/base.js'
import { ConnectAbortedError } from './errors/connection.js'
import { UserRejectedRequestError } from './errors/rpc.js'
import type { PairingPreparer } from './phone/ports.js'
import type { Connector } from './types/connector.js'

/** The WalletConnect status of SPEC §4. */
export type WalletConnectStatus = 'disconnected' | 'connecting' | 'connected'

/** Why the last pairing attempt ended without a connection. */
export type PairingFailureKind = 'rejected' | 'unreachable' | 'expired' | 'error'

/** The end of a failed attempt: its kind and the text a visitor sees. */
export type PairingFailure = { kind: PairingFailureKind; message: string }

/** What the pairing controller needs from the WalletConnect connector. */
export type PairingSource = {
  /**
   * Calls `listener` with each pairing URI the connector produces, and when it was proposed (for
   * a pairing prepared before the attempt; default now); returns the unsubscribe.
   */
  onDisplayUri(listener: (uri: string, createdAt?: number) => void): () => void
}

/** Parameters of {@link createPairing}. */
export type PairingParameters = {
  source: PairingSource
  /**
   * True on iOS Safari and in Telegram, where a still-valid pairing is reused (the page's user agent,
   * read by `embed/`: {@link isPairingReuseEnvironment}). Default: false.
   */
  reusePairing?: () => boolean
  /** True on a phone or tablet (wallets open through their links). Default: false. */
  isMobile?: () => boolean
  /** Clock in ms. Default: `Date.now`. */
  now?: () => number
  /** Timers, replaceable in tests. */
  setTimeout?: (fn: () => void, ms: number) => unknown
  clearTimeout?: (timer: unknown) => void
  /** Life of a pairing. Default: PAIRING_LIFETIME_MS (4 min). */
  lifetimeMs?: number
  /** Wait for the first URI before the relay counts as unreachable. Default: RELAY_CONNECT_TIMEOUT_MS. */
  relayTimeoutMs?: number
}

/** The pairing controller. */
export type Pairing = ReturnType<typeof createPairing>

/** A connector that pairs over WalletConnect and carries its pairing controller. */
export type PairingConnector = Connector & {
  readonly type: 'WALLET_CONNECT'
  readonly pairing: Pairing
  /** Pairings proposed ahead of the tap, for phones (`core/phone/`). */
  readonly preparer?: PairingPreparer
}

/** True for the WalletConnect connector. */
export function isPairingConnector(
  connector: Connector | undefined,
): connector is PairingConnector {
  return connector?.type === 'WALLET_CONNECT' && 'pairing' in connector
}

/** The type of {@link RelayUnreachableError}. */
export type RelayUnreachableErrorType = RelayUnreachableError & { name: 'RelayUnreachableError' }
/** No pairing URI came from the relay within RELAY_CONNECT_TIMEOUT_MS. */
export class RelayUnreachableError extends WalletKitError {
  constructor({ timeoutMs }: { timeoutMs: number }) {
    super('The WalletConnect relay cannot be reached. Check your connection and try again.', {
      name: 'RelayUnreachableError',
      details: `No pairing URI within ${timeoutMs} ms`,
    })
  }
}

/** The type of {@link PairingExpiredError}. */
export type PairingExpiredErrorType = PairingExpiredError & { name: 'PairingExpiredError' }
/** The QR code expired while nobody scanned it. */
export const PairingExpiredError = errorClass(
  'PairingExpiredError',
  'The QR code expired. Get a new one to connect.',
)
/** The type of {@link PairingExpiredError}. */
export type PairingExpiredError = InstanceType<typeof PairingExpiredError>

/**
 * True on iOS Safari (not another iOS browser) and inside Telegram's in-app browser, where a
 * visitor who comes back from the wallet app must find the same pairing (SPEC §4).
 */
export function isPairingReuseEnvironment(
  userAgent: string,
  telegram: unknown = undefined,
): boolean {
  if (telegram || /Telegram/i.test(userAgent)) return true
  const ios = /iPhone|iPad|iPod/i.test(userAgent)
  return ios && /Safari/i.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//i.test(userAgent)
}

/**
 * Creates the pairing lifecycle of SPEC §4: status disconnected → connecting → connected, the
 * pairing URI and its expiry (4 minutes; under 10 s left counts as expired), a new URI when it
 * expires while someone watches, reuse of a still-valid pairing on iOS Safari and Telegram, a
 * bounded wait for an unreachable relay, and a clear end for a rejected proposal.
 *
 * Each attempt runs `connect` (the kit's connect through the WalletConnect connector); the URI
 * arrives from the connector while it waits for the wallet. Results of superseded attempts are
 * ignored, except a connection: whichever QR code the wallet scanned, connected is connected.
 * An attempt the visitor abandoned (`connect` rejects with ConnectAbortedError: they left the QR
 * view) ends back at disconnected without a failure, so the next visit starts a new pairing.
 */
export function createPairing(parameters: PairingParameters) {
  const now = parameters.now ?? Date.now
  const setTimer = parameters.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms))
  const clearTimer =
    parameters.clearTimeout ??
    ((timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>))
  const lifetimeMs = parameters.lifetimeMs ?? PAIRING_LIFETIME_MS
  const relayTimeoutMs = parameters.relayTimeoutMs ?? RELAY_CONNECT_TIMEOUT_MS
  const reusePairing = parameters.reusePairing ?? (() => false)

  const status = signal<WalletConnectStatus>('disconnected')
  const uri = signal<string | undefined>(undefined)
  const expiresAt = signal<number | undefined>(undefined)
  const failure = signal<PairingFailure | undefined>(undefined)
  /** Increments with each new URI, so a view can tell a renewed QR code from the last one. */
  const generation = signal(0)
  let attempt = 0
  let renewals = 0
  let watchers = 0
  let lastConnect: (() => Promise<void>) | undefined
  let relayTimer: unknown
  let expiryTimer: unknown
  let destroyed = false

  const stopTimers = () => {
    clearTimer(relayTimer)
    clearTimer(expiryTimer)
    relayTimer = undefined
    expiryTimer = undefined
  }

  function fail(error: unknown, kind?: PairingFailureKind) {
    attempt++
    stopTimers()
    const resolved: PairingFailureKind =
      kind ?? (error instanceof UserRejectedRequestError ? 'rejected' : 'error')
    batch(() => {
      status.value = 'disconnected'
      uri.value = undefined
      expiresAt.value = undefined
      failure.value = {
        kind: resolved,
        message:
          error instanceof WalletKitError
            ? error.shortMessage
            : 'The connection failed. Try again.',
      }
    })
  }

  /** Back to disconnected, with no failure to show. */
  function idle() {
    attempt++
    stopTimers()
    renewals = 0
    batch(() => {
      status.value = 'disconnected'
      uri.value = undefined
      expiresAt.value = undefined
      failure.value = undefined
    })
  }

  function expire() {
    expiryTimer = undefined
    if (status.peek() !== 'connecting') return
    if (watchers > 0 && renewals < PAIRING_AUTO_RENEW_MAX_COUNT && lastConnect) {
      renewals++
      begin(lastConnect)
    } else fail(new PairingExpiredError(), 'expired')
  }

  const stopUris = parameters.source.onDisplayUri((next, createdAt) => {
    if (destroyed || status.peek() !== 'connecting' || next === uri.peek()) return
    clearTimer(relayTimer)
    relayTimer = undefined
    clearTimer(expiryTimer)
    // A pairing prepared before the attempt lasts from when it was proposed.
    const expiry = (createdAt ?? now()) + lifetimeMs
    batch(() => {
      uri.value = next
      expiresAt.value = expiry
      generation.value++
    })
    expiryTimer = setTimer(expire, Math.max(0, expiry - PAIRING_EXPIRY_MARGIN_MS - now()))
  })

  function begin(connect: () => Promise<void>) {
    const id = ++attempt
    lastConnect = connect
    stopTimers()
    batch(() => {
      status.value = 'connecting'
      uri.value = undefined
      expiresAt.value = undefined
      failure.value = undefined
    })
    relayTimer = setTimer(() => {
      relayTimer = undefined
      if (id === attempt && uri.peek() === undefined)
        fail(new RelayUnreachableError({ timeoutMs: relayTimeoutMs }), 'unreachable')
    }, relayTimeoutMs)
    let settled: Promise<void>
    try {
      settled = connect()
    } catch (error) {
      settled = Promise.reject(error)
    }
    settled.then(
      () => {
        if (destroyed) return
        attempt++
        stopTimers()
        renewals = 0
        batch(() => {
          status.value = 'connected'
          uri.value = undefined
          expiresAt.value = undefined
          failure.value = undefined
        })
      },
      (error: unknown) => {
        if (destroyed || id !== attempt) return
        // The visitor left the QR view: nothing failed, and its QR code must not be reused.
        if (error instanceof ConnectAbortedError) idle()
        else fail(error)
      },
    )
  }

  /** True while the pairing URI has more than the expiry margin left. */
  function isValid(): boolean {
    const expiry = expiresAt.peek()
    return (
      status.peek() === 'connecting' &&
      uri.peek() !== undefined &&
      expiry !== undefined &&
      expiry - now() > PAIRING_EXPIRY_MARGIN_MS
    )
  }

  return {
    /** disconnected, connecting or connected (SPEC §4). */
    status: status as ReadonlySignal<WalletConnectStatus>,
    /** The `wc:` URI to show while connecting. */
    uri: uri as ReadonlySignal<string | undefined>,
    /** When the URI expires (ms since the epoch). */
    expiresAt: expiresAt as ReadonlySignal<number | undefined>,
    /** Why the last attempt failed, until the next one starts. */
    failure: failure as ReadonlySignal<PairingFailure | undefined>,
    /** Counts the URIs shown so far. */
    generation: generation as ReadonlySignal<number>,
    /** True on a phone or tablet. */
    isMobile: parameters.isMobile ?? (() => false),
    isValid,
    /** When the current URI counts as expired (its expiry less the margin). */
    renewsAt(): number | undefined {
      const expiry = expiresAt.peek()
      return expiry === undefined ? undefined : expiry - PAIRING_EXPIRY_MARGIN_MS
    },
    /**
     * Starts pairing with `connect`, unless a still-valid pairing may be reused (iOS Safari,
     * Telegram) or the attempt in progress is still waiting for its URI.
     *
     * @returns True when a new attempt started.
     */
    start(connect: () => Promise<void>): boolean {
      if (destroyed) return false
      if (status.peek() === 'connecting') {
        if (uri.peek() === undefined || (reusePairing() && isValid())) {
          lastConnect = connect
          return false
        }
      }
      renewals = 0
      begin(connect)
      return true
    },
    /** Starts a new attempt whatever the current one is doing (the visitor's retry). */
    retry(connect: () => Promise<void>): void {
      if (destroyed) return
      renewals = 0
      begin(connect)
    },
    /** While watched (the QR code is on screen), an expiring pairing is replaced by a new one. */
    watch(): () => void {
      watchers++
      let done = false
      return () => {
        if (done) return
        done = true
        watchers--
      }
    },
    /** Back to disconnected (after a disconnect, SPEC §4). */
    reset: idle,
    /** Stops every timer and listener. */
    destroy(): void {
      destroyed = true
      attempt++
      stopTimers()
      stopUris()
    },
  }
}
