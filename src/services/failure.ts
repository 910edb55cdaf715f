import {
  HttpRequestError,
  InvalidResponseError,
  NetworkRequestError,
  TimeoutError,
} from '../core/errors/http.js'

/**
 * What a failed request is thrown as, for every client (services, RPC, images): the kit's own
 * HTTP errors as they are, a TimeoutError when the time-out aborted it, else a NetworkRequestError
 * carrying the browser's failure. The url is already redacted.
 */
export function requestFailure(
  error: unknown,
  timedOut: boolean,
  url: string,
  timeoutMs: number,
): Error {
  if (error instanceof HttpRequestError || error instanceof InvalidResponseError) return error
  if (timedOut) return new TimeoutError({ url, timeoutMs })
  return new NetworkRequestError({ url, cause: error })
}
