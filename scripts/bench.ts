// `npm run bench`: load, init, open and memory cost of cdn-dist/walletkit.js in headless Chromium,
// measured like the peer benchmark in ../shared/bench (see docs/benchmarks.md), so the figures can be
// put beside the peers' medians. Run after `npm run build`.
//
//   tsx scripts/bench.ts [--samples 7] [--variants off,on] [--out test-results/bench.json]
//                        [--profile] [--peers] [--peers-dir ../shared/bench]
//
// A missed target is reported, never an exit code: the script exits non-zero only when it could not
// measure (no bundle, a page that failed to init or open, a browser that did not start).
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { SourceMap, type SourceMapPayload } from 'node:module'
import os from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import { type BrowserContext, type CDPSession, chromium } from 'playwright-core'
import { type Stack, startStack } from '../test/stack/index'
import { PROJECT_ROOT } from '../test/stack/static-server'
import { CHROME_ARGS, CHROMIUM, DIALOG_SELECTOR, PAGE_PATH, VIEWPORT } from './bench-common'
import { type LifecycleResult, renderLifecycle, runLifecycleBench } from './bench-lifecycle'
import { type OpenBenchResult, renderOpen, runOpenBench, writeBaseline } from './bench-open'

// ───────────────────────────────────────────────────────────────── settings

const ROOT = resolve(PROJECT_ROOT)
const BUNDLE = join(ROOT, 'cdn-dist', 'walletkit.js')
/** The URL the bench page loads the bundle from; served from a snapshot taken at start. */
const BUNDLE_URL_PATH = '/cdn-dist/walletkit.js'
const WARMUP_PATH = '/__bench/warmup'
/** Where bench.html?report=1 posts what it recorded itself (loads without a protocol client). */
const REPORT_PATH = '/__bench/report'
/** Settled = no new request and no new long task for this long after ready … */
const QUIET_MS = 1000
/** … or this long after ready, whichever comes first. */
const SETTLE_CAP_MS = 15_000
const OPEN_TIMEOUT_MS = 20_000
/** How long picking WalletConnect may take to show its QR code before the sample fails. */
const WALLETCONNECT_TIMEOUT_MS = 20_000
/** Wait after the dialog is visible before measuring the heap. */
const AFTER_OPEN_MS = 1000
/** One frame at 60 Hz, as the figures are quoted. */
const FRAME_MS = 16.7

const TARGETS = {
  /** gzip -9 of walletkit.js, every feature included: at most 256 KiB (the size rule). */
  gzipBytes: 256 * 1024,
  /** open() → dialog painted: in the first requestAnimationFrame after open(), within one frame. */
  openFrames: 1,
  /** No long task over 50 ms during load (a long task is by definition over 50 ms: none at all). */
  longTaskLoadMaxMs: 50,
}

type VariantId = 'off' | 'on'
const VARIANTS: Record<VariantId, { label: string; query: string }> = {
  off: { label: 'analytics off', query: '' },
  on: { label: 'analytics on', query: '?analytics=on' },
}

// ───────────────────────────────────────────────────────────────── arguments

interface Args {
  samples: number
  variants: VariantId[]
  out: string
  profile: boolean
  peers: boolean
  peersDir: string
  plain: boolean
  bundle: string
  lifecycle: boolean
  open: boolean
  openSamples: number
  writeBaseline: boolean
}

function usage(): string {
  return [
    'Usage: tsx scripts/bench.ts [options]',
    '  --samples N        cold page loads per variant (default 7; at least 5 for figures worth quoting)',
    '  --variants off,on  which pages: analytics off (the reference) and/or on (default both)',
    '  --out FILE         results JSON (default test-results/bench.json)',
    '  --profile          one extra, unmeasured load per variant under the CDP CPU profiler: names the',
    '                     functions that are hot during load (writes test-results/bench-<variant>.cpuprofile)',
    '  --peers            afterwards run the peer benchmark with this bundle as one more row',
    '  --peers-dir DIR    where the peer benchmark is (default ../shared/bench)',
    '  --bundle FILE      measure this file instead of cdn-dist/walletkit.js (its .map beside it is used too)',
    '  --skip-plain       skip the diagnostic loads in a Chromium with no DevTools protocol client',
    '  --skip-lifecycle   skip SECURITY.md row 27: 1 000 open/close and 100 init/destroy cycles (heap, listeners)',
    '  --skip-open        skip open() per view beside a bare dialog, at 1× and 4× CPU (scripts/bench-open.ts)',
    '  --open-samples N   cold loads per view for that (default 5)',
    '  --write-baseline   store its medians in docs/bench-open-baseline.json, which later runs compare with',
  ].join('\n')
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    samples: 7,
    variants: ['off', 'on'],
    out: join(ROOT, 'test-results', 'bench.json'),
    profile: false,
    peers: false,
    peersDir: resolve(ROOT, '..', 'shared', 'bench'),
    plain: true,
    bundle: BUNDLE,
    lifecycle: true,
    open: true,
    openSamples: 5,
    writeBaseline: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]
    const value = (): string => {
      const next = argv[++i]
      if (next === undefined) throw new UsageError(`missing value for ${key}`)
      return next
    }
    if (key === '--samples') args.samples = Number(value())
    else if (key === '--variants') {
      const list = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      for (const v of list)
        if (!(v in VARIANTS)) throw new UsageError(`unknown variant ${v} (off, on)`)
      args.variants = list as VariantId[]
    } else if (key === '--out') args.out = resolve(value())
    else if (key === '--profile') args.profile = true
    else if (key === '--peers') args.peers = true
    else if (key === '--peers-dir') args.peersDir = resolve(value())
    else if (key === '--skip-plain') args.plain = false
    else if (key === '--skip-lifecycle') args.lifecycle = false
    else if (key === '--skip-open') args.open = false
    else if (key === '--open-samples') args.openSamples = Number(value())
    else if (key === '--write-baseline') args.writeBaseline = true
    else if (key === '--bundle') args.bundle = resolve(value())
    else if (key === '-h' || key === '--help') {
      console.log(usage())
      process.exit(0)
    } else throw new UsageError(`unknown argument ${key}`)
  }
  if (!Number.isInteger(args.samples) || args.samples < 1)
    throw new UsageError('--samples must be a whole number ≥ 1')
  if (!args.variants.length) throw new UsageError('--variants is empty')
  return args
}

class UsageError extends Error {}

// ───────────────────────────────────────────────────────────────── helpers

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Stats {
  median: number
  min: number
  max: number
  n: number
}

function stats(values: (number | null | undefined)[]): Stats | null {
  const v = values
    .filter((x): x is number => typeof x === 'number' && Number.isFinite(x))
    .sort((a, b) => a - b)
  if (!v.length) return null
  const mid = Math.floor(v.length / 2)
  const median =
    v.length % 2 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2
  return { median, min: v[0] as number, max: v[v.length - 1] as number, n: v.length }
}

function bundleSizes(file: string) {
  const code = readFileSync(file)
  return {
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: code.length,
      },
    }).length,
    sha256: createHash('sha256').update(code).digest('hex'),
  }
}

function chromiumVersion(): string | null {
  const result = spawnSync(CHROMIUM, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  return result.status === 0 ? result.stdout.trim() : null
}

/** A path relative to the project when it is inside it, else absolute. */
function shownPath(file: string): string {
  const rel = relative(ROOT, file)
  return rel.startsWith('..') ? resolve(file) : rel
}

/** Which sources the bundle was built from, as far as git can tell (for cdn-dist/walletkit.js). */
function describeSource(
  bundleFile: string,
): { gitHead: string | null; uncommittedSrcFiles: number | null } | null {
  if (resolve(bundleFile) !== BUNDLE) return null
  const git = (...a: string[]) => spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' })
  const head = git('rev-parse', '--short', 'HEAD')
  const status = git('status', '--porcelain', '--', 'src')
  return {
    gitHead: head.status === 0 ? head.stdout.trim() : null,
    uncommittedSrcFiles:
      status.status === 0 ? status.stdout.split('\n').filter(Boolean).length : null,
  }
}

const isLoopback = (url: URL) => url.hostname === '127.0.0.1'
const shortUrl = (url: URL) => `${url.protocol}//${url.host}${url.pathname}`

/**
 * Runs in every document before its scripts: long tasks (buffered) and the time of walletkit:ready.
 * Same observer as the peer benchmark, so the long-task figures compare.
 */
const INIT_SCRIPT = `(() => {
  if (window.top !== window) return
  try { performance.setResourceTimingBufferSize(100000) } catch (e) {}
  window.__lt = []
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lt.push([e.startTime, e.duration]) })
      .observe({ type: 'longtask', buffered: true })
  } catch (e) { window.__ltUnsupported = String(e) }
  window.__wkReadyAt = null
  window.addEventListener('walletkit:ready', () => {
    if (window.__wkReadyAt === null) window.__wkReadyAt = performance.now()
  })
})()`

/**
 * Opens the modal and resolves at the first animation frame at which the dialog, found through the
 * open shadow root, has a box and is displayed; checked once per frame only, so the result has rAF
 * resolution. A string (not a function) so that nothing the TypeScript loader adds reaches the page.
 */
const OPEN_SCRIPT = `new Promise((done) => {
  const selector = ${JSON.stringify(DIALOG_SELECTOR)}
  const timeoutMs = ${OPEN_TIMEOUT_MS}
  const shown = () => {
    const host = document.querySelector('walletkit-modal')
    const dialog = host && host.shadowRoot && host.shadowRoot.querySelector(selector)
    if (!dialog) return false
    const box = dialog.getBoundingClientRect()
    if (box.width <= 0 || box.height <= 0) return false
    const style = getComputedStyle(dialog)
    return style.display !== 'none' && style.visibility !== 'hidden'
  }
  const t0 = performance.now()
  let result
  try {
    result = window.__benchKit.open()
  } catch (e) {
    done({ t0, error: String(e) })
    return
  }
  Promise.resolve(result).then(
    () => { window.__benchOpenResolvedAt = performance.now() },
    (e) => { window.__benchOpenError = String(e) },
  )
  let rafCallbacks = 0
  const tick = () => {
    rafCallbacks++
    const now = performance.now()
    if (shown()) done({ t0, t1: now, rafCallbacks })
    else if (now - t0 > timeoutMs) done({ t0, error: 'dialog not visible after ' + timeoutMs + ' ms' })
    else requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})`

/**
 * Picks WalletConnect in the open modal and resolves at the first animation frame at which the QR
 * code is drawn (the client set up, its socket to the relay stand-in open, the pairing URI made).
 */
const WALLETCONNECT_SCRIPT = `new Promise((done) => {
  const timeoutMs = ${WALLETCONNECT_TIMEOUT_MS}
  const root = document.querySelector('walletkit-modal')?.shadowRoot
  const entry = root && root.querySelector('[data-testid="wk-wallet"][data-wallet-id="walletConnect"]')
  if (!entry) { done({ error: 'no WalletConnect entry' }); return }
  const drawn = () => {
    const qr = root.querySelector('[data-testid="wk-qr"] svg')
    if (!qr) return false
    const box = qr.getBoundingClientRect()
    return box.width > 0 && box.height > 0
  }
  const t0 = performance.now()
  entry.click()
  const tick = () => {
    const now = performance.now()
    if (drawn()) done({ t0, t1: now })
    else if (now - t0 > timeoutMs) done({ t0, error: 'no QR code after ' + timeoutMs + ' ms' })
    else requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})`

/** What the page exposes to the harness (bench.html and INIT_SCRIPT). */
type BenchWindow = Window & {
  __lt: [number, number][]
  __ltUnsupported?: string
  __wkReadyAt: number | null
  __benchKit?: { open(): Promise<void> }
  __benchInitReturnedAt?: number
  __benchInitError?: string
  __benchOpenResolvedAt?: number
  __benchOpenError?: string
}

// ───────────────────────────────────────────────────────────────── one sample

interface RequestRecord {
  phase: 'warmup' | 'load' | 'open' | 'walletconnect'
  method: string
  url: string
  resourceType: string
  service: string
}

interface SampleOk {
  ok: true
  variant: VariantId
  userAgent: string
  readyMs: number
  initReturnedMs: number
  domContentLoadedMs: number | null
  loadEventMs: number | null
  busyUntilMs: number
  settleCapped: boolean
  longTaskLoadCount: number
  longTaskLoadSumMs: number
  longTaskLoadMaxMs: number
  longTasksLoad: [number, number][]
  longTaskOpenSumMs: number
  longTaskOpenMaxMs: number
  longTaskUnsupported: string | null
  scriptDurationMs: number
  taskDurationMs: number
  openCalledAtMs: number
  openMs: number
  openFrames: number
  openRafCallbacks: number
  openResolvedMs: number | null
  stillVisibleAfterWait: boolean
  heapUsedAfterOpenPreGcBytes: number
  heapUsedAfterOpenBytes: number
  /** WalletConnect picked → its QR code drawn. */
  walletConnectMs: number
  walletConnectLongTaskMaxMs: number
  /** JS heap with the QR code shown (WalletConnect's client set up), after GC. */
  heapUsedWithQrBytes: number
  requestsBeforeOpen: number
  requestsAfterOpen: number
  requests: Omit<RequestRecord, 'phase'>[]
  requestsAfter: Omit<RequestRecord, 'phase'>[]
  blocked: Record<string, number>
  errors: string[]
}

interface SampleFailed {
  ok: false
  variant: VariantId
  reason: string
  blocked: Record<string, number>
  errors: string[]
}

type Sample = SampleOk | SampleFailed

interface CpuProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  hitCount?: number
  children?: number[]
}
interface CpuProfile {
  nodes: CpuProfileNode[]
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

/** Launches a cold Chromium with the routing and recording every sample shares. */
async function coldBrowser(stack: Stack) {
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
  const blocked = new Map<string, number>()
  const requests: RequestRecord[] = []
  const errors: string[] = []
  const state = { phase: 'warmup' as RequestRecord['phase'], lastActivity: Date.now() }

  const services: [string, string][] = [
    [new URL(stack.urls.app).origin, 'app'],
    [new URL(stack.urls.api).origin, 'api'],
    [new URL(stack.urls.analytics).origin, 'analytics'],
  ]
  const serviceOf = (url: string) => {
    try {
      const origin = new URL(url).origin
      return (
        services.find(([o]) => o === origin)?.[1] ??
        (isLoopback(new URL(url)) ? 'loopback' : 'outside')
      )
    } catch {
      return 'other'
    }
  }

  // Every request leaving 127.0.0.1 is aborted (data: and blob: never reach the network).
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => {
    const url = new URL(route.request().url())
    if (isLoopback(url) || url.protocol === 'data:' || url.protocol === 'blob:')
      return route.continue()
    const key = `${route.request().method()} ${shortUrl(url)}`
    blocked.set(key, (blocked.get(key) ?? 0) + 1)
    return route.abort('blockedbyclient')
  })
  await context.routeWebSocket(
    (url) => !isLoopback(url),
    (ws) => {
      const key = `WS ${shortUrl(new URL(ws.url()))}`
      blocked.set(key, (blocked.get(key) ?? 0) + 1)
      void ws.close({ code: 1008, reason: 'blocked by bench' })
    },
  )
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('request', (request) => {
    state.lastActivity = Date.now()
    requests.push({
      phase: state.phase,
      method: request.method(),
      url: request.url(),
      resourceType: request.resourceType(),
      service: serviceOf(request.url()),
    })
  })
  page.on('pageerror', (e) => {
    if (errors.length < 20) errors.push(`pageerror: ${String(e.message || e).slice(0, 300)}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error' && errors.length < 20)
      errors.push(`console.error: ${m.text().slice(0, 300)}`)
  })
  await page.addInitScript(INIT_SCRIPT)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')

  return {
    context,
    page,
    cdp,
    blocked,
    requests,
    errors,
    state,
    async close() {
      await context.close().catch(() => undefined)
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}

/** Navigates to the bench page (after a warm-up page) and waits for walletkit:ready. */
async function loadPage(
  stack: Stack,
  browser: Awaited<ReturnType<typeof coldBrowser>>,
  variant: VariantId,
  beforeNavigate?: () => Promise<void>,
) {
  const { page } = browser
  // Warm-up navigation (not measured): the first load would otherwise pay renderer start-up.
  await page.goto(stack.urls.app + WARMUP_PATH, { waitUntil: 'load' })
  await beforeNavigate?.()
  browser.state.phase = 'load'
  browser.state.lastActivity = Date.now()
  await page.goto(stack.urls.app + PAGE_PATH + VARIANTS[variant].query, {
    waitUntil: 'load',
    timeout: 60_000,
  })
  await page.waitForFunction(
    () => {
      const w = window as unknown as BenchWindow
      return w.__wkReadyAt !== null || w.__benchInitError !== undefined
    },
    null,
    { timeout: 60_000, polling: 50 },
  )
  const ready = await page.evaluate(() => {
    const w = window as unknown as BenchWindow
    return {
      readyAt: w.__wkReadyAt,
      initReturnedAt: w.__benchInitReturnedAt ?? null,
      error: w.__benchInitError ?? null,
      hasKit: typeof w.__benchKit?.open === 'function',
    }
  })
  if (ready.error || !ready.hasKit || ready.readyAt === null || ready.initReturnedAt === null)
    throw new Error(`init failed: ${ready.error ?? 'no kit or no walletkit:ready'}`)

  // Let post-init work finish: settled once QUIET_MS pass with no request and no new long task.
  const settleStart = Date.now()
  let longTaskCount = -1
  let capped = false
  for (;;) {
    const n = await page.evaluate(() => (window as unknown as BenchWindow).__lt.length)
    if (n !== longTaskCount) {
      longTaskCount = n
      browser.state.lastActivity = Math.max(browser.state.lastActivity, Date.now())
    }
    if (Date.now() - browser.state.lastActivity >= QUIET_MS) break
    if (Date.now() - settleStart > SETTLE_CAP_MS) {
      capped = true
      break
    }
    await sleep(100)
  }
  const busyUntil = await page.evaluate(
    (sinceLast) => performance.now() - sinceLast,
    Date.now() - browser.state.lastActivity,
  )
  return { readyAt: ready.readyAt, initReturnedAt: ready.initReturnedAt, capped, busyUntil }
}

async function sample(stack: Stack, variant: VariantId): Promise<Sample> {
  let browser: Awaited<ReturnType<typeof coldBrowser>> | undefined
  try {
    browser = await coldBrowser(stack)
    const { page, cdp } = browser
    const userAgent = await page.evaluate(() => navigator.userAgent)
    const loaded = await loadPage(stack, browser, variant)
    const perf = Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    )

    // open(): from just before the call to the first animation frame at which the dialog, found
    // through the open shadow root, has a box and is displayed. Checked once per frame only.
    browser.state.phase = 'open'
    const open = (await page.evaluate(OPEN_SCRIPT)) as {
      t0: number
      t1?: number
      rafCallbacks?: number
      error?: string
    }
    if (open.error || open.t1 === undefined || open.rafCallbacks === undefined)
      throw new Error(`open failed: ${open.error ?? 'no time'}`)
    const t1 = open.t1
    await sleep(AFTER_OPEN_MS)

    const data = await page.evaluate((selector) => {
      const w = window as unknown as BenchWindow
      const nav = performance.getEntriesByType('navigation')[0] as
        | PerformanceNavigationTiming
        | undefined
      const dialog = document.querySelector('walletkit-modal')?.shadowRoot?.querySelector(selector)
      return {
        lt: w.__lt,
        ltUnsupported: w.__ltUnsupported ?? null,
        dcl: nav ? nav.domContentLoadedEventEnd : null,
        load: nav ? nav.loadEventEnd : null,
        stillVisible: dialog instanceof HTMLDialogElement && dialog.open,
        openResolvedAt: w.__benchOpenResolvedAt ?? null,
        openError: w.__benchOpenError ?? null,
      }
    }, DIALOG_SELECTOR)
    if (data.openError) throw new Error(`open() rejected: ${data.openError}`)
    const heapPre = await cdp.send('Runtime.getHeapUsage')
    await cdp.send('HeapProfiler.collectGarbage')
    const heapPost = await cdp.send('Runtime.getHeapUsage')

    // Long tasks: load = tasks over before open() was called; open = tasks overlapping [open(),
    // visible]. The task that calls open() starts a little before t0, so it counts as open's (the
    // peer harness, which splits on the start time alone, would count it as load's).
    const ltLoad = data.lt.filter(([start, duration]) => start + duration <= open.t0)
    const ltOpen = data.lt.filter(([start, duration]) => start + duration > open.t0 && start <= t1)
    const sum = (list: [number, number][]) => list.reduce((a, [, d]) => a + d, 0)
    const max = (list: [number, number][]) => list.reduce((a, [, d]) => Math.max(a, d), 0)

    // Requests the kit made: everything but the page itself and the bundle's own script tag.
    const ownFiles = new Set([
      stack.urls.app + PAGE_PATH + VARIANTS[variant].query,
      stack.urls.app + BUNDLE_URL_PATH,
    ])
    const kitRequests = (phase: RequestRecord['phase']) =>
      browser?.requests
        .filter((r) => r.phase === phase && !ownFiles.has(r.url))
        .map(({ phase: _phase, ...rest }) => rest) ?? []
    const before = kitRequests('load')
    const after = kitRequests('open')

    // WalletConnect: picked in the open modal → QR code drawn, then the heap with its client set up.
    browser.state.phase = 'walletconnect'
    const wc = (await page.evaluate(WALLETCONNECT_SCRIPT)) as {
      t0?: number
      t1?: number
      error?: string
    }
    if (wc.error || wc.t0 === undefined || wc.t1 === undefined)
      throw new Error(`WalletConnect failed: ${wc.error ?? 'no time'}`)
    const wcStart = wc.t0
    const wcEnd = wc.t1
    await sleep(AFTER_OPEN_MS)
    const ltAll = await page.evaluate(() => (window as unknown as BenchWindow).__lt)
    const ltWc = ltAll.filter(([start, duration]) => start + duration > wcStart && start <= wcEnd)
    await cdp.send('HeapProfiler.collectGarbage')
    const heapWithQr = await cdp.send('Runtime.getHeapUsage')

    return {
      ok: true,
      variant,
      userAgent,
      readyMs: loaded.readyAt,
      initReturnedMs: loaded.initReturnedAt,
      domContentLoadedMs: data.dcl,
      loadEventMs: data.load,
      busyUntilMs: loaded.busyUntil,
      settleCapped: loaded.capped,
      longTaskLoadCount: ltLoad.length,
      longTaskLoadSumMs: sum(ltLoad),
      longTaskLoadMaxMs: max(ltLoad),
      longTasksLoad: ltLoad,
      longTaskOpenSumMs: sum(ltOpen),
      longTaskOpenMaxMs: max(ltOpen),
      longTaskUnsupported: data.ltUnsupported,
      scriptDurationMs: (perf.ScriptDuration ?? 0) * 1000,
      taskDurationMs: (perf.TaskDuration ?? 0) * 1000,
      openCalledAtMs: open.t0,
      openMs: t1 - open.t0,
      openFrames: (t1 - open.t0) / FRAME_MS,
      openRafCallbacks: open.rafCallbacks,
      openResolvedMs: data.openResolvedAt === null ? null : data.openResolvedAt - open.t0,
      stillVisibleAfterWait: data.stillVisible,
      heapUsedAfterOpenPreGcBytes: heapPre.usedSize,
      heapUsedAfterOpenBytes: heapPost.usedSize,
      walletConnectMs: wcEnd - wcStart,
      walletConnectLongTaskMaxMs: max(ltWc),
      heapUsedWithQrBytes: heapWithQr.usedSize,
      requestsBeforeOpen: before.length,
      requestsAfterOpen: after.length,
      requests: before,
      requestsAfter: after,
      blocked: Object.fromEntries(browser.blocked),
      errors: browser.errors,
    }
  } catch (error) {
    return {
      ok: false,
      variant,
      reason:
        String((error as Error).message ?? error)
          .split('\n')[0]
          ?.slice(0, 400) ?? 'unknown',
      blocked: Object.fromEntries(browser?.blocked ?? []),
      errors: browser?.errors ?? [],
    }
  } finally {
    await browser?.close()
  }
}

// ───────────────────────────────────────────────────────────────── CPU profile of a load

interface HotFunction {
  name: string
  where: string
  ms: number
}
interface BusyStretch {
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

/**
 * Splits a sampled profile into stretches of main-thread work (runs of non-idle samples) and, for
 * each one over `minMs`, ranks functions by self and by inclusive time.
 */
function analyseProfile(profile: CpuProfile, minMs: number, mapFile: string): BusyStretch[] {
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
      const self = new Map<string, number>()
      const inclusive = new Map<string, number>()
      for (let k = i; k <= j; k++) {
        const dt = (((times[k + 1] ?? profile.endTime) as number) - (times[k] as number)) / 1000
        const leaf = nodes.get(samples[k] as number)
        if (!leaf) continue
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
      stretches.push({
        startMs: (start - profile.startTime) / 1000,
        durationMs,
        self: top(self),
        inclusive: top(inclusive),
      })
    }
    i = j + 1
  }
  return stretches
}

/**
 * One extra cold load, then open(), under the CPU profiler (not counted in the figures: the profiler
 * slows everything down). Names the functions behind long tasks and behind open()'s own work.
 */
async function profileLoad(stack: Stack, variant: VariantId, outDir: string, mapFile: string) {
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
      openMs: open.t1 - open.t0,
      openStretches: analyseProfile(openProfile, 5, mapFile),
    }
  } finally {
    await browser.close()
  }
}

// ───────────────────────────────────────────────────────────────── summary and tables

// ───────────────────────────────────────────────────────────────── loads without a protocol client

interface PlainReport {
  longTasks: [number, number][]
  readyAt: number | null
  initReturnedAt: number | null
  error: string | null
}
type PlainSample =
  | {
      ok: true
      readyMs: number
      longTaskLoadCount: number
      longTaskLoadSumMs: number
      longTaskLoadMaxMs: number
      longTasks: [number, number][]
    }
  | { ok: false; reason: string }

/**
 * Diagnostic, not comparable with the peer figures: the same page (analytics off) in a cold Chromium
 * started with the same flags but with no DevTools protocol client at all. A client must enable the
 * Runtime domain to evaluate anything (Playwright always does), and with it enabled V8 records a
 * detailed stack for every Error created, which makes it re-parse the functions on the stack for
 * their source positions. The page records its own long tasks and posts them to REPORT_PATH.
 */
async function samplePlain(stack: Stack, nextReport: () => Promise<string>): Promise<PlainSample> {
  const userDataDir = mkdtempSync(join(os.tmpdir(), 'walletkit-bench-plain-'))
  const url = `${stack.urls.app}${PAGE_PATH}?report=1`
  const args = [
    ...CHROME_ARGS,
    `--user-data-dir=${userDataDir}`,
    `--window-size=${VIEWPORT.width},${VIEWPORT.height}`,
    url,
  ]
  // Its own process group, so that the whole browser (every child process) can be stopped.
  const browser = spawn(CHROMIUM, args, { stdio: 'ignore', detached: true })
  const exited = new Promise<void>((r) => browser.once('exit', () => r()))
  try {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no report from the page within 30 s')), 30_000).unref(),
    )
    const report = JSON.parse(await Promise.race([nextReport(), timeout])) as PlainReport
    if (report.error || report.readyAt === null)
      throw new Error(`init failed: ${report.error ?? 'no walletkit:ready'}`)
    // As for the other loads: only tasks that started before the page was settled.
    const lt = report.longTasks
    return {
      ok: true,
      readyMs: report.readyAt,
      longTaskLoadCount: lt.length,
      longTaskLoadSumMs: lt.reduce((a, [, d]) => a + d, 0),
      longTaskLoadMaxMs: lt.reduce((a, [, d]) => Math.max(a, d), 0),
      longTasks: lt,
    }
  } catch (error) {
    return { ok: false, reason: String((error as Error).message ?? error) }
  } finally {
    const stop = (signal: NodeJS.Signals) => {
      try {
        if (browser.pid !== undefined) process.kill(-browser.pid, signal)
      } catch {
        // Already gone.
      }
    }
    stop('SIGTERM')
    await Promise.race([exited, sleep(5000)])
    stop('SIGKILL')
    await sleep(200)
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
    } catch {
      console.warn(`could not remove ${userDataDir}`)
    }
  }
}

function summarisePlain(samples: PlainSample[]) {
  const ok = samples.filter((s) => s.ok)
  const pick = (f: (s: (typeof ok)[number]) => number) => stats(ok.map(f))
  return {
    samplesOk: ok.length,
    samplesTotal: samples.length,
    failures: samples.flatMap((s) => (s.ok ? [] : [s.reason])),
    readyMs: pick((s) => s.readyMs),
    longTaskLoadCount: pick((s) => s.longTaskLoadCount),
    longTaskLoadMaxMs: pick((s) => s.longTaskLoadMaxMs),
    longTaskLoadSumMs: pick((s) => s.longTaskLoadSumMs),
    samplesWithoutLoadLongTask: ok.filter((s) => s.longTaskLoadMaxMs <= TARGETS.longTaskLoadMaxMs)
      .length,
  }
}
type PlainSummary = ReturnType<typeof summarisePlain>

function summarise(samples: Sample[]) {
  const ok = samples.filter((s): s is SampleOk => s.ok)
  const pick = (f: (s: SampleOk) => number | null) => stats(ok.map(f))
  const within = (f: (s: SampleOk) => boolean) => ok.filter(f).length
  const merge = (f: (s: Sample) => Record<string, number>) => {
    const m: Record<string, number> = {}
    for (const s of samples) for (const [k, n] of Object.entries(f(s))) m[k] = (m[k] ?? 0) + n
    return m
  }
  const distinct = (f: (s: SampleOk) => Omit<RequestRecord, 'phase'>[]) => {
    const m: Record<string, number> = {}
    for (const s of ok)
      for (const r of f(s)) {
        const key = `${r.method} ${r.service} ${new URL(r.url).pathname} (${r.resourceType})`
        m[key] = (m[key] ?? 0) + 1
      }
    return m
  }
  return {
    samplesOk: ok.length,
    samplesTotal: samples.length,
    failures: samples.filter((s): s is SampleFailed => !s.ok).map((s) => s.reason),
    readyMs: pick((s) => s.readyMs),
    initReturnedMs: pick((s) => s.initReturnedMs),
    loadEventMs: pick((s) => s.loadEventMs),
    busyUntilMs: pick((s) => s.busyUntilMs),
    longTaskLoadCount: pick((s) => s.longTaskLoadCount),
    longTaskLoadSumMs: pick((s) => s.longTaskLoadSumMs),
    longTaskLoadMaxMs: pick((s) => s.longTaskLoadMaxMs),
    longTaskOpenSumMs: pick((s) => s.longTaskOpenSumMs),
    longTaskOpenMaxMs: pick((s) => s.longTaskOpenMaxMs),
    scriptDurationMs: pick((s) => s.scriptDurationMs),
    openMs: pick((s) => s.openMs),
    openFrames: pick((s) => s.openFrames),
    openRafCallbacks: pick((s) => s.openRafCallbacks),
    openResolvedMs: pick((s) => s.openResolvedMs),
    heapUsedAfterOpenBytes: pick((s) => s.heapUsedAfterOpenBytes),
    heapUsedAfterOpenPreGcBytes: pick((s) => s.heapUsedAfterOpenPreGcBytes),
    walletConnectMs: pick((s) => s.walletConnectMs),
    walletConnectLongTaskMaxMs: pick((s) => s.walletConnectLongTaskMaxMs),
    heapUsedWithQrBytes: pick((s) => s.heapUsedWithQrBytes),
    requestsBeforeOpen: pick((s) => s.requestsBeforeOpen),
    requestsAfterOpen: pick((s) => s.requestsAfterOpen),
    requestsBeforeOpenSeen: distinct((s) => s.requests),
    requestsAfterOpenSeen: distinct((s) => s.requestsAfter),
    settleCappedSamples: within((s) => s.settleCapped),
    notVisibleAfterWait: ok.length - within((s) => s.stillVisibleAfterWait),
    samplesOpenWithinTarget: within((s) => openWithinTarget(s)),
    samplesOpenWithinFrameTime: within((s) => s.openFrames <= TARGETS.openFrames),
    samplesWithoutLoadLongTask: within((s) => s.longTaskLoadMaxMs <= TARGETS.longTaskLoadMaxMs),
    longTaskUnsupported: ok.find((s) => s.longTaskUnsupported)?.longTaskUnsupported ?? null,
    blocked: merge((s) => s.blocked),
    errorsFirstSample: samples[0]?.errors ?? [],
  }
}
type Summary = ReturnType<typeof summarise>

/** Painted in the first animation frame after open() (one frame at rAF resolution). */
function openWithinTarget(s: { openRafCallbacks: number }): boolean {
  return s.openRafCallbacks <= TARGETS.openFrames
}

const kib = (b: number) => (b / 1024).toFixed(1)
const mib = (b: number) => (b / 1048576).toFixed(1)
const fixed = (digits: number) => (x: number) => x.toFixed(digits)
function cell(s: Stats | null, f: (x: number) => string = fixed(0)): string {
  return s ? `${f(s.median)} (${f(s.min)}–${f(s.max)})` : '–'
}

interface PeerRow {
  id: string
  label: string
  samplesOk: number
  jsBeforeVisible?: { gzip: Stats; brotli: Stats; raw: Stats }
  readyMs?: Stats
  longTaskLoadMs?: Stats
  scriptDurationMs?: Stats
  openMs?: Stats
  longTaskOpenMs?: Stats
  heapUsedAfterOpenBytes?: Stats
}

function readPeers(
  peersDir: string,
): { file: string; generatedAt: string; peers: PeerRow[] } | null {
  const file = join(peersDir, 'results', 'peers.json')
  try {
    const o = JSON.parse(readFileSync(file, 'utf8')) as { generatedAt: string; peers: PeerRow[] }
    return { file, generatedAt: o.generatedAt, peers: o.peers.filter((p) => p.samplesOk > 0) }
  } catch {
    return null
  }
}

function renderTables(
  result: {
    bundle: ReturnType<typeof bundleSizes>
    variants: Partial<Record<VariantId, Summary>>
    samplesPerVariant: number
    plain: PlainSummary | null
  },
  peers: ReturnType<typeof readPeers>,
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

// ───────────────────────────────────────────────────────────────── peer benchmark

function runPeers(peersDir: string, bundleFile: string): number {
  const setupHint = [
    `The peer benchmark is not set up in ${peersDir} (no peers/ or node_modules/ there). Set it up once`,
    '(needs the npm registry, ~3 min, writes peers/ and node_modules/ there), then run again:',
    `  (cd ${relative(ROOT, peersDir) || '.'} && bash setup-peers.sh)`,
    '  npm run bench -- --peers',
  ].join('\n')
  if (!existsSync(join(peersDir, 'run-peers.mjs'))) {
    console.log(`\nNo peer benchmark at ${peersDir} (run-peers.mjs is missing).`)
    return 0
  }
  if (!existsSync(join(peersDir, 'peers')) || !existsSync(join(peersDir, 'node_modules'))) {
    console.log(`\n${setupHint}`)
    return 0
  }
  const args = [
    'run-peers.mjs',
    '--ours',
    bundleFile,
    '--ours-call',
    "WalletKit.init({projectId:'0123456789abcdef0123456789abcdef', features:{analytics:false}})",
    '--only',
    'baseline,appkit-cdn,web3-onboard,rainbowkit,ours',
    '--out',
    'results/with-ours',
    '--no-screenshots',
  ]
  console.log(
    `\n▶ peer benchmark: (cd ${peersDir} && node ${args.map((a) => (/[\s'(){},]/.test(a) ? `"${a}"` : a)).join(' ')})`,
  )
  const result = spawnSync(process.execPath, args, { cwd: peersDir, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`peer benchmark failed (exit ${result.status ?? result.signal})`)
    return 1
  }
  const table = join(peersDir, 'results', 'with-ours.md')
  console.log(`\nPeer table with ours: ${table} (and with-ours.json beside it)`)
  try {
    const lines = readFileSync(table, 'utf8').split('\n')
    const first = lines.findIndex((l) => l.startsWith('|'))
    const end = lines.findIndex((l, i) => i > first && !l.startsWith('|'))
    if (first >= 0) console.log(`\n${lines.slice(first, end < 0 ? undefined : end).join('\n')}`)
  } catch {
    // The path was printed; the table itself is a convenience.
  }
  return 0
}

// ───────────────────────────────────────────────────────────────── main

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2))
  if (!existsSync(args.bundle)) {
    console.error(`${shownPath(args.bundle)} is missing: run \`npm run build\` first.`)
    return 1
  }
  if (!existsSync(CHROMIUM)) {
    console.error(
      `No Chromium at ${CHROMIUM} (set CHROMIUM=…, or run node scripts/ensure-chromium.mjs).`,
    )
    return 1
  }
  if (args.samples < 5)
    console.warn(`note: ${args.samples} samples; use at least 5 for figures worth quoting`)
  const outDir = dirname(args.out)
  mkdirSync(outDir, { recursive: true })

  // A snapshot, so that a rebuild while the bench runs cannot change what is measured.
  const snapshot = join(mkdtempSync(join(os.tmpdir(), 'walletkit-bench-bundle-')), 'walletkit.js')
  copyFileSync(args.bundle, snapshot)
  if (existsSync(`${args.bundle}.map`)) copyFileSync(`${args.bundle}.map`, `${snapshot}.map`)
  const bundle = bundleSizes(snapshot)
  const bundleCode = readFileSync(snapshot)
  const source = describeSource(args.bundle)
  const loadAtStart = os.loadavg().map((x) => +x.toFixed(2))
  const started = Date.now()
  const stack = await startStack()
  const samples: Record<VariantId, Sample[]> = { off: [], on: [] }
  const plainSamples: PlainSample[] = []
  const reports: string[] = []
  const reportWaiters: ((body: string) => void)[] = []
  const nextReport = () =>
    new Promise<string>((resolve) => {
      const ready = reports.shift()
      if (ready !== undefined) resolve(ready)
      else reportWaiters.push(resolve)
    })
  const profiles: Awaited<ReturnType<typeof profileLoad>>[] = []
  let lifecycle: LifecycleResult | undefined
  let openResult: OpenBenchResult | undefined
  try {
    stack.static.mount(WARMUP_PATH, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(
        '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>warm-up</title></head><body>warm-up navigation (not measured)</body></html>',
      )
    })
    stack.static.mount(BUNDLE_URL_PATH, (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' })
        res.end()
        return
      }
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': bundleCode.length,
      })
      res.end(req.method === 'HEAD' ? undefined : bundleCode)
    })
    stack.static.mount(REPORT_PATH, (req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      req.on('end', () => {
        res.writeHead(204)
        res.end()
        const waiter = reportWaiters.shift()
        if (waiter) waiter(body)
        else reports.push(body)
      })
    })
    console.log(
      `WalletKit bench: ${args.samples} cold loads × ${args.variants.map((v) => VARIANTS[v].label).join(', ')} (${shownPath(args.bundle)}, ${kib(bundle.raw)} KiB, sha256 ${bundle.sha256.slice(0, 12)})`,
    )
    // Rounds interleave the variants, so a burst of noise on the machine hits both alike.
    for (let round = 1; round <= args.samples; round++) {
      for (const variant of args.variants) {
        const s = await sample(stack, variant)
        samples[variant].push(s)
        console.log(
          `[${round}/${args.samples}] ${VARIANTS[variant].label}: ${
            s.ok
              ? `ready ${s.readyMs.toFixed(0)} ms, long tasks ${s.longTaskLoadCount} (max ${s.longTaskLoadMaxMs.toFixed(0)} ms), open ${s.openMs.toFixed(1)} ms (${s.openRafCallbacks} rAF), heap ${mib(s.heapUsedAfterOpenBytes)} MB, requests ${s.requestsBeforeOpen} before / ${s.requestsAfterOpen} after open`
              : `FAILED: ${s.reason}`
          }`,
        )
      }
      if (args.plain) {
        const s = await samplePlain(stack, nextReport)
        plainSamples.push(s)
        console.log(
          `[${round}/${args.samples}] no protocol client (diagnostic): ${
            s.ok
              ? `ready ${s.readyMs.toFixed(0)} ms, long tasks ${s.longTaskLoadCount} (max ${s.longTaskLoadMaxMs.toFixed(0)} ms)`
              : `FAILED: ${s.reason}`
          }`,
        )
      }
    }
    if (args.profile)
      for (const variant of args.variants) {
        const p = await profileLoad(stack, variant, outDir, `${snapshot}.map`)
        profiles.push(p)
        console.log(`profiled ${VARIANTS[variant].label}: ${p.files.join(', ')}`)
      }
    if (args.lifecycle) {
      console.log('SECURITY.md row 27: 1 000 open/close and 100 init/destroy cycles…')
      lifecycle = await runLifecycleBench(stack, { bundle: snapshot })
    }
    if (args.open) {
      console.log('open() per view beside a bare dialog, at 1× and 4× CPU…')
      openResult = await runOpenBench(stack, { samples: args.openSamples, rates: [1, 4] })
    }
  } finally {
    await stack.stop()
  }

  const variants: Partial<Record<VariantId, Summary>> = {}
  for (const v of args.variants) variants[v] = summarise(samples[v])
  const plain = args.plain ? summarisePlain(plainSamples) : null
  const firstOk = Object.values(samples)
    .flat()
    .find((s): s is SampleOk => s.ok)
  const machine = {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? null,
    memGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium: chromiumVersion(),
    userAgent: firstOk?.userAgent ?? null,
    playwrightCore: (
      JSON.parse(
        readFileSync(join(ROOT, 'node_modules', 'playwright-core', 'package.json'), 'utf8'),
      ) as { version: string }
    ).version,
    loadavgAtStart: loadAtStart,
    loadavgAtEnd: os.loadavg().map((x) => +x.toFixed(2)),
  }
  const result = {
    generatedAt: new Date().toISOString(),
    durationS: Math.round((Date.now() - started) / 1000),
    machine,
    bundle: { file: shownPath(args.bundle), ...bundle, source },
    samplesPerVariant: args.samples,
    lifecycle: lifecycle ?? null,
    openPerView: openResult ?? null,
    targets: {
      gzipBytes: TARGETS.gzipBytes,
      openFrames: TARGETS.openFrames,
      longTaskLoadMaxMs: TARGETS.longTaskLoadMaxMs,
    },
    method: {
      chromiumArgs: CHROME_ARGS,
      viewport: VIEWPORT,
      page: `${PAGE_PATH} from the local stack's app server: a plain <script src="/cdn-dist/walletkit.js">, then WalletKit.init({ projectId, apiUrl, analyticsUrl, networks: ['eip155:31337'], features: { analytics } }) inline`,
      cold: 'each sample is a fresh Chromium with a fresh user-data-dir; a warm-up navigation to a blank page of the same server precedes the measured one',
      network:
        'every request to a host other than 127.0.0.1 is aborted by a context route; WebSockets to other hosts are closed',
      readyMs:
        'performance.now() at the walletkit:ready event on window (0 = navigation start), recorded by an init script',
      longTasks: `PerformanceObserver longtask (buffered); load = tasks that ended before open() was called (open = tasks overlapping open() → visible), which is once the page has been quiet (no request, no new long task) for ${QUIET_MS} ms, at most ${SETTLE_CAP_MS} ms after ready`,
      openMs:
        'from just before kit.open() to the first requestAnimationFrame callback at which the dialog (through the open shadow root of <walletkit-modal>) has a non-zero box and is not display:none / visibility:hidden; frames = ms / 16.7',
      heap: `CDP HeapProfiler.collectGarbage then Runtime.getHeapUsage usedSize, ${AFTER_OPEN_MS} ms after the dialog became visible`,
      requests:
        'requests the page made other than the page itself and walletkit.js: before open = after navigation until open() is called; after open = from open() to the heap measurement',
      sizes: 'gzip level 9 and brotli quality 11 of cdn-dist/walletkit.js, with Node zlib',
      plain: `diagnostic only: ${PAGE_PATH}?report=1 (analytics off) in a cold Chromium with the same flags and no DevTools protocol client; the page records long tasks and walletkit:ready itself and posts them 1500 ms after the load event`,
    },
    variants,
    plain,
    profiles,
    samples: Object.fromEntries(args.variants.map((v) => [v, samples[v]])),
    plainSamples,
  }
  writeFileSync(args.out, `${JSON.stringify(result, null, 2)}\n`)

  const peers = readPeers(args.peersDir)
  console.log(`\n## WalletKit benchmark, ${result.generatedAt}\n`)
  console.log(
    `Machine: ${machine.nproc} CPUs (${machine.cpu}), load average ${machine.loadavgAtStart.join(' / ')} at start, ${machine.loadavgAtEnd.join(' / ')} at end; ${machine.chromium ?? 'chromium ?'}; Node ${machine.node}.\n`,
  )
  console.log(
    `Bundle: ${result.bundle.file}, sha256 ${bundle.sha256.slice(0, 12)}${
      source
        ? `, built from git ${source.gitHead ?? '?'}${source.uncommittedSrcFiles ? ` with ${source.uncommittedSrcFiles} uncommitted file(s) under src/` : ''}`
        : ''
    }.\n`,
  )
  console.log(renderTables(result, peers))
  if (lifecycle)
    console.log(
      `\nSECURITY.md row 27 (${lifecycle.durationS} s, one Chromium, analytics off):\n${renderLifecycle(lifecycle)}`,
    )
  if (openResult) {
    console.log(`\n${renderOpen(openResult)}`)
    if (args.writeBaseline) {
      writeBaseline(openResult)
      console.log('wrote docs/bench-open-baseline.json')
    }
  }
  for (const [id, s] of Object.entries(variants)) {
    if (!s) continue
    const notes: string[] = []
    if (s.failures.length)
      notes.push(`${s.failures.length} failed sample(s): ${[...new Set(s.failures)].join('; ')}`)
    if (s.longTaskUnsupported) notes.push(`longtask observer unsupported: ${s.longTaskUnsupported}`)
    if (s.settleCappedSamples)
      notes.push(`${s.settleCappedSamples} load(s) never settled (capped at ${SETTLE_CAP_MS} ms)`)
    if (s.notVisibleAfterWait)
      notes.push(`${s.notVisibleAfterWait} dialog(s) closed again within ${AFTER_OPEN_MS} ms`)
    if (Object.keys(s.blocked).length)
      notes.push(
        `aborted: ${Object.entries(s.blocked)
          .map(([k, n]) => `${k} ×${n}`)
          .join(', ')}`,
      )
    if (s.errorsFirstSample.length)
      notes.push(`errors in the first sample: ${s.errorsFirstSample.join(' | ')}`)
    const seen = (m: Record<string, number>) =>
      Object.entries(m)
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ') || 'none'
    notes.push(`requests before open: ${seen(s.requestsBeforeOpenSeen)}`)
    notes.push(`requests after open: ${seen(s.requestsAfterOpenSeen)}`)
    console.log(`\n${VARIANTS[id as VariantId].label}:\n${notes.map((n) => `- ${n}`).join('\n')}`)
  }
  for (const p of profiles) {
    const fn = (f: HotFunction) => `${f.name} [${f.where}] ${f.ms} ms`
    const print = (list: BusyStretch[], none: string) => {
      if (!list.length) console.log(`- ${none}`)
      for (const st of list) {
        console.log(
          `- busy ${st.durationMs.toFixed(0)} ms from +${st.startMs.toFixed(0)} ms; by self time: ${st.self.slice(0, 6).map(fn).join('; ')}`,
        )
        console.log(`  by inclusive time: ${st.inclusive.slice(0, 10).map(fn).join('; ')}`)
      }
    }
    console.log(
      `\nCPU profile, ${VARIANTS[p.variant].label}: one more load and open (${p.files.join(', ')}; slower under the profiler)`,
    )
    console.log(
      `load: ready ${p.readyMs.toFixed(0)} ms; long tasks ${p.longTasks.map(([s, d]) => `${d.toFixed(0)} ms at ${s.toFixed(0)} ms`).join(', ') || 'none'}`,
    )
    print(p.stretches, 'no stretch of main-thread work over 50 ms')
    console.log(`open: painted after ${p.openMs.toFixed(1)} ms`)
    print(p.openStretches, 'no stretch of main-thread work over 5 ms')
  }
  console.log(`\nwrote ${relative(process.cwd(), args.out)} (${result.durationS} s)`)

  let code = 0
  const failed =
    Object.values(variants).reduce((n, s) => n + (s ? s.samplesTotal - s.samplesOk : 0), 0) +
    (plain ? plain.samplesTotal - plain.samplesOk : 0)
  if (plain?.failures.length)
    console.error(`\nno protocol client: ${[...new Set(plain.failures)].join('; ')}`)
  if (failed) {
    console.error(
      `\n${failed} sample(s) could not be measured: see the notes above and ${relative(process.cwd(), args.out)}`,
    )
    code = 1
  }
  if (args.peers && runPeers(args.peersDir, snapshot) !== 0) code = 1
  rmSync(dirname(snapshot), { recursive: true, force: true })
  return code
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage()}`)
      process.exit(2)
    }
    console.error(error)
    process.exit(1)
  },
)
