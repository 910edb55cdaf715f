/** JSON-RPC 2.0 framing for the relay stand-in: parsing that keeps big ids exact, and replies. */

/** A JSON-RPC id as it arrived: a string, a safe number, or the exact digits of an unsafe one. */
export type RpcId = string | number | null

/** Standard JSON-RPC error codes the relay answers with. */
export const RpcErrorCode = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const

/** An error a method handler throws to answer with a JSON-RPC error object. */
export class RpcError extends Error {
  override name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** A frame from a client, classified. */
export type InboundFrame =
  | { kind: 'request'; id: RpcId; method: string; params: unknown }
  | { kind: 'response'; id: RpcId; ok: boolean }
  | { kind: 'invalid'; id: RpcId; reason: string }
  | { kind: 'garbage' }

// Digits of an integer id that JSON.parse would round are kept as a string marked with a NUL
// (written as its JSON escape: a raw control character is not valid JSON) and written back raw.
const BIG_ID_MARK = '\\u0000'
const UNSAFE_ID = /("id"\s*:\s*)(-?\d{16,})(?=\s*[,}])/g
const MARKED_ID = /"\\u0000(-?\d+)"/g

/** Parses one text frame; never throws. */
export function parseFrame(text: string): InboundFrame {
  let value: unknown
  try {
    value = JSON.parse(
      text.replace(UNSAFE_ID, (all, key: string, digits: string) =>
        Number.isSafeInteger(Number(digits)) ? all : `${key}"${BIG_ID_MARK}${digits}"`,
      ),
    )
  } catch {
    return { kind: 'garbage' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'invalid', id: null, reason: 'Frame is not a JSON-RPC object' }
  }
  const frame = value as Record<string, unknown>
  const id = isId(frame.id) ? frame.id : null
  if (typeof frame.method === 'string') {
    return { kind: 'request', id, method: frame.method, params: frame.params }
  }
  if ('result' in frame || 'error' in frame) {
    return { kind: 'response', id, ok: 'result' in frame && !('error' in frame) }
  }
  return { kind: 'invalid', id, reason: 'Frame has neither method nor result' }
}

/** Serialises an outbound object, writing marked big ids back as bare digits. */
export function encodeFrame(value: object): string {
  return JSON.stringify(value).replace(MARKED_ID, '$1')
}

/** A JSON-RPC success reply. */
export function resultFrame(id: RpcId, result: unknown): string {
  return encodeFrame({ id, jsonrpc: '2.0', result })
}

/** A JSON-RPC error reply. */
export function errorFrame(id: RpcId, code: number, message: string): string {
  return encodeFrame({ id, jsonrpc: '2.0', error: { code, message } })
}

/** A relay-originated request. */
export function requestFrame(id: number, method: string, params: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params })
}

function isId(value: unknown): value is RpcId {
  return typeof value === 'string' || typeof value === 'number'
}
