/** Types of test-summary.mjs, for the tests that import it. */

/** The part of a vitest JSON report the summary reads. */
export type VitestReport = {
  testResults?: {
    name: string
    status?: string
    message?: string
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[]
  }[]
}
/** A line per failed test (or per file failed outside its tests), with its error's first line. */
export declare function failedTests(report: VitestReport, root: string): string[]
