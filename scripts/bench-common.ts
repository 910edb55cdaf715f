// What every bench script launches and loads the same way (scripts/bench.ts, bench-open.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, type CDPSession, chromium } from 'playwright-core'
import type { Stack } from '../test/stack/index'

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium'
export const CHROME_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // As in the peer benchmark: no QUIC, and nothing but loopback resolves (a net under the routing).
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]
export const VIEWPORT = { width: 1280, height: 800 }
export const PAGE_PATH = '/test/e2e/pages/bench.html'
export const DIALOG_SELECTOR = '[data-testid="wk-dialog"]'

/**
 * Views measured, with the state they need. A view this build does not provide (its Unavailable
 * screen shows, or the router shows another view) is reported as such, not measured.
 */
export const OPEN_VIEWS: readonly { view: string; connected: boolean }[] = [
  { view: 'Connect', connected: false },
  { view: 'AllWallets', connected: false },
  { view: 'Account', connected: true },
  { view: 'Networks', connected: true },
  { view: 'Send', connected: true },
  { view: 'Receive', connected: true },
  { view: 'Swap', connected: true },
  { view: 'OnRamp', connected: true },
  { view: 'Transactions', connected: true },
  { view: 'RegisterName', connected: true },
  { view: 'SmartSessions', connected: true },
]

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Median of the numbers given (null when there are none). */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

/**
 * A cold Chromium: a fresh user-data-dir, the bench's flags and viewport, nothing routed yet.
 *
 * @returns The context and a `close()` that also removes the profile directory.
 */
export async function launchChromium(): Promise<{
  context: BrowserContext
  close(): Promise<void>
}> {
  const userDataDir = mkdtempSync(join(os.tmpdir(), 'walletkit-bench-'))
  let context: BrowserContext
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      // --headless=new is passed explicitly (as the peer benchmark does).
      headless: false,
      args: CHROME_ARGS,
      viewport: VIEWPORT,
      serviceWorkers: 'block',
    })
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true })
    throw error
  }
  return {
    context,
    async close() {
      await context.close().catch(() => undefined)
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A cold Chromium (fresh user-data-dir) in which every request leaving 127.0.0.1 is aborted.
 *
 * @returns The context and a `close()` that also removes the profile directory.
 */
export async function launchCold(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const browser = await launchChromium()
  const { context } = browser
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort('blockedbyclient'),
  )
  await context.routeWebSocket(
    (url) => url.hostname !== '127.0.0.1',
    (ws) => void ws.close({ code: 1008, reason: 'blocked by bench' }),
  )
  return browser
}

/**
 * With `WK_TRACE_V8=1`, the traces of {@link traceTasks} also hold V8's compile and parse events
 * (`V8.CompileCode`, `V8.CollectSourcePositions`, …), so a long task's compile work shows by name
 * (docs/benchmarks.md, "React DOM's sentinel errors made without `new Error`").
 */
const TRACE_V8 = process.env.WK_TRACE_V8 === '1' ? ',v8,disabled-by-default-v8.compile' : ''

/** One event of a Chrome trace (the fields the benches read). */
export type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string; data?: { message?: string } }
}

/** One main-thread task of a trace: its start (trace clock, µs), wall and CPU ms. */
export type TracedTask = { ts: number; wallMs: number; cpuMs: number }

/**
 * The main thread's tasks while `fn` runs, from a Chrome trace: wall duration and thread (CPU)
 * duration each. On a busy machine a task's wall time includes the time the OS ran something else;
 * its thread time is the work the page did. `marks` holds the trace time of each
 * `console.timeStamp(label)` the page made, so a caller can tell which tasks came after which step.
 */
export async function traceTasks(
  cdp: CDPSession,
  fn: () => Promise<void>,
): Promise<{ tasks: TracedTask[]; marks: Map<string, number>; events: TraceEvent[] }> {
  const events: TraceEvent[] = []
  let collecting = true
  cdp.on('Tracing.dataCollected', (e) => {
    if (collecting) events.push(...(e.value as unknown as TraceEvent[]))
  })
  await cdp.send('Tracing.start', {
    categories: `toplevel,disabled-by-default-devtools.timeline,devtools.timeline${TRACE_V8}`,
    transferMode: 'ReportEvents',
  })
  await fn()
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.end')
  await complete
  collecting = false
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const tasksOf = (m: TraceEvent) =>
    events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === m.pid && e.tid === m.tid)
  const main = mains.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? []
  const marks = new Map<string, number>()
  for (const e of events) {
    const label = e.args?.data?.message
    if (e.name === 'TimeStamp' && label && !marks.has(label)) marks.set(label, e.ts)
  }
  const tasks = main.map((e) => ({
    ts: e.ts,
    wallMs: (e.dur ?? 0) / 1000,
    cpuMs: (e.tdur ?? e.dur ?? 0) / 1000,
  }))
  return { tasks, marks, events: main.length ? events.filter((e) => e.tid === main[0]?.tid) : [] }
}

/**
 * The longest main-thread task's thread (CPU) time while `fn` runs, in ms (see `traceTasks`).
 */
export async function traced(cdp: CDPSession, fn: () => Promise<void>): Promise<number> {
  const { tasks } = await traceTasks(cdp, fn)
  return Math.round(Math.max(0, ...tasks.map((t) => t.cpuMs)))
}

/** The kit's options for the stack's services and chains, analytics off (the bench scripts' page). */
export function stackKitOptions(stack: Stack) {
  return {
    projectId: stack.projectId,
    networks: stack.chains.map((c) => ({
      caipNetworkId: `eip155:${c.chainId}`,
      name: `Devnet ${c.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: c.rpcUrl,
    })),
    apiUrl: stack.urls.api,
    analyticsUrl: stack.urls.analytics,
    blockchainApiUrl: stack.urls.blockchainApi,
    relayUrl: stack.urls.relay,
    features: { analytics: false },
  }
}
