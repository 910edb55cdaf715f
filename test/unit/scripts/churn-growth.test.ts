// @vitest-environment node
import { expect, test } from 'vitest'
import { type ChurnResult, failures, judgedGrowth } from '../../e2e/support/churn'
import { codeBytesOf } from '../../e2e/support/heap-code'

const MB = 1024 * 1024
const at = (heap: number, code?: number) => ({
  heap,
  nodes: 10,
  listeners: { 'window:resize': 1 },
  ...(code !== undefined && { code }),
})
const run = (before: ChurnResult['before'], after: ChurnResult['after']): ChurnResult => ({
  label: 'Connect (connected)',
  cycles: 1000,
  before,
  after,
})

test('behavior: the growth judged leaves out V8 code grown in the run, and only that', () => {
  const grown = 10 * MB + 1_300_000
  // 1.3 MB grown, 1.2 MB of it code: passes.
  expect(failures(run(at(10 * MB, 2 * MB), at(grown, 2 * MB + 1_200_000)))).toEqual([])
  // The same growth without the code measured: fails.
  expect(failures(run(at(10 * MB), at(grown)))).toEqual(['heap +1300000 B ≥ 1 MB'])
  // Code that shrank does not let data grow past the limit.
  const shrank = run(at(10 * MB, 3 * MB), at(11 * MB, 2 * MB))
  expect(judgedGrowth(shrank)).toBe(MB)
  expect(failures(shrank)).toEqual([`heap +${MB} B without V8 code ≥ 1 MB`])
})

test('behavior: code bytes are the self sizes of the snapshot’s nodes of type code', () => {
  const snapshot = {
    snapshot: {
      meta: {
        node_fields: ['type', 'name', 'id', 'self_size', 'edge_count'],
        node_types: [['hidden', 'array', 'string', 'object', 'code', 'closure']],
      },
    },
    nodes: [4, 0, 1, 100, 0, 3, 0, 2, 999, 0, 4, 0, 3, 28, 2, 5, 0, 4, 64, 0],
  }
  expect(codeBytesOf(snapshot)).toBe(128)
})
