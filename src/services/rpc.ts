import { HTTP_MAX_JSON_BYTES, HTTP_TIMEOUT_MS } from '../core/constants.js'
import { HttpRequestError, InvalidResponseError } from '../core/errors/http.js'
import { cleanLabel } from '../core/utils/text.js'
import { readBodyText } from './body.js'
import { requestFailure } from './failure.js'

/** Longest text of a node's error message kept for the developer. */
const RPC_ERROR_TEXT_MAX = 200

/** What one call may add. */
export type RpcRequestOptions<T> = {
  /** Checks the result and returns it typed; a throw makes the call fail (InvalidResponseError). */
  parse?: ((result: unknown) => T) | undefined
  /** Time-out in ms. Default HTTP_TIMEOUT_MS. */
  timeoutMs?: number | undefined
}

export { rpcResult } from '../core/utils/rpc-result.js'

/**
 * One JSON-RPC call to a network's own endpoint (balances, EIP-1271 checks, a Solana send). The
 * body is read within HTTP_MAX_JSON_BYTES, the answer must be JSON-RPC 2.0 for this call, the result
 * is checked by `parse`, and a node's error text is cleaned and cut before it reaches a message.
 *
 * @throws HttpRequestError, TimeoutError, NetworkRequestError, InvalidResponseError (wrong shape,
 *   a node error, a result `parse` refused) or ResponseTooLargeError.
 */
export async function rpcRequest<T = unknown>(
  url: string,
  method: string,
  params: unknown[],
  options: RpcRequestOptions<T> = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  const safeUrl = new URL(url).origin
  const id = 1
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      signal: controller.signal,
      credentials: 'omit',
    })
    if (!response.ok) throw new HttpRequestError({ status: response.status, url: safeUrl })
    const text = await readBodyText(response, HTTP_MAX_JSON_BYTES, safeUrl)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new InvalidResponseError({ url: safeUrl, reason: 'not JSON' })
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new InvalidResponseError({ url: safeUrl, reason: 'not a JSON-RPC answer' })
    const answer = body as Record<string, unknown>
    if (Object.hasOwn(answer, 'error')) {
      const error = answer.error as { message?: unknown } | null
      const message = cleanLabel(error?.message, RPC_ERROR_TEXT_MAX) || 'the node sent an error'
      throw new InvalidResponseError({ url: safeUrl, reason: message })
    }
    const otherCall = Object.hasOwn(answer, 'id') && String(answer.id) !== String(id)
    if (!Object.hasOwn(answer, 'result') || answer.result === undefined || otherCall)
      throw new InvalidResponseError({ url: safeUrl, reason: 'no result' })
    if (!options.parse) return answer.result as T
    try {
      return options.parse(answer.result)
    } catch (error) {
      throw new InvalidResponseError({
        url: safeUrl,
        reason: error instanceof Error ? error.message : 'wrong shape',
      })
    }
  } catch (error) {
    throw requestFailure(error, controller.signal.aborted, safeUrl, timeoutMs)
  } finally {
    clearTimeout(timer)
  }
}
