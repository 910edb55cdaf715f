// One sample of `npm run bench`: a cold load of the bench page in a fresh Chromium, then open() to
// the frame the dialog shows, the heap after it, and WalletConnect picked to its QR code drawn.
import type { Stack } from '../../test/stack/index'
import { DIALOG_SELECTOR, PAGE_PATH, sleep } from '../bench-common'
import { type ColdBrowser, coldBrowser, loadPage, type RequestRecord } from './browser'
import { longestMs, totalMs } from './long-tasks'
import { type BenchWindow, OPEN_SCRIPT, WALLETCONNECT_SCRIPT } from './page-scripts'
import { AFTER_OPEN_MS, BUNDLE_URL_PATH, FRAME_MS, VARIANTS, type VariantId } from './settings'

/** The figures of a sample that measured everything. */
export interface SampleOk {
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

/** A sample that could not measure: why, and what was aborted or logged on the way. */
export interface SampleFailed {
  ok: false
  variant: VariantId
  reason: string
  blocked: Record<string, number>
  errors: string[]
}

/** One sample, measured or failed. */
export type Sample = SampleOk | SampleFailed

/** Measures one cold load of a variant, then open() and WalletConnect in it; never throws. */
export async function sample(stack: Stack, variant: VariantId): Promise<Sample> {
  let browser: ColdBrowser | undefined
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
      longTaskLoadSumMs: totalMs(ltLoad),
      longTaskLoadMaxMs: longestMs(ltLoad),
      longTasksLoad: ltLoad,
      longTaskOpenSumMs: totalMs(ltOpen),
      longTaskOpenMaxMs: longestMs(ltOpen),
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
      walletConnectLongTaskMaxMs: longestMs(ltWc),
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
