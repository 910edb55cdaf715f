// The startup targets (docs/benchmarks.md, "Startup targets"), judged on one run of the peer
// benchmark: ours against the empty page and its bare <dialog> measured in the same run, so both
// carry the same machine load and the same CPU throttling.
import type { PeerRow } from './peers'
import { fixed, mib } from './stats'

/** The peer benchmark's id for the empty page with a bare `<dialog>`, and for our row. */
const EMPTY_PAGE = 'baseline'
const OURS = 'ours'

/** One figure: ours, what it is compared with, the target, and whether the median met it. */
export interface StartupVerdict {
  figure: string
  /** Our median, as printed. */
  ours: string
  /** The empty page's median in the same run, as printed ('' when the target is absolute). */
  emptyPage: string
  /** The figure judged (a difference to the empty page, or our own median), as printed. */
  judged: string
  target: string
  pass: boolean
}

type Figure =
  | 'readyMs'
  | 'scriptDurationMs'
  | 'longTaskLoadMs'
  | 'openMs'
  | 'heapUsedAfterOpenBytes'

/**
 * The targets at a CPU throttling rate: at 1× the page's own speed, at 4× a mid-range phone. A
 * `relative` target bounds ours minus the empty page's; an absolute one bounds ours alone.
 */
function targetsAt(cpu: number): {
  figure: string
  key: Figure
  max: number
  relative: boolean
  format?: (x: number) => string
}[] {
  if (cpu >= 4)
    return [
      { figure: 'ready (init() returned) ms', key: 'readyMs', max: 160, relative: true },
      { figure: 'long tasks during load ms', key: 'longTaskLoadMs', max: 0, relative: true },
      { figure: 'open → visible ms', key: 'openMs', max: 20, relative: true, format: fixed(1) },
    ]
  return [
    { figure: 'ready (init() returned) ms', key: 'readyMs', max: 40, relative: true },
    { figure: 'script ms (CDP ScriptDuration)', key: 'scriptDurationMs', max: 60, relative: false },
    { figure: 'long tasks during load ms', key: 'longTaskLoadMs', max: 0, relative: false },
    { figure: 'open → visible ms', key: 'openMs', max: 5, relative: true, format: fixed(1) },
    {
      figure: 'JS heap after open MB',
      key: 'heapUsedAfterOpenBytes',
      max: 3.5 * 1048576,
      relative: false,
      format: mib,
    },
  ]
}

/**
 * Judges our row of a peer run against the startup targets at that run's CPU rate.
 *
 * @returns One verdict per target, or null when the run lacks our row or the empty page's.
 */
export function startupVerdicts(rows: readonly PeerRow[], cpu: number): StartupVerdict[] | null {
  const ours = rows.find((r) => r.id === OURS && r.samplesOk > 0)
  const empty = rows.find((r) => r.id === EMPTY_PAGE && r.samplesOk > 0)
  if (!ours || !empty) return null
  return targetsAt(cpu).map(({ figure, key, max, relative, format = fixed(0) }) => {
    const mine = ours[key]?.median
    const floor = empty[key]?.median
    const judged = mine === undefined ? undefined : relative ? mine - (floor ?? Number.NaN) : mine
    const pass = judged !== undefined && Number.isFinite(judged) && judged <= max
    const sign = (x: number) => (relative && x >= 0 ? `+${format(x)}` : format(x))
    return {
      figure,
      ours: mine === undefined ? '–' : format(mine),
      emptyPage: relative && floor !== undefined ? format(floor) : '',
      judged: judged === undefined || !Number.isFinite(judged) ? '–' : sign(judged),
      target: relative
        ? max === 0
          ? 'no more than the empty page'
          : `within ${format(max)} of the empty page`
        : max === 0
          ? 'none'
          : `at most ${format(max)}`,
      pass,
    }
  })
}

/** The verdicts as a Markdown table, or a line saying why there is none. */
export function renderStartupVerdicts(rows: readonly PeerRow[], cpu: number): string {
  const verdicts = startupVerdicts(rows, cpu)
  if (!verdicts)
    return 'Startup targets: not judged (the run has no row for ours or the empty page).'
  return [
    `Startup targets at ${cpu}× CPU (medians of this run; the empty page and its bare <dialog> measured beside ours):`,
    '',
    '| figure | ours | empty page | judged | target | result |',
    '|---|--:|--:|--:|---|---|',
    ...verdicts.map(
      (v) =>
        `| ${v.figure} | ${v.ours} | ${v.emptyPage || '–'} | ${v.judged} | ${v.target} | ${v.pass ? '**PASS**' : '**FAIL**'} |`,
    ),
  ].join('\n')
}
