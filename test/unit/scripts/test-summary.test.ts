// @vitest-environment node
import { expect, test } from 'vitest'
import { failedTests } from '../../../scripts/test-summary.mjs'

const ROOT = '/ci/project'

test('behavior: each failed test is named with its file and its error’s first line', () => {
  const lines = failedTests(
    {
      testResults: [
        {
          name: `${ROOT}/test/unit/a.test.ts`,
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'kept' },
            {
              status: 'failed',
              fullName: 'suite › breaks',
              failureMessages: ['AssertionError: expected 1 to be 2\n    at a.test.ts:3'],
            },
          ],
        },
        { name: `${ROOT}/test/unit/b.test.ts`, status: 'passed', assertionResults: [] },
      ],
    },
    ROOT,
  )
  expect(lines).toEqual([
    '  ✗ test/unit/a.test.ts › suite › breaks\n      AssertionError: expected 1 to be 2',
  ])
})

test('behavior: a file that failed outside its tests is named with its own error', () => {
  const lines = failedTests(
    {
      testResults: [
        {
          name: `${ROOT}/test/stack/c.test.ts`,
          status: 'failed',
          message: 'Hook timed out in 10000ms.\nmore',
          assertionResults: [{ status: 'skipped', fullName: 'never ran' }],
        },
      ],
    },
    ROOT,
  )
  expect(lines).toEqual(['  ✗ test/stack/c.test.ts\n      Hook timed out in 10000ms.'])
})

test('behavior: a run without failures adds no line; an overlong error is cut at 300 characters', () => {
  expect(failedTests({ testResults: [] }, ROOT)).toEqual([])
  const [line = ''] = failedTests(
    {
      testResults: [
        {
          name: '/elsewhere/d.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'failed', fullName: 'long', failureMessages: ['x'.repeat(1000)] },
          ],
        },
      ],
    },
    ROOT,
  )
  expect(line).toBe(`  ✗ /elsewhere/d.test.ts › long\n      ${'x'.repeat(300)}`)
})
