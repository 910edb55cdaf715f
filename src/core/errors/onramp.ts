import { errorClass, WalletKitError } from './base.js'

/** The type of {@link OnRampAmountError}. */
export type OnRampAmountErrorType = OnRampAmountError & { name: 'OnRampAmountError' }

/** The amount is empty, not a number, or outside the payment method's limits (SPEC §9). */
export class OnRampAmountError extends WalletKitError {
  /** Smallest amount the payment method takes, in `currency`. */
  readonly min: number
  /** Largest amount the payment method takes, in `currency`. */
  readonly max: number
  /** The fiat currency id, e.g. 'USD'. */
  readonly currency: string
  constructor({
    amount,
    min,
    max,
    currency,
  }: { amount: string; min: number; max: number; currency: string }) {
    super(`Enter an amount between ${min} and ${max} ${currency}.`, {
      name: 'OnRampAmountError',
      details: `Amount: ${amount || '(empty)'}`,
    })
    this.min = min
    this.max = max
    this.currency = currency
  }
}

/** The type of {@link UnsafeCheckoutUrlError}. */
export type UnsafeCheckoutUrlErrorType = UnsafeCheckoutUrlError & { name: 'UnsafeCheckoutUrlError' }

/**
 * The checkout link from the service is not an https URL (plain http is taken on loopback only),
 * or carries credentials: it is not opened (SECURITY.md row 13).
 */
export class UnsafeCheckoutUrlError extends WalletKitError {
  constructor({ url }: { url: unknown }) {
    super('The checkout link from the on-ramp service is not secure, so it was not opened.', {
      name: 'UnsafeCheckoutUrlError',
      details: `Link: ${String(url).slice(0, 200)}`,
    })
  }
}

/** The type of {@link PopupBlockedError}. */
export type PopupBlockedErrorType = PopupBlockedError & { name: 'PopupBlockedError' }

/** The browser did not open the checkout window. */
export const PopupBlockedError = errorClass(
  'PopupBlockedError',
  'The checkout window was blocked. Allow pop-ups for this site and try again.',
)
/** The type of {@link PopupBlockedError}. */
export type PopupBlockedError = InstanceType<typeof PopupBlockedError>

/** The type of {@link CheckoutOriginError}. */
export type CheckoutOriginErrorType = CheckoutOriginError & { name: 'CheckoutOriginError' }

/**
 * The checkout link is not on a known on-ramp provider's origin (the built-in ones and the site's
 * `onrampCheckoutOrigins`): it is not opened.
 */
export class CheckoutOriginError extends WalletKitError {
  constructor({ origin }: { origin: string }) {
    super(
      'The checkout link leads to a site that is not a known on-ramp provider, so it was not opened.',
      { name: 'CheckoutOriginError', details: `Origin: ${origin.slice(0, 200)}` },
    )
  }
}

/** The type of {@link CheckoutAddressError}. */
export type CheckoutAddressErrorType = CheckoutAddressError & { name: 'CheckoutAddressError' }

/**
 * The checkout link names a destination address that is not the buyer's (or one it cannot read):
 * the purchase would go to someone else, so it is not opened.
 */
export class CheckoutAddressError extends WalletKitError {
  constructor({ found }: { found: string }) {
    super(
      'The checkout would send your purchase to another address than yours, so it was not opened.',
      { name: 'CheckoutAddressError', details: `Destination: ${found.slice(0, 200)}` },
    )
  }
}
