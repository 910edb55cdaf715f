import { WalletKitError } from './base.js'

/** The type of {@link HistoryFetchError}. */
export type HistoryFetchErrorType = HistoryFetchError & { name: 'HistoryFetchError' }

/** The account's history could not be loaded (SPEC §8 'Failed to fetch transactions'). */
export class HistoryFetchError extends WalletKitError {
  constructor(cause?: unknown) {
    super('Failed to fetch transactions', { name: 'HistoryFetchError', cause })
  }
}
