import { WalletKitError } from './base.js'
import type { ErrorName } from './error-name.js'
import {
  SignatureDeclinedError,
  toProviderError,
  UserRejectedRequestError,
  WalletRequestError,
  walletErrorCode,
} from './rpc.js'

/** The type of {@link TransactionError}. */
export type TransactionErrorType = TransactionError & { name: 'TransactionError' }

/**
 * A transaction failed and the wallet said nothing a visitor could read: SPEC §8's
 * 'Transaction error'. The failure is its `cause`.
 */
export class TransactionError extends WalletKitError {
  constructor(parameters: { cause?: unknown; details?: string; name?: ErrorName } = {}) {
    super('Transaction error', { name: 'TransactionError', ...parameters })
  }
}

/** The type of {@link TransactionRevertedError}. */
export type TransactionRevertedErrorType = TransactionRevertedError & {
  name: 'TransactionRevertedError'
}

/** The chain executed the transaction and it failed (reverted); its fee was still paid. */
export class TransactionRevertedError extends TransactionError {
  /** The chain's transaction hash. */
  readonly hash: string
  constructor({ hash }: { hash: string }) {
    super({ name: 'TransactionRevertedError', details: `Transaction ${hash} failed on chain.` })
    this.hash = hash
  }
}

/** The type of {@link InvalidTransactionHashError}. */
export type InvalidTransactionHashErrorType = InvalidTransactionHashError & {
  name: 'InvalidTransactionHashError'
}

/** The wallet answered a send with something that is not a transaction hash of the namespace. */
export class InvalidTransactionHashError extends TransactionError {
  constructor({ value }: { value: unknown }) {
    super({
      name: 'InvalidTransactionHashError',
      details: `The wallet returned ${JSON.stringify(value)?.slice(0, 120)} as the hash.`,
    })
  }
}

/** The type of {@link TransactionReceiptTimeoutError}. */
export type TransactionReceiptTimeoutErrorType = TransactionReceiptTimeoutError & {
  name: 'TransactionReceiptTimeoutError'
}

/** No receipt came within the wait: the transaction may still be mined later. */
export class TransactionReceiptTimeoutError extends WalletKitError {
  constructor({ hash, timeoutMs, cause }: { hash: string; timeoutMs: number; cause?: unknown }) {
    super('The transaction is taking longer than expected.', {
      name: 'TransactionReceiptTimeoutError',
      details: `No receipt for ${hash} after ${Math.round(timeoutMs / 1000)} s.`,
      cause,
    })
  }
}

/** The type of {@link FeeEstimateError}. */
export type FeeEstimateErrorType = FeeEstimateError & { name: 'FeeEstimateError' }

/**
 * The network fee could not be estimated: the network refused the transaction in advance (it would
 * fail) or could not be reached. Nothing was sent.
 */
export class FeeEstimateError extends WalletKitError {
  constructor({ cause }: { cause: unknown }) {
    super('The network fee could not be estimated.', { name: 'FeeEstimateError', cause })
  }
}

/** The type of {@link UnsupportedTransferError}. */
export type UnsupportedTransferErrorType = UnsupportedTransferError & {
  name: 'UnsupportedTransferError'
}

/** The kit cannot send this: a token kind, a network without an RPC url, or a wallet without the feature. */
export class UnsupportedTransferError extends WalletKitError {
  constructor({ reason }: { reason: string }) {
    super('This transfer is not supported.', { name: 'UnsupportedTransferError', details: reason })
  }
}

/** The type of {@link WalletNetworkMismatchError}. */
export type WalletNetworkMismatchErrorType = WalletNetworkMismatchError & {
  name: 'WalletNetworkMismatchError'
}

/** The wallet is on another network than the one the transaction was prepared for. */
export class WalletNetworkMismatchError extends WalletKitError {
  constructor({ expected, actual }: { expected: string; actual: string }) {
    super('Your wallet is on another network. Switch networks and try again.', {
      name: 'WalletNetworkMismatchError',
      details: `The transaction is for ${expected}; the wallet is on ${actual}.`,
    })
  }
}

/**
 * What a visitor is told when sending failed (SPEC §8): 'Signature declined' when they declined
 * (4001); the wallet's own short message when it gave one; the kit's text for a known wallet code
 * (−32002, 4100, …) or a transaction failure; 'Transaction error' for anything else.
 */
export function toTransactionFailure(error: unknown): WalletKitError {
  if (error instanceof SignatureDeclinedError) return error
  if (error instanceof UserRejectedRequestError) return new SignatureDeclinedError(error)
  if (error instanceof WalletRequestError)
    return error.hasWalletMessage ? error : new TransactionError({ cause: error })
  if (error instanceof WalletKitError) return error
  if (walletErrorCode(error) !== undefined) return toTransactionFailure(toProviderError(error))
  return new TransactionError({ cause: error })
}
