// The tables `npm run bench` prints: each figure per variant against its target, the diagnostic
// loads without a protocol client, and ours beside the peers' medians.
import { relative } from 'node:path'
import type { BundleSizes } from './bundle'
import type { Peers } from './peers'
import type { PlainSummary } from './plain'
import { ROOT, TARGETS, VARIANTS, type VariantId } from './settings'
import { cell, fixed, kib, mib, type Stats } from './stats'
import type { Summary } from './summary'

/** The Markdown tables of a run: the figures with their verdicts, then ours beside the peers. */
export function renderTables(
  result: {
    bundle: BundleSizes
    variants: Partial<Record<VariantId, Summary>>
    samplesPerVariant: number
    plain: PlainSummary | null
  },
  peers: Peers,
): string {
  const ids = Object.keys(result.variants) as VariantId[]
  const summaries = ids.map((id) => result.variants[id] as Summary)
  const L: string[] = []
  const verdict = (pass: boolean | null, note = '') =>
    pass === null ? '–' : `${pass ? '**PASS**' : '**FAIL**'}${note ? ` ${note}` : ''}`
  const perVariant = (f: (s: Summary) => string) => summaries.map(f).join(' | ')
  const row = (figure: string, f: (s: Summary) => string, target = '', result = '') =>
    L.push(`| ${figure} | ${perVariant(f)} | ${target} | ${result} |`)
  const judge = (f: (s: Summary) => [boolean | null, string]) =>
    summaries
      .map((s, i) => {
        const [pass, note] = f(s)
        return `${ids.length > 1 ? `${ids[i]}: ` : ''}${verdict(pass, note)}`
      })
      .join('<br>')

  L.push(`median (min–max) over ${result.samplesPerVariant} cold loads per variant`, '')
  L.push(`| figure | ${ids.map((id) => VARIANTS[id].label).join(' | ')} | target | result |`)
  L.push(`|---|${ids.map(() => '--:').join('|')}|---|---|`)
  const b = result.bundle
  const gzipPass = b.gzip <= TARGETS.gzipBytes
  L.push(
    `| walletkit.js gzip -9 | ${ids.map(() => `${kib(b.gzip)} KiB (${b.gzip} B)`).join(' | ')} | ≤ 256 KiB (${TARGETS.gzipBytes} B) | ${verdict(gzipPass)} |`,
  )
  L.push(
    `| walletkit.js brotli q11 | ${ids.map(() => `${kib(b.brotli)} KiB (${b.brotli} B)`).join(' | ')} | | |`,
  )
  L.push(`| walletkit.js raw | ${ids.map(() => `${kib(b.raw)} KiB`).join(' | ')} | | |`)
  row('navigation → walletkit:ready ms', (s) => cell(s.readyMs))
  row('navigation → init() returned ms', (s) => cell(s.initReturnedMs))
  row(
    'long tasks during load: count',
    (s) => cell(s.longTaskLoadCount),
    'none over 50 ms',
    judge((s) => [
      s.samplesOk ? s.samplesWithoutLoadLongTask === s.samplesOk : null,
      `(${s.samplesWithoutLoadLongTask}/${s.samplesOk} loads without)`,
    ]),
  )
  row('long tasks during load: longest ms', (s) => cell(s.longTaskLoadMaxMs))
  row('long tasks during load: sum ms', (s) => cell(s.longTaskLoadSumMs))
  row('script ms before open (CDP ScriptDuration)', (s) => cell(s.scriptDurationMs))
  row('open() → dialog painted ms', (s) => cell(s.openMs, fixed(1)), '', '')
  row(
    'open(): rAF callbacks until visible',
    (s) => cell(s.openRafCallbacks),
    '≤ 1 frame at rAF resolution: the first rAF after open()',
    judge((s) => [
      s.samplesOk ? s.samplesOpenWithinTarget === s.samplesOk : null,
      `(${s.samplesOpenWithinTarget}/${s.samplesOk} opens)`,
    ]),
  )
  row(
    'open() → dialog painted, frames (ms / 16.7)',
    (s) => cell(s.openFrames, fixed(2)),
    'stricter reading: ≤ 1.00 (16.7 ms)',
    judge((s) => [
      s.samplesOk ? s.samplesOpenWithinFrameTime === s.samplesOk : null,
      `(${s.samplesOpenWithinFrameTime}/${s.samplesOk} opens)`,
    ]),
  )
  row('open() promise resolved ms', (s) => cell(s.openResolvedMs, fixed(1)))
  row('long tasks during open: sum ms', (s) => cell(s.longTaskOpenSumMs))
  row('JS heap after open, after GC, MB', (s) => cell(s.heapUsedAfterOpenBytes, mib))
  row('WalletConnect picked → QR code drawn ms', (s) => cell(s.walletConnectMs))
  row('long tasks while WalletConnect starts: longest ms', (s) =>
    cell(s.walletConnectLongTaskMaxMs),
  )
  row('JS heap with the QR code shown, after GC, MB', (s) => cell(s.heapUsedWithQrBytes, mib))
  const plain = result.plain
  if (plain?.samplesOk) {
    const only = (text: string) => ids.map((id) => (id === 'off' ? text : '')).join(' | ')
    const note = `diagnostic, ${plain.samplesOk} loads (${plain.samplesWithoutLoadLongTask} without a long task)`
    L.push(
      `| no protocol client: long tasks during load, count | ${only(cell(plain.longTaskLoadCount))} | ${note} | |`,
    )
    L.push(
      `| no protocol client: long tasks during load, longest ms | ${only(cell(plain.longTaskLoadMaxMs))} | | |`,
    )
    L.push(
      `| no protocol client: navigation → walletkit:ready ms | ${only(cell(plain.readyMs))} | | |`,
    )
  }
  row(
    'requests before open',
    (s) => cell(s.requestsBeforeOpen),
    'analytics off: 0',
    judge((s) => {
      const i = summaries.indexOf(s)
      if (ids[i] !== 'off' || !s.requestsBeforeOpen) return [null, '']
      return [s.requestsBeforeOpen.max === 0, '']
    }),
  )
  row('requests after open (to +1 s)', (s) => cell(s.requestsAfterOpen))

  if (peers) {
    const off = result.variants.off ?? summaries[0]
    L.push(
      '',
      `Beside the peers (medians; peers from ${relative(ROOT, peers.file)} of ${peers.generatedAt}, another run on this machine; ours analytics off, this run):`,
      '',
    )
    L.push(
      '| kit | JS gzip -9 KiB | brotli KiB | ready ms | long tasks during load ms | script ms (CDP) | open → visible ms | long tasks during open ms | JS heap after open MB |',
    )
    L.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|')
    const m = (s: Stats | null | undefined, f: (x: number) => string = fixed(0)) =>
      s ? f(s.median) : '–'
    for (const p of peers.peers) {
      L.push(
        `| ${p.label} | ${m(p.jsBeforeVisible?.gzip, kib)} | ${m(p.jsBeforeVisible?.brotli, kib)} | ${m(p.readyMs)} | ${m(p.longTaskLoadMs)} | ${m(p.scriptDurationMs)} | ${m(p.openMs, fixed(1))} | ${m(p.longTaskOpenMs)} | ${m(p.heapUsedAfterOpenBytes, mib)} |`,
      )
    }
    if (off)
      L.push(
        `| **WalletKit (ours)** | ${kib(b.gzip)} | ${kib(b.brotli)} | ${m(off.initReturnedMs)} | ${m(off.longTaskLoadSumMs)} | ${m(off.scriptDurationMs)} | ${m(off.openMs, fixed(1))} | ${m(off.longTaskOpenSumMs)} | ${m(off.heapUsedAfterOpenBytes, mib)} |`,
      )
    L.push(
      '',
      'Peers’ "ready" is when their create/init call returned; ours in that column is init() returned too (walletkit:ready follows a microtask later).',
    )
  }
  return L.join('\n')
}
