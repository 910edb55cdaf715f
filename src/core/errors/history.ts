import { errorClass } from './base.js'

/** The type of {@link HistoryFetchError}. */
export type HistoryFetchErrorType = HistoryFetchError & { name: 'HistoryFetchError' }

/** The account's history could not be loaded (SPEC §8 'Failed to fetch transactions'). */
export const HistoryFetchError = errorClass('HistoryFetchError', 'Failed to fetch transactions')
/** The type of {@link HistoryFetchError}. */
export type HistoryFetchError = InstanceType<typeof HistoryFetchError>
