import { HTTP_TIMEOUT_MS } from '../core/constants.js'
import {
  HttpRequestError,
  InvalidResponseError,
  NetworkRequestError,
  TimeoutError,
} from '../core/errors/http.js'

/**
 * One JSON-RPC call to a network's own endpoint (the balance fallback). Errors are WalletKit errors.
 */
export async function rpcRequest<T>(
  url: string,
  method: string,
  params: unknown[],
  timeoutMs = HTTP_TIMEOUT_MS,
): Promise<T> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  const safeUrl = new URL(url).origin
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: controller.signal,
      credentials: 'omit',
    })
    if (!response.ok) throw new HttpRequestError({ status: response.status, url: safeUrl })
    const body = (await response.json().catch(() => undefined)) as
      | { result?: T; error?: { message?: string } }
      | undefined
    if (!body || body.error || body.result === undefined)
      throw new InvalidResponseError({ url: safeUrl, reason: body?.error?.message ?? 'no result' })
    return body.result
  } catch (error) {
    if (error instanceof HttpRequestError || error instanceof InvalidResponseError) throw error
    if (controller.signal.aborted) throw new TimeoutError({ url: safeUrl, timeoutMs })
    throw new NetworkRequestError({ url: safeUrl, cause: error })
  } finally {
    clearTimeout(timer)
  }
}
