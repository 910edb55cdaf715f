import { InvalidResponseError } from '../errors/http.js'

const fail = (what: string): never => {
  throw new Error(`the result is not ${what}`)
}

/** Checks for the result shapes the kit reads from nodes (SECURITY.md row 20). */
export const rpcResult = {
  /** A Solana transaction signature: base58 of 64 bytes (86 to 88 characters). */
  solanaSignature: (value: unknown): string =>
    typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{86,88}$/.test(value)
      ? value
      : fail('a transaction signature'),
}

/**
 * A node's result checked by `parse`, for callers that reach the node through a port.
 *
 * @throws InvalidResponseError naming the endpoint's origin when `parse` refuses it.
 */
export function checkRpcResult<T>(value: unknown, parse: (value: unknown) => T, url: string): T {
  try {
    return parse(value)
  } catch (error) {
    throw new InvalidResponseError({
      url: new URL(url).origin,
      reason: error instanceof Error ? error.message : 'wrong shape',
    })
  }
}
