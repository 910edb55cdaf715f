import { SOCIAL_PROVIDERS } from '../../core/features.js'
import type { AuthAccountType, AuthUser, EmailAction, LoginMethod } from '../../core/types/auth.js'
import type { SocialProvider } from '../../core/types/options.js'

/**
 * The login-frame protocol, version 1 (docs/login-frame-protocol.md). Every message is a plain
 * object carrying `protocol` and `version`; the kit posts requests to the frame's exact origin and
 * accepts a message only from the frame's window and origin, of the shape its request expects.
 */
export const PROTOCOL = 'walletkit-login'
/** The version this kit speaks; a frame answering another version is not used. */
export const PROTOCOL_VERSION = 1

/** Each request type: its parameters and the result the frame answers with. */
export type Requests = {
  CONNECT_EMAIL: [{ email: string }, { action: EmailAction }]
  CONNECT_DEVICE: [Record<string, never>, Record<string, never>]
  CONNECT_OTP: [{ otp: string }, Record<string, never>]
  GET_USER: [{ chainId: number; preferredAccountType: AuthAccountType }, AuthUser]
  GET_SOCIAL_REDIRECT_URI: [{ provider: SocialProvider }, { uri: string }]
  CONNECT_SOCIAL: [{ uri: string }, Record<string, never>]
  GET_FARCASTER_URI: [Record<string, never>, { url: string }]
  CONNECT_FARCASTER: [Record<string, never>, { status: 'pending' | 'approved' }]
  IS_CONNECTED: [Record<string, never>, { isConnected: boolean }]
  SET_PREFERRED_ACCOUNT: [{ type: AuthAccountType }, { type: AuthAccountType; address: string }]
  SWITCH_NETWORK: [{ chainId: number }, { chainId: number }]
  RPC_REQUEST: [
    { chainId: number; method: string; params: unknown[]; approval: boolean },
    { result: unknown },
  ]
  RPC_ABORT: [{ requestId: string }, Record<string, never>]
  SIGN_OUT: [Record<string, never>, Record<string, never>]
  RELOAD: [Record<string, never>, Record<string, never>]
}

/** A request type. */
export type RequestType = keyof Requests
/** The parameters of a request type. */
export type Params<T extends RequestType> = Requests[T][0]
/** The result of a request type. */
export type Result<T extends RequestType> = Requests[T][1]

/** A failure the frame reports: a login code (`INVALID_OTP`, …) or an EIP-1193 number. */
export type FrameError = { code: string | number; message: string; retryAfterSeconds?: number }

/** kit → frame. */
export type RequestMessage<T extends RequestType = RequestType> = {
  protocol: typeof PROTOCOL
  version: typeof PROTOCOL_VERSION
  kind: 'request'
  id: string
  type: T
  payload: Params<T>
}

/** frame → kit, and the social popup → kit. */
export type FrameMessage =
  | { protocol: typeof PROTOCOL; version: number; kind: 'ready' }
  | {
      protocol: typeof PROTOCOL
      version: number
      kind: 'response'
      id: string
      type: RequestType
      ok: true
      result: unknown
    }
  | {
      protocol: typeof PROTOCOL
      version: number
      kind: 'response'
      id: string
      type: RequestType
      ok: false
      error: FrameError
    }
  | { protocol: typeof PROTOCOL; version: number; kind: 'social-result'; resultUri: string }

// ── Shapes ────────────────────────────────────────────────────────────────────────────────────

type Check = (value: unknown) => boolean

const record = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length > 0 && v.length <= max
const oneOf =
  (...values: readonly unknown[]): Check =>
  (v) =>
    values.includes(v)
const chainId: Check = (v) => Number.isSafeInteger(v) && (v as number) > 0
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const address: Check = (v) => typeof v === 'string' && ADDRESS.test(v)
const accountType = oneOf('eoa', 'smartAccount')
/** An object with exactly these keys (optional ones marked by a `?` check that accepts undefined). */
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    record(v) &&
    Object.keys(v).every((k) => Object.hasOwn(fields, k)) &&
    Object.entries(fields).every(([k, check]) => check(v[k]))
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v)
const empty = shape({})

const METHODS: readonly LoginMethod[] = ['email', ...SOCIAL_PROVIDERS]

const user = shape({
  address,
  chainId,
  accounts: (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.length <= 4 &&
    v.every(shape({ address, type: accountType })),
  preferredAccountType: accountType,
  method: oneOf(...METHODS),
  email: optional(text(254)),
  username: optional(text(64)),
})

/** The shape of each request type's result; anything else is a forged or broken answer. */
export const RESULT_SHAPES: Record<RequestType, Check> = {
  CONNECT_EMAIL: shape({ action: oneOf('VERIFY_OTP', 'VERIFY_DEVICE') }),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: empty,
  GET_USER: (v) =>
    user(v) &&
    (v as AuthUser).accounts.some(
      (a) =>
        a.address === (v as AuthUser).address && a.type === (v as AuthUser).preferredAccountType,
    ),
  GET_SOCIAL_REDIRECT_URI: shape({ uri: text(2048) }),
  CONNECT_SOCIAL: empty,
  GET_FARCASTER_URI: shape({ url: text(2048) }),
  CONNECT_FARCASTER: shape({ status: oneOf('pending', 'approved') }),
  IS_CONNECTED: shape({ isConnected: (v) => typeof v === 'boolean' }),
  SET_PREFERRED_ACCOUNT: shape({ type: accountType, address }),
  SWITCH_NETWORK: shape({ chainId }),
  // Each method's result is checked by the provider, which knows what the method returns.
  RPC_REQUEST: (v) => record(v) && Object.keys(v).length === 1 && Object.hasOwn(v, 'result'),
  RPC_ABORT: empty,
  SIGN_OUT: empty,
  RELOAD: empty,
}

const frameError = shape({
  code: (v) => text(40)(v) || Number.isSafeInteger(v),
  message: (v) => typeof v === 'string' && v.length <= 300,
  retryAfterSeconds: optional((v) => Number.isSafeInteger(v) && (v as number) >= 0),
})

/** A request id: 32 hex characters from the browser's CSPRNG. */
export const REQUEST_ID = /^[0-9a-f]{32}$/

/**
 * Reads a message event's data as a protocol message of this version, or undefined. A response is
 * only checked as an envelope here; its result is checked against the request it answers.
 */
export function parseFrameMessage(data: unknown): FrameMessage | undefined {
  if (!record(data) || data.protocol !== PROTOCOL || data.version !== PROTOCOL_VERSION)
    return undefined
  switch (data.kind) {
    case 'ready':
      return Object.keys(data).length === 3 ? (data as FrameMessage) : undefined
    case 'social-result':
      return shape({ protocol: text(20), version: chainId, kind: text(20), resultUri: text(2048) })(
        data,
      )
        ? (data as FrameMessage)
        : undefined
    case 'response': {
      const base =
        typeof data.id === 'string' &&
        REQUEST_ID.test(data.id) &&
        Object.hasOwn(RESULT_SHAPES, data.type as string)
      if (!base) return undefined
      const keys = Object.keys(data).length === 7
      if (data.ok === true && keys && Object.hasOwn(data, 'result')) return data as FrameMessage
      if (data.ok === false && keys && frameError(data.error)) return data as FrameMessage
      return undefined
    }
    default:
      return undefined
  }
}

/** True when a message event's data claims to be of this protocol (any version). */
export function claimsProtocol(data: unknown): boolean {
  return record(data) && data.protocol === PROTOCOL
}
