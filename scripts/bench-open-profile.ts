// Where open()'s time goes: a trace (style recalculation, layout, paint) and a CPU profile (which
// JavaScript) of opens of one view, split into our code, React's render and commit, showModal()
// and the browser's own work. Used by `npx tsx scripts/bench-open.ts --profile VIEW`.
import { readFileSync } from 'node:fs'
import { SourceMap, type SourceMapPayload } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CDPSession, Page } from 'playwright-core'
import type { Stack } from '../test/stack/index'
import { createTestWallet, installTestWallet } from '../test/stack/wallet/index'
import { DIALOG_SELECTOR, launchCold, OPEN_VIEWS, PAGE_PATH, sleep } from './bench-common'

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))

type TraceEvent = {
  name: string
  ph: string
  ts: number
  dur?: number
  tid: number
  pid: number
  args?: {
    data?: { stackTrace?: { functionName: string }[] }
    beginData?: { stackTrace?: { functionName: string }[] }
  }
}
type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

/** One profiled open: ms per part. */
export type OpenBreakdown = {
  view: string
  label: 'first' | 'again'
  totalMs: number
  /** From the CPU profile, by what was running (leaf frame). */
  cpu: Record<string, number>
  /** From the trace: style recalculation, layout and painting, and what forced them. */
  styleMs: number
  layoutMs: number
  paintMs: number
  forcedBy: Record<string, number>
}

const OPEN = (view: string) => `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)))
  const find = () => document.querySelector('walletkit-modal')?.shadowRoot?.querySelector(${JSON.stringify(DIALOG_SELECTOR)})
  // Not right after a frame: the next one would then be a whole frame away, whatever open() does.
  await new Promise((r) => setTimeout(r, 100))
  performance.mark('wk-open-start')
  const t0 = performance.now()
  void window.__benchKit.open({ view: ${JSON.stringify(view)} })
  for (;;) {
    await frame()
    const d = find()
    const box = d && d.getBoundingClientRect()
    if (box && box.width > 0 && getComputedStyle(d).display !== 'none') break
  }
  const ms = performance.now() - t0
  performance.mark('wk-open-end')
  await frame(); await frame()
  window.__benchKit.close()
  while (find()?.open) await frame()
  return ms
})()`

function locator(mapFile: string) {
  let map: SourceMap | null = null
  try {
    map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload)
  } catch {}
  return (url: string, line: number, column: number): { file: string; name: string } => {
    if (!map || !url.endsWith('/walletkit.js')) return { file: url, name: '' }
    const o = map.findOrigin(line + 1, column + 1)
    if (!('fileName' in o)) return { file: url, name: '' }
    return { file: o.fileName.replace(/^(\.\.\/)+/, ''), name: o.name ?? '' }
  }
}

const REACT_COMMIT =
  /^(commitRoot|commitRootImpl|flushLayoutEffects|flushMutationEffects|commitLayoutEffect|commitMutationEffect|flushPassiveEffects|flushSpawnedWork)/

/** Names the part of open() a CPU sample belongs to, from its stack (leaf first). */
function classify(stack: ProfileNode[], where: (n: ProfileNode) => { file: string; name: string }) {
  const leaf = stack[0]
  if (!leaf) return 'other'
  const fn = leaf.callFrame.functionName
  if (fn === '(program)') return 'browser: style, layout, paint, tasks (program)'
  if (fn === '(garbage collector)') return 'garbage collection'
  if (fn === '(idle)') return 'idle (waiting for the frame)'
  if (fn === 'showModal') return 'showModal() (with the style and layout it forces)'
  if (fn === 'focus') return 'focus() (with the style and layout it forces)'
  if (fn === 'getBoundingClientRect' || fn === 'getComputedStyle')
    return 'bench probe: getBoundingClientRect/getComputedStyle (forced style, layout)'
  const files = stack.map((n) => where(n))
  const leafFile = files[0]?.file ?? ''
  const inCommit = stack.some((n, i) =>
    REACT_COMMIT.test(files[i]?.name || n.callFrame.functionName),
  )
  if (leafFile.startsWith('src/')) {
    const part = inCommit ? 'our code (in React commit: effects)' : 'our code'
    // WK_PROFILE_FILES=1 names the source file and function of each of our samples.
    return process.env.WK_PROFILE_FILES ? `${part}: ${leafFile} ${files[0]?.name ?? ''}` : part
  }
  if (/react-dom|scheduler|react\//.test(leafFile))
    return inCommit ? 'React commit' : 'React render'
  if (/signals/.test(leafFile)) return 'signals'
  if (!leaf.callFrame.url) {
    // WK_PROFILE_FILES=1 also names the nearest of our functions that called it.
    const caller = files.find((f) => f.file.startsWith('src/'))
    const from = process.env.WK_PROFILE_FILES && caller ? ` from ${caller.file} ${caller.name}` : ''
    return `native: ${fn || '(anonymous)'}${from}`
  }
  return `other JS: ${leafFile.replace(/^.*node_modules\//, '')}`
}

async function record(cdp: CDPSession, run: () => Promise<number>) {
  const events: TraceEvent[] = []
  const onData = (e: { value: object[] }) => {
    events.push(...(e.value as TraceEvent[]))
  }
  cdp.on('Tracing.dataCollected', onData)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 })
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.stack,blink.user_timing',
    transferMode: 'ReportEvents',
  })
  await cdp.send('Profiler.start')
  const ms = await run()
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
  await cdp.send('Tracing.end')
  await done
  cdp.off('Tracing.dataCollected', onData)
  return { ms, events, profile }
}

function breakdown(
  view: string,
  label: 'first' | 'again',
  { ms, events, profile }: Awaited<ReturnType<typeof record>>,
  where: ReturnType<typeof locator>,
): OpenBreakdown {
  const mark = (name: string) => events.find((e) => e.name === name)
  const start = mark('wk-open-start')
  const end = mark('wk-open-end')
  if (!start || !end) throw new Error('no open marks in the trace')
  const main = events.filter((e) => e.tid === start.tid && e.pid === start.pid)
  const within = (name: string) =>
    main.filter((e) => e.name === name && e.ph === 'X' && e.ts >= start.ts && e.ts < end.ts)
  const sum = (list: TraceEvent[]) => list.reduce((a, e) => a + (e.dur ?? 0), 0) / 1000
  // Style and layout inside a script call were forced by it; the rest is the frame's own.
  const calls = main.filter((e) => e.name === 'FunctionCall' && e.ph === 'X')
  const forcedBy: Record<string, number> = {}
  for (const e of [...within('UpdateLayoutTree'), ...within('Layout')]) {
    const forced = calls.some((c) => c.ts <= e.ts && e.ts < c.ts + (c.dur ?? 0))
    const key = `${e.name === 'Layout' ? 'layout' : 'style'} ${forced ? 'forced by script' : 'in the frame'}`
    forcedBy[key] = +((forcedBy[key] ?? 0) + (e.dur ?? 0) / 1000).toFixed(2)
  }
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const cache = new Map<ProfileNode, { file: string; name: string }>()
  const at = (n: ProfileNode) => {
    let w = cache.get(n)
    if (!w) {
      w = where(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber)
      cache.set(n, w)
    }
    return w
  }
  const cpu: Record<string, number> = {}
  let t = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0
    const next = t + (profile.timeDeltas[i + 1] ?? 0)
    if (t < start.ts || t >= end.ts) continue
    const stack: ProfileNode[] = []
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const n = nodes.get(id)
      if (n && n.callFrame.functionName !== '(root)') stack.push(n)
    }
    const key = classify(stack, at)
    cpu[key] = (cpu[key] ?? 0) + (next - t) / 1000
  }
  for (const k of Object.keys(cpu)) cpu[k] = +(cpu[k] as number).toFixed(2)
  return {
    view,
    label,
    totalMs: +ms.toFixed(2),
    cpu,
    styleMs: +sum(within('UpdateLayoutTree')).toFixed(2),
    layoutMs: +sum(within('Layout')).toFixed(2),
    paintMs: +sum([...within('PrePaint'), ...within('Paint'), ...within('Layerize')]).toFixed(2),
    forcedBy,
  }
}

/**
 * Profiles `runs` page loads, each with a first open and a re-open of `view`, in one cold browser.
 *
 * @param options.rate - CDP CPU throttling rate during the opens.
 */
export async function profileOpen(
  stack: Stack,
  view: string,
  { rate = 1, runs = 3, mapFile = join(ROOT, 'cdn-dist', 'walletkit.js.map') } = {},
): Promise<OpenBreakdown[]> {
  const connected = OPEN_VIEWS.find((v) => v.view === view)?.connected ?? false
  const b = await launchCold()
  const out: OpenBreakdown[] = []
  try {
    await b.context.addInitScript(
      `addEventListener('walletkit:ready', () => { window.__wkReady = true })`,
    )
    const wallet = createTestWallet({
      chains: [{ chainId: 31337, rpcUrl: `${stack.urls.app}/none` }],
    })
    const { info } = await installTestWallet(b.context, wallet)
    const page: Page = b.context.pages()[0] ?? (await b.context.newPage())
    const cdp = await b.context.newCDPSession(page)
    const where = locator(mapFile)
    const load = async () => {
      await page.goto(stack.urls.app + PAGE_PATH)
      await page.waitForFunction('window.__wkReady === true', null, { polling: 50 })
      await sleep(1500)
    }
    if (connected) {
      await load()
      await page.evaluate('window.__benchKit.open()')
      await page.locator(`walletkit-modal [data-wallet-id="eip6963:${info.uuid}"]`).click()
      await page.waitForFunction(`window.__benchKit.getState().status === 'connected'`)
      await page.evaluate('window.__benchKit.close()')
    }
    for (let i = 0; i < runs; i++) {
      await load()
      if (connected)
        await page.waitForFunction(`window.__benchKit.getState().status === 'connected'`)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      for (const label of ['first', 'again'] as const) {
        const r = await record(cdp, async () => (await page.evaluate(OPEN(view))) as number)
        out.push(breakdown(view, label, r, where))
        await sleep(300)
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    }
  } finally {
    await b.close()
  }
  return out
}

/** Medians per part, first open and re-open. */
export function renderProfile(list: OpenBreakdown[]): string {
  const L: string[] = []
  for (const label of ['first', 'again'] as const) {
    const runs = list.filter((x) => x.label === label)
    if (!runs.length) continue
    const med = (f: (x: OpenBreakdown) => number) => {
      const s = runs.map(f).sort((a, b) => a - b)
      return (s[(s.length - 1) >> 1] as number).toFixed(1)
    }
    L.push(
      `\n${runs[0]?.view} ${label === 'first' ? 'first open' : 're-open'} (${runs.length} runs, medians, ms): total ${med((x) => x.totalMs)}`,
    )
    L.push(
      `  trace: style recalc ${med((x) => x.styleMs)}, layout ${med((x) => x.layoutMs)}, pre-paint+paint+layerize ${med((x) => x.paintMs)}`,
    )
    const forced = new Set(runs.flatMap((x) => Object.keys(x.forcedBy)))
    for (const k of forced) L.push(`    ${k}: ${med((x) => x.forcedBy[k] ?? 0)}`)
    const keys = new Set(runs.flatMap((x) => Object.keys(x.cpu)))
    const rows = [...keys].map((k) => [k, Number(med((x) => x.cpu[k] ?? 0))] as const)
    for (const [k, v] of rows.sort((a, b) => b[1] - a[1]))
      if (v >= 0.1) L.push(`  cpu: ${k}: ${v.toFixed(1)}`)
  }
  return L.join('\n')
}
