// @vitest-environment node
import { expect, test } from 'vitest'
import type { PeerRow } from '../../../scripts/bench/peers'
import { renderStartupVerdicts, startupVerdicts } from '../../../scripts/bench/startup-targets'

const s = (median: number) => ({ median, min: median, max: median, n: 5 })

function row(id: string, f: Partial<Record<keyof PeerRow, number>>): PeerRow {
  const out: PeerRow = { id, label: id, samplesOk: 5 }
  for (const [k, v] of Object.entries(f)) Object.assign(out, { [k]: s(v as number) })
  return out
}

const empty = row('baseline', {
  readyMs: 70,
  longTaskLoadMs: 0,
  scriptDurationMs: 5,
  openMs: 3.5,
  heapUsedAfterOpenBytes: 1.3 * 1048576,
})

test('behavior: at 1× ready and open are judged against the empty page of the same run, script and heap alone', () => {
  const ours = row('ours', {
    readyMs: 110,
    longTaskLoadMs: 0,
    scriptDurationMs: 60,
    openMs: 8.5,
    heapUsedAfterOpenBytes: 3.5 * 1048576,
  })
  const verdicts = startupVerdicts([empty, ours], 1)
  expect(verdicts?.map((v) => [v.figure, v.judged, v.pass])).toEqual([
    ['ready (init() returned) ms', '+40', true],
    ['script ms (CDP ScriptDuration)', '60', true],
    ['long tasks during load ms', '0', true],
    ['open → visible ms', '+5.0', true],
    ['JS heap after open MB', '3.5', true],
  ])
  const slower = row('ours', {
    readyMs: 111,
    longTaskLoadMs: 51,
    scriptDurationMs: 61,
    openMs: 8.6,
    heapUsedAfterOpenBytes: 3.6 * 1048576,
  })
  expect(startupVerdicts([empty, slower], 1)?.every((v) => !v.pass)).toBe(true)
})

test('behavior: at 4× long tasks may not exceed the empty page’s, ready within 160 ms, open within 20 ms', () => {
  const empty4 = row('baseline', { readyMs: 142, longTaskLoadMs: 61, openMs: 11.6 })
  const ours = row('ours', { readyMs: 302, longTaskLoadMs: 61, openMs: 31.6 })
  expect(startupVerdicts([empty4, ours], 4)?.map((v) => [v.judged, v.pass])).toEqual([
    ['+160', true],
    ['+0', true],
    ['+20.0', true],
  ])
  const over = row('ours', { readyMs: 303, longTaskLoadMs: 62, openMs: 31.7 })
  expect(startupVerdicts([empty4, over], 4)?.map((v) => v.pass)).toEqual([false, false, false])
})

test('behavior: a figure ours did not measure fails; a run without our row or the empty page is not judged', () => {
  const ours = row('ours', { readyMs: 100 })
  const verdicts = startupVerdicts([empty, ours], 1)
  expect(verdicts?.find((v) => v.figure.startsWith('open'))).toMatchObject({
    judged: '–',
    pass: false,
  })
  expect(startupVerdicts([ours], 1)).toBeNull()
  expect(startupVerdicts([empty, { ...ours, samplesOk: 0 }], 1)).toBeNull()
  expect(renderStartupVerdicts([empty], 1)).toMatch(/not judged/)
  expect(renderStartupVerdicts([empty, ours], 1)).toMatch(
    /\| ready \(init\(\) returned\) ms \| 100 \| 70 \| \+30 \|/,
  )
})
