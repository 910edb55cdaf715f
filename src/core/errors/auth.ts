import { errorClass, WalletKitError } from './base.js'

/** The type of {@link AuthInitError}. */
export type AuthInitErrorType = AuthInitError & { name: 'AuthInitError' }
/**
 * The login frame did not answer in time (LOGIN_FRAME_TIMEOUT_MS): it never loaded, the site's CSP
 * blocked it, or it went silent (SPEC §8, SECURITY.md row 15). The other connectors keep working.
 */
export class AuthInitError extends WalletKitError {
  constructor(parameters: { details?: string; cause?: unknown } = {}) {
    super('A problem occurred while trying initialize authentication', {
      name: 'AuthInitError',
      details: parameters.details,
      cause: parameters.cause,
      docsPath: '/login-frame-protocol',
    })
  }
}

/** The type of {@link EmailRetryAfterError}. */
export type EmailRetryAfterErrorType = EmailRetryAfterError & { name: 'EmailRetryAfterError' }
/** A code was asked again within EMAIL_RESEND_WAIT_MS of the last one (SPEC §8). */
export class EmailRetryAfterError extends WalletKitError {
  /** Seconds until a new code may be asked. */
  readonly seconds: number
  constructor(seconds: number) {
    super(`Please try again after ${seconds} seconds`, { name: 'EmailRetryAfterError' })
    this.seconds = seconds
  }
}

/** The type of {@link InvalidOtpError}. */
export type InvalidOtpErrorType = InvalidOtpError & { name: 'InvalidOtpError' }
/** The one-time code is not the one sent. */
export const InvalidOtpError = errorClass(
  'InvalidOtpError',
  'This code is not correct. Check the email and try again.',
)
/** The type of {@link InvalidOtpError}. */
export type InvalidOtpError = InstanceType<typeof InvalidOtpError>

/** The type of {@link ExpiredOtpError}. */
export type ExpiredOtpErrorType = ExpiredOtpError & { name: 'ExpiredOtpError' }
/** The one-time code was right but is no longer valid. */
export const ExpiredOtpError = errorClass(
  'ExpiredOtpError',
  'This code has expired. Ask for a new one.',
)
/** The type of {@link ExpiredOtpError}. */
export type ExpiredOtpError = InstanceType<typeof ExpiredOtpError>

/** The type of {@link LoginFailedError}. */
export type LoginFailedErrorType = LoginFailedError & { name: 'LoginFailedError' }
/** The login frame refused a step for another reason; `code` is the frame's. */
export class LoginFailedError extends WalletKitError {
  /** The frame's error code. */
  readonly code: string
  constructor(code: string, message?: string) {
    super('The sign-in could not be completed. Try again.', {
      name: 'LoginFailedError',
      details: message ? `${code}: ${message}` : code,
    })
    this.code = code
  }
}

/** The type of {@link SocialPopupError}. */
export type SocialPopupErrorType = SocialPopupError & { name: 'SocialPopupError' }
/** The browser did not open the social login window. */
export const SocialPopupError = errorClass('SocialPopupError', 'Could not create social popup')
/** The type of {@link SocialPopupError}. */
export type SocialPopupError = InstanceType<typeof SocialPopupError>

/** The type of {@link SocialPopupClosedError}. */
export type SocialPopupClosedErrorType = SocialPopupClosedError & {
  name: 'SocialPopupClosedError'
}
/** The visitor closed the social login window: nothing failed, Connect shows again. */
export const SocialPopupClosedError = errorClass(
  'SocialPopupClosedError',
  'The sign-in window was closed.',
)
/** The type of {@link SocialPopupClosedError}. */
export type SocialPopupClosedError = InstanceType<typeof SocialPopupClosedError>

/** The type of {@link SmartAccountSignInError}. */
export type SmartAccountSignInErrorType = SmartAccountSignInError & {
  name: 'SmartAccountSignInError'
}
/** A sign-in failed while the account is a smart account (SPEC §8). */
export class SmartAccountSignInError extends WalletKitError {
  constructor(cause: unknown) {
    super('This application might not support Smart Accounts', {
      name: 'SmartAccountSignInError',
      cause,
    })
  }
}
