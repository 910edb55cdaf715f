// `--profile`: one extra cold load and open() under the CDP CPU profiler, split into stretches of
// main-thread work, each with its hottest functions named through the bundle's source map.
import { readFileSync, writeFileSync } from 'node:fs'
import { SourceMap, type SourceMapPayload } from 'node:module'
import { join, relative } from 'node:path'
import type { CDPSession } from 'playwright-core'
import type { Stack } from '../../test/stack/index'
import { coldBrowser, loadPage } from './browser'
import { type BenchWindow, OPEN_SCRIPT } from './page-scripts'
import { BUNDLE_URL_PATH, ROOT, VARIANTS, type VariantId } from './settings'

/** A V8 CPU profile as CDP's Profiler.stop returns it (the fields read here). */
export interface CpuProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  hitCount?: number
  children?: number[]
}
export interface CpuProfile {
  nodes: CpuProfileNode[]
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

/** A function, where it is in the sources, and the time it took in a stretch. */
export interface HotFunction {
  name: string
  where: string
  ms: number
}
/** A run of main-thread work, with its functions ranked by self and by inclusive time. */
export interface BusyStretch {
  startMs: number
  durationMs: number
  self: HotFunction[]
  inclusive: HotFunction[]
}

/** Maps a position in walletkit.js to its source file and line, via the bundle's source map. */
function sourceLocator(mapFile: string): (url: string, line: number, column: number) => string {
  let map: SourceMap | null = null
  try {
    map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload)
  } catch {
    map = null
  }
  return (url, line, column) => {
    if (!url) return '(native)'
    const file = url.split('/').pop() ?? url
    if (map && url.endsWith(BUNDLE_URL_PATH)) {
      const origin = map.findOrigin(line + 1, column + 1)
      if ('fileName' in origin) {
        const name = origin.fileName.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '')
        return `${name}:${origin.lineNumber}${origin.name ? ` (${origin.name})` : ''}`
      }
    }
    return `${file}:${line + 1}:${column + 1}`
  }
}

/** Sample times and a ranking of the functions over a run of samples, shared by the analyses. */
function profileReader(profile: CpuProfile, mapFile: string) {
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const locate = sourceLocator(mapFile)
  const keyOf = (n: CpuProfileNode) => {
    const f = n.callFrame
    return `${f.functionName || '(anonymous)'}\u0000${locate(f.url, f.lineNumber, f.columnNumber)}`
  }
  const times: number[] = []
  let t = profile.startTime
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0
    times.push(t)
  }
  const isIdle = (id: number) => nodes.get(id)?.callFrame.functionName === '(idle)'
  /** Functions by self and inclusive time over samples i..j (idle samples left out). */
  function rank(i: number, j: number): { self: HotFunction[]; inclusive: HotFunction[] } {
    const self = new Map<string, number>()
    const inclusive = new Map<string, number>()
    for (let k = i; k <= j; k++) {
      const dt = (((times[k + 1] ?? profile.endTime) as number) - (times[k] as number)) / 1000
      const leaf = nodes.get(samples[k] as number)
      if (!leaf || isIdle(leaf.id)) continue
      const leafKey = keyOf(leaf)
      self.set(leafKey, (self.get(leafKey) ?? 0) + dt)
      const seen = new Set<string>()
      for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
        const node = nodes.get(id)
        if (!node || node.callFrame.functionName === '(root)') continue
        const key = keyOf(node)
        if (seen.has(key)) continue
        seen.add(key)
        inclusive.set(key, (inclusive.get(key) ?? 0) + dt)
      }
    }
    const top = (m: Map<string, number>) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([key, ms]) => {
          const [name, where] = key.split('\u0000')
          return { name: name ?? '', where: where ?? '', ms: +ms.toFixed(1) }
        })
    return { self: top(self), inclusive: top(inclusive) }
  }
  return { samples, times, isIdle, rank }
}

/**
 * Splits a sampled profile into stretches of main-thread work (runs of non-idle samples) and, for
 * each one over `minMs`, ranks functions by self and by inclusive time.
 */
export function analyseProfile(profile: CpuProfile, minMs: number, mapFile: string): BusyStretch[] {
  const { samples, times, isIdle, rank } = profileReader(profile, mapFile)
  const stretches: BusyStretch[] = []
  let i = 0
  while (i < samples.length) {
    if (isIdle(samples[i] as number)) {
      i++
      continue
    }
    let j = i
    while (j + 1 < samples.length && !isIdle(samples[j + 1] as number)) j++
    const start = times[i] as number
    const end = (times[j + 1] ?? profile.endTime) as number
    const durationMs = (end - start) / 1000
    if (durationMs > minMs) {
      stretches.push({ startMs: (start - profile.startTime) / 1000, durationMs, ...rank(i, j) })
    }
    i = j + 1
  }
  return stretches
}

/**
 * Ranks the functions sampled inside each traced task whose CPU time is over `minMs` (tasks from
 * `traceTasks`, recorded while the profiler ran: both clocks are the browser's monotonic one, in
 * µs). Unlike {@link analyseProfile}, two tasks that follow each other with no idle sample between
 * them stay apart: this names what makes one long task. `durationMs` is the task's CPU time.
 */
export function analyseTasks(
  profile: CpuProfile,
  tasks: readonly { ts: number; wallMs: number; cpuMs: number }[],
  minMs: number,
  mapFile: string,
): BusyStretch[] {
  const { samples, times, rank } = profileReader(profile, mapFile)
  const out: BusyStretch[] = []
  for (const task of tasks) {
    if (task.cpuMs <= minMs) continue
    const end = task.ts + task.wallMs * 1000
    const i = times.findIndex((t) => t >= task.ts)
    if (i === -1) continue
    let j = i
    while (j + 1 < samples.length && (times[j + 1] as number) < end) j++
    out.push({
      startMs: (task.ts - profile.startTime) / 1000,
      durationMs: task.cpuMs,
      ...rank(i, j),
    })
  }
  return out
}

/**
 * Self time summed by source file over a whole profile (the file of each sample's own function,
 * `(program)` for the engine's parse and compile, `(garbage collector)`, native calls by name):
 * where a load's main-thread time goes, file by file. Idle samples are left out.
 */
export function selfTimeByFile(profile: CpuProfile, mapFile: string, count = 15): HotFunction[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const locate = sourceLocator(mapFile)
  const byFile = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) {
    const frame = nodes.get(samples[i] as number)?.callFrame
    if (!frame || frame.functionName === '(idle)') continue
    const where = locate(frame.url, frame.lineNumber, frame.columnNumber)
    const file = where === '(native)' ? frame.functionName : where.replace(/:\d.*$/, '')
    // A sample's time is the delta to the next one.
    byFile.set(file, (byFile.get(file) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
  }
  return [...byFile.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, ms]) => ({ name: where, where, ms: +ms.toFixed(1) }))
}

/**
 * One extra cold load, then open(), under the CPU profiler (not counted in the figures: the profiler
 * slows everything down). Names the functions behind long tasks and behind open()'s own work.
 */
export async function profileLoad(
  stack: Stack,
  variant: VariantId,
  outDir: string,
  mapFile: string,
) {
  const browser = await coldBrowser(stack)
  try {
    const cdp: CDPSession = browser.cdp
    const loaded = await loadPage(stack, browser, variant, async () => {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      await cdp.send('Profiler.start')
    })
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
    const longTasks = await browser.page.evaluate(() => (window as unknown as BenchWindow).__lt)
    await cdp.send('Profiler.start')
    const open = (await browser.page.evaluate(OPEN_SCRIPT)) as {
      t0: number
      t1?: number
      error?: string
    }
    const { profile: openProfile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: CpuProfile
    }
    if (open.error || open.t1 === undefined)
      throw new Error(`open failed under the profiler: ${open.error}`)
    const file = join(outDir, `bench-${variant}.cpuprofile`)
    const openFile = join(outDir, `bench-${variant}-open.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    writeFileSync(openFile, JSON.stringify(openProfile))
    return {
      variant,
      files: [relative(ROOT, file), relative(ROOT, openFile)],
      readyMs: loaded.readyAt,
      longTasks,
      stretches: analyseProfile(profile, 50, mapFile),
      byFile: selfTimeByFile(profile, mapFile),
      openMs: open.t1 - open.t0,
      openStretches: analyseProfile(openProfile, 5, mapFile),
    }
  } finally {
    await browser.close()
  }
}

/** What profileLoad() found: the profile files written and the stretches of work in them. */
export type LoadProfile = Awaited<ReturnType<typeof profileLoad>>

/** Prints stretches of main-thread work, each with its hottest functions by self and inclusive time. */
export function printStretches(list: BusyStretch[], none: string, label = 'busy'): void {
  const fn = (f: HotFunction) => `${f.name} [${f.where}] ${f.ms} ms`
  if (!list.length) console.log(`- ${none}`)
  for (const st of list) {
    console.log(
      `- ${label} ${st.durationMs.toFixed(0)} ms from +${st.startMs.toFixed(0)} ms; by self time: ${st.self.slice(0, 6).map(fn).join('; ')}`,
    )
    console.log(`  by inclusive time: ${st.inclusive.slice(0, 10).map(fn).join('; ')}`)
  }
}

/** Prints a profiled load and open: the long tasks, then each stretch's hottest functions. */
export function printProfile(p: LoadProfile): void {
  console.log(
    `\nCPU profile, ${VARIANTS[p.variant].label}: one more load and open (${p.files.join(', ')}; slower under the profiler)`,
  )
  console.log(
    `load: ready ${p.readyMs.toFixed(0)} ms; long tasks ${p.longTasks.map(([s, d]) => `${d.toFixed(0)} ms at ${s.toFixed(0)} ms`).join(', ') || 'none'}`,
  )
  printStretches(p.stretches, 'no stretch of main-thread work over 50 ms')
  console.log(
    `load, self time by source file: ${p.byFile.map((f) => `${f.where} ${f.ms} ms`).join('; ')}`,
  )
  console.log(`open: painted after ${p.openMs.toFixed(1)} ms`)
  printStretches(p.openStretches, 'no stretch of main-thread work over 5 ms')
}
