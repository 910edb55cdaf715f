// `npm test`: Chromium present, lint, typecheck, unit tests (the contract artifacts check among
// them), build, two clean builds compared byte for byte, build scan, size budget
// and browser tests, in that order. Each step is one suite; vitest suites count their tests.
// Ends with one line "N passed, N failed" over everything.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { failedTests } from './test-summary.mjs'

const root = process.cwd()
const reports = join(root, 'test-results')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })
const bin = (name) => join(root, 'node_modules', '.bin', name)

/** Steps: a command, and for vitest suites the JSON report that holds their test counts. */
const steps = [
  // The stack's own suites drive Chromium too, so the browser is checked first.
  { name: 'chromium', cmd: [process.execPath, 'scripts/ensure-chromium.mjs'] },
  { name: 'lint', cmd: [process.execPath, 'scripts/biome.mjs', 'check', '.'] },
  { name: 'typecheck', cmd: [bin('tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  {
    name: 'unit',
    cmd: [
      bin('vitest'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'unit.json')}`,
    ],
    report: 'unit.json',
  },
  { name: 'build', cmd: ['npm', 'run', 'build', '--silent'] },
  // Release integrity: two more clean builds, byte-identical (it leaves the last in cdn-dist).
  { name: 'reproducible build', cmd: [process.execPath, 'scripts/reproducible-build.mjs'] },
  { name: 'bundle scan', cmd: [process.execPath, 'scripts/scan-bundle.mjs'] },
  { name: 'size budget', cmd: [process.execPath, 'scripts/size.mjs', '--check'] },
  {
    name: 'e2e',
    cmd: [
      bin('vitest'),
      'run',
      '--config',
      'vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'e2e.json')}`,
    ],
    report: 'e2e.json',
  },
]

let passed = 0
let failed = 0
const summary = []
for (const step of steps) {
  const started = Date.now()
  console.log(`\n▶ ${step.name}`)
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), {
    stdio: 'inherit',
    cwd: root,
    env: process.env,
  })
  const ok = result.status === 0
  let counted = false
  if (step.report && existsSync(join(reports, step.report))) {
    const report = JSON.parse(readFileSync(join(reports, step.report), 'utf8'))
    passed += report.numPassedTests ?? 0
    failed += (report.numFailedTests ?? 0) + (ok || report.numFailedTests ? 0 : 1)
    counted = true
    summary.push(`${step.name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`)
    summary.push(...failedTests(report, root))
  }
  if (!counted) {
    if (ok) passed += 1
    else failed += 1
    summary.push(`${step.name}: ${ok ? 'ok' : `FAILED (exit ${result.status})`}`)
  }
  console.log(
    `■ ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  // Without a build there is nothing for the browser tests to drive.
  if (!ok && ['build', 'reproducible build', 'chromium'].includes(step.name)) {
    failed += 1
    summary.push('e2e: skipped (the step above failed)')
    break
  }
}
console.log(`\n${summary.join('\n')}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
