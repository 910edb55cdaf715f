import { errorClass, WalletKitError } from './base.js'

/** The type of {@link SmartSessionsFetchError}. */
export type SmartSessionsFetchErrorType = SmartSessionsFetchError & {
  name: 'SmartSessionsFetchError'
}

/** The account's smart sessions could not be loaded. */
export const SmartSessionsFetchError = errorClass(
  'SmartSessionsFetchError',
  'Error fetching smart sessions',
)
/** The type of {@link SmartSessionsFetchError}. */
export type SmartSessionsFetchError = InstanceType<typeof SmartSessionsFetchError>

/** The type of {@link SmartSessionRevokeError}. */
export type SmartSessionRevokeErrorType = SmartSessionRevokeError & {
  name: 'SmartSessionRevokeError'
}

/** Why a revocation failed: the service refused the signature (401), or anything else. */
export type SmartSessionRevokeReason = 'signature-refused' | 'failed'

/** A smart session could not be revoked. */
export class SmartSessionRevokeError extends WalletKitError {
  /** Why. */
  readonly reason: SmartSessionRevokeReason
  constructor({ reason, cause }: { reason: SmartSessionRevokeReason; cause?: unknown }) {
    super(
      reason === 'signature-refused'
        ? 'The revocation signature was refused'
        : 'Error revoking smart session',
      { name: 'SmartSessionRevokeError', cause },
    )
    this.reason = reason
  }
}
