/**
 * The date formats of Activity and Smart Sessions, apart from their views so that the idle warm-up
 * (warm-views.ts) makes their `Intl` objects without evaluating the views at load.
 */

/** The date of a row (e.g. 'Nov 3'), in the visitor's locale. */
export const ROW_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }

/** When a session was granted and when it ends, in the visitor's locale. */
export const SESSION_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
