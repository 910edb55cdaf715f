/**
 * The hostile-world figures at full counts run in `npm run bench:hostile`, which sets
 * `WK_FULL_COUNTS=1` and runs these files; `npm test` runs them on a sample that keeps its time.
 * Each file says what its full count and its sample are.
 */
export const FULL = process.env.WK_FULL_COUNTS === '1'

/** A test's time-out for `cases` cases of about `perCaseMs` each, on a loaded machine. */
export const timeoutFor = (cases: number, perCaseMs: number) =>
  Math.max(60_000, cases * perCaseMs * 2)
