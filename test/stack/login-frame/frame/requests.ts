import {
  PROTOCOL,
  PROTOCOL_VERSION,
  REQUEST_ID,
  type RequestMessage,
  type RequestType,
} from '../../../../src/connectors/auth/protocol.js'

type Payload = Record<string, unknown>

const text = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max
const positive = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0
const accountType = (v: unknown) => v === 'eoa' || v === 'smartAccount'
const none = (p: Payload) => Object.keys(p).length === 0

/** The frame's side of the schema: the parameters each request type may carry. */
const PARAMS: Record<RequestType, (p: Payload) => boolean> = {
  CONNECT_EMAIL: (p) => text(p.email, 254),
  CONNECT_DEVICE: none,
  CONNECT_OTP: (p) => typeof p.otp === 'string' && /^\d{6}$/.test(p.otp),
  GET_USER: (p) => positive(p.chainId) && accountType(p.preferredAccountType),
  GET_SOCIAL_REDIRECT_URI: (p) =>
    ['google', 'x', 'discord', 'github', 'apple', 'facebook'].includes(p.provider as string),
  CONNECT_SOCIAL: (p) => text(p.uri, 2048),
  GET_FARCASTER_URI: none,
  CONNECT_FARCASTER: none,
  IS_CONNECTED: none,
  SET_PREFERRED_ACCOUNT: (p) => accountType(p.type),
  SWITCH_NETWORK: (p) => positive(p.chainId),
  RPC_REQUEST: (p) =>
    positive(p.chainId) &&
    text(p.method, 64) &&
    Array.isArray(p.params) &&
    typeof p.approval === 'boolean',
  RPC_ABORT: (p) => typeof p.requestId === 'string' && REQUEST_ID.test(p.requestId),
  SIGN_OUT: none,
  RELOAD: none,
}

/** The data of a message event as a request of this protocol version, or undefined. */
export function parseRequest(data: unknown): RequestMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const m = data as Record<string, unknown>
  if (m.protocol !== PROTOCOL || m.version !== PROTOCOL_VERSION || m.kind !== 'request')
    return undefined
  if (typeof m.id !== 'string' || !REQUEST_ID.test(m.id)) return undefined
  const check = Object.hasOwn(PARAMS, m.type as string) ? PARAMS[m.type as RequestType] : undefined
  const payload = m.payload
  if (!check || typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return undefined
  return check(payload as Payload) ? (m as RequestMessage) : undefined
}
