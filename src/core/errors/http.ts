import { errorClass, WalletKitError } from './base.js'
import type { ErrorName } from './error-name.js'

/** The type of {@link HttpRequestError}. */
export type HttpRequestErrorType = HttpRequestError & { name: 'HttpRequestError' }

/**
 * A service answered with a non-2xx status. Visitor text: `HTTP status code: {n}`. The url never
 * carries credentials (projectId and clientId are removed).
 */
export class HttpRequestError extends WalletKitError {
  /** The HTTP status. */
  readonly status: number
  /** The request url, without credentials. */
  readonly url: string
  /** The response body, when it could be read (at most 1 000 characters). */
  readonly body: string | undefined
  constructor({ status, url, body }: { status: number; url: string; body?: string | undefined }) {
    super(`HTTP status code: ${status}`, {
      name: 'HttpRequestError',
      metaMessages: [`URL: ${url}`, ...(body ? [`Body: ${body}`] : [])],
    })
    this.status = status
    this.url = url
    this.body = body
  }
}

/** The type of {@link TimeoutError}. */
export type TimeoutErrorType = TimeoutError & { name: 'TimeoutError' }

/** A request took longer than its time-out. */
export class TimeoutError extends WalletKitError {
  constructor({ url, timeoutMs }: { url: string; timeoutMs: number }) {
    super('The request took too long.', {
      name: 'TimeoutError',
      metaMessages: [`URL: ${url}`, `Time-out: ${timeoutMs} ms`],
    })
  }
}

/** The type of {@link NetworkRequestError}. */
export type NetworkRequestErrorType = NetworkRequestError & { name: 'NetworkRequestError' }

/** The request never got an answer (offline, refused, reset). */
export class NetworkRequestError extends WalletKitError {
  constructor({ url, cause }: { url: string; cause: unknown }) {
    super('The service could not be reached.', {
      name: 'NetworkRequestError',
      metaMessages: [`URL: ${url}`],
      cause,
    })
  }
}

/** The type of {@link InvalidResponseError}. */
export type InvalidResponseErrorType = InvalidResponseError & { name: 'InvalidResponseError' }

/** A response had the wrong shape (HTML, truncated JSON, missing fields). */
export class InvalidResponseError extends WalletKitError {
  constructor({ url, reason }: { url: string; reason: string }) {
    super('The service sent an answer that could not be read.', {
      name: 'InvalidResponseError',
      metaMessages: [`URL: ${url}`],
      details: reason,
    })
  }
}

/** The type of {@link ResponseTooLargeError}. */
export type ResponseTooLargeErrorType = ResponseTooLargeError & { name: 'ResponseTooLargeError' }

/** A response body was larger than the kit reads; it was dropped before any parsing. */
export class ResponseTooLargeError extends InvalidResponseError {
  override name: ErrorName = 'ResponseTooLargeError'
  /** The most bytes that were allowed. */
  readonly maxBytes: number
  constructor({ url, maxBytes }: { url: string; maxBytes: number }) {
    super({ url, reason: `The body is larger than ${maxBytes} bytes.` })
    this.maxBytes = maxBytes
  }
}

/** The type of {@link TokenBalanceUnavailableError}. */
export type TokenBalanceUnavailableErrorType = TokenBalanceUnavailableError & {
  name: 'TokenBalanceUnavailableError'
}

/** The blockchain API gave no balances for the account (SPEC §8 'Token Balance Unavailable'). */
export const TokenBalanceUnavailableError = errorClass(
  'TokenBalanceUnavailableError',
  'Token Balance Unavailable',
)
/** The type of {@link TokenBalanceUnavailableError}. */
export type TokenBalanceUnavailableError = InstanceType<typeof TokenBalanceUnavailableError>
