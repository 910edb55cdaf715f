// The lines `npm test` (scripts/test.mjs) prints under a vitest step in its closing summary.

/**
 * The failed tests of a vitest JSON report, a line each with the start of their error, so the
 * summary at the end of a long run (often all a CI log keeps) says what failed. `root` is cut from
 * the files' paths.
 */
export function failedTests(report, root) {
  const lines = []
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed) {
      lines.push(`  ✗ ${name} › ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`)
    }
    // A file that failed outside any test (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && failed.length === 0) {
      lines.push(`  ✗ ${name}\n      ${firstLine(file.message)}`)
    }
  }
  return lines
}

/** The first line of an error text, at most 300 characters. */
const firstLine = (text) => (text ?? '').split('\n')[0].slice(0, 300)
