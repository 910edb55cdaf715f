import { errorClass, WalletKitError } from '../errors/base.js'

// Thrown without the `siwx` option, so outside SIWX's own modules; it lives with the option errors.
export { SiwxNotEnabledError, type SiwxNotEnabledErrorType } from '../errors/options.js'

/** The type of {@link SiwxNotConnectedError}. */
export type SiwxNotConnectedErrorType = SiwxNotConnectedError & { name: 'SiwxNotConnectedError' }
/** Sign-in needs a connected account on a network the site supports. */
export const SiwxNotConnectedError = errorClass(
  'SiwxNotConnectedError',
  'Connect a wallet to sign in.',
)
/** The type of {@link SiwxNotConnectedError}. */
export type SiwxNotConnectedError = InstanceType<typeof SiwxNotConnectedError>

// 'Signature declined' is shared with the transaction pipeline; it lives with the wallet errors.
export { SignatureDeclinedError, type SignatureDeclinedErrorType } from '../errors/rpc.js'

/** Why a sign-in message or a stored session was refused (SECURITY.md rows 16 and 17). */
export type SiwxRejectReason =
  | 'malformed'
  | 'message-mismatch'
  | 'statement-line-feed'
  | 'nonce-too-short'
  | 'nonce-invalid'
  | 'nonce-reused'
  | 'domain-mismatch'
  | 'uri-mismatch'
  | 'chain-mismatch'
  | 'address-mismatch'
  | 'not-yet-valid'
  | 'expired'
  | 'signature-mismatch'
  | 'rejected-by-verifier'

const DETAILS: Record<SiwxRejectReason, string> = {
  malformed: 'The session is not a complete sign-in record.',
  'message-mismatch': 'The message text does not match its fields.',
  'statement-line-feed': 'The statement contains a line feed.',
  'nonce-too-short': 'The nonce has fewer than 8 characters.',
  'nonce-invalid': 'The nonce is not alphanumeric.',
  'nonce-reused': 'The nonce was already used for a sign-in.',
  'domain-mismatch': 'The message is for another domain than this page.',
  'uri-mismatch': 'The message is for another URI than this page.',
  'chain-mismatch': 'The message is for another network than the connected one.',
  'address-mismatch': 'The message is for another account than the connected one.',
  'not-yet-valid': 'The message is not valid yet.',
  expired: 'The message has expired.',
  'signature-mismatch': 'The signature is not from the message’s account.',
  'rejected-by-verifier': 'The site’s verifier rejected the signature.',
}

/** The type of {@link SiwxVerificationError}. */
export type SiwxVerificationErrorType = SiwxVerificationError & { name: 'SiwxVerificationError' }
/** A sign-in message or stored session failed a check; `reason` says which. */
export class SiwxVerificationError extends WalletKitError {
  /** The check that failed. */
  readonly reason: SiwxRejectReason
  constructor(reason: SiwxRejectReason, parameters: { details?: string; cause?: unknown } = {}) {
    super('The sign-in could not be verified.', {
      name: 'SiwxVerificationError',
      details: parameters.details ?? DETAILS[reason],
      metaMessages: [`Reason: ${reason}`],
      cause: parameters.cause,
    })
    this.reason = reason
  }
}
