import { WalletKitError } from './base.js'

/** The type of {@link LocalePackError}. */
export type LocalePackErrorType = LocalePackError & { name: 'LocalePackError' }

/**
 * A locale's texts could not be loaded: the request failed, the pack's sha384 did not match the
 * one built into walletkit.js (a changed file on the CDN), or it did not decode. The modal stays
 * in the language it had.
 */
export class LocalePackError extends WalletKitError {
  /** The locale asked for. */
  readonly locale: string
  constructor({ locale, cause }: { locale: string; cause?: unknown }) {
    super('The language could not be loaded.', {
      name: 'LocalePackError',
      cause,
      metaMessages: [`Locale: ${locale}`],
      docsPath: 'docs/i18n.md',
    })
    this.locale = locale
  }
}
