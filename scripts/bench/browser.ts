// A cold Chromium for one sample, with what every sample records (requests by phase, requests that
// were aborted for leaving 127.0.0.1, page errors), and the load of the bench page in it up to the
// moment the page has settled after walletkit:ready.
import type { Stack } from '../../test/stack/index'
import { launchChromium, PAGE_PATH, sleep } from '../bench-common'
import { type BenchWindow, INIT_SCRIPT } from './page-scripts'
import { QUIET_MS, SETTLE_CAP_MS, VARIANTS, type VariantId, WARMUP_PATH } from './settings'

const isLoopback = (url: URL) => url.hostname === '127.0.0.1'
const shortUrl = (url: URL) => `${url.protocol}//${url.host}${url.pathname}`

/** One request the page made, with the phase of the sample it was made in. */
export interface RequestRecord {
  phase: 'warmup' | 'load' | 'open' | 'walletconnect'
  method: string
  url: string
  resourceType: string
  service: string
}

/** Launches a cold Chromium with the routing and recording every sample shares. */
export async function coldBrowser(stack: Stack) {
  const { context, close } = await launchChromium()
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
    close,
  }
}

/** A browser coldBrowser() launched, with what it records. */
export type ColdBrowser = Awaited<ReturnType<typeof coldBrowser>>

/** Navigates to the bench page (after a warm-up page) and waits for walletkit:ready. */
export async function loadPage(
  stack: Stack,
  browser: ColdBrowser,
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
