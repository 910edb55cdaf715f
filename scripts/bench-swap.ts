// Typing an amount into the Swap view, measured in Chromium on the local stack: the long tasks
// (over 50 ms) while a visitor types and the quotes come back, and the longest input handling.
// A benchmark, not a test: `npx tsx scripts/bench-swap.ts` after `npm run build`.
import { launchBrowser } from '../test/e2e/support/browser'
import { HostPage, PAGES } from '../test/e2e/support/host-page'
import { recordEvents } from '../test/e2e/support/recorders'
import { networkObjects, startChainStack } from '../test/e2e/support/suite'
import { createTestWallet, installTestWallet } from '../test/stack/wallet/index'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
const AMOUNTS = ['1234.5678', '0.25', '99999', '3000.123456']

async function main() {
  const [stack, browser] = await Promise.all([startChainStack(), launchBrowser()])
  const results: {
    longTasks: number[]
    slowestEventMs: number
    cpuLongest: number
    cpuOver50: number
  }[] = []
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const context = await browser.newContext()
      await recordEvents(context)
      const wallet = createTestWallet({ chains: stack.chains, accountIndex: round % 5 })
      const { info } = await installTestWallet(context, wallet)
      const page = await context.newPage()
      const host = new HostPage(page, stack)
      await host.goto(PAGES.blank)
      await host.init(
        host.options({
          networks: networkObjects(stack.chains).map((n, i) => ({
            ...n,
            swapRouter: stack.chains[i]?.router,
          })),
        }),
      )
      await host.waitForReady()
      await page.evaluate(() => window.WalletKit?.init().open())
      await page.locator(`[data-wallet-id="eip6963:${info.uuid}"]`).click()
      await page.waitForFunction(() => window.WalletKit?.init().getState().status === 'connected')
      await page.evaluate(() => window.WalletKit?.init().open({ view: 'Swap' }))
      await page.locator('[data-testid="wk-swap-pay-token"]').waitFor()
      await page.locator('[data-testid="wk-swap-receive-token"]').click()
      await page.locator('[data-testid="wk-swap-selector-suggested"] [data-symbol="USDC"]').click()
      // Observe from here on: only typing and the quotes it brings.
      await page.evaluate(() => {
        const seen: { longTasks: number[]; slowestEventMs: number } = {
          longTasks: [],
          slowestEventMs: 0,
        }
        ;(window as unknown as { __bench: typeof seen }).__bench = seen
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            seen.longTasks.push(entry.duration)
            if ((window as unknown as { __verbose?: boolean }).__verbose)
              console.log(`longtask ${entry.startTime.toFixed(0)} ${entry.duration.toFixed(0)}`)
          }
        }).observe({ type: 'longtask' })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as PerformanceEventTiming[])
            seen.slowestEventMs = Math.max(
              seen.slowestEventMs,
              entry.processingEnd - entry.processingStart,
            )
        }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit)
      })
      if (process.env.VERBOSE) {
        page.on('console', (m) => console.log(round, m.text()))
        await page.evaluate(() => {
          ;(window as unknown as { __verbose: boolean }).__verbose = true
          document.addEventListener(
            'keydown',
            () => console.log(`key ${performance.now().toFixed(0)}`),
            true,
          )
          const f = window.fetch
          window.fetch = (input, init) => {
            const url = String(input)
            console.log(
              `fetch ${performance.now().toFixed(0)} ${url.slice(url.indexOf('/v1'), url.indexOf('?') > 0 ? url.indexOf('?') : undefined)}`,
            )
            return f(input, init)
          }
        })
      }
      const input = page.locator('[data-testid="wk-swap-pay-amount"]')
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
      })
      for (const amount of AMOUNTS) {
        await input.fill('')
        await input.pressSequentially(amount, { delay: 40 })
        await page.waitForFunction(
          () =>
            document
              .querySelector('walletkit-modal')
              ?.shadowRoot?.querySelector<HTMLInputElement>(
                '[data-testid="wk-swap-receive-amount"]',
              )?.value !== '',
        )
      }
      const trace = JSON.parse((await browser.stopTracing()).toString()) as {
        traceEvents: { name: string; ph: string; dur?: number; tdur?: number; tid: number }[]
      }
      // The renderer's main thread is the one that ran the most RunTask time.
      const tasks = trace.traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X')
      const byThread = new Map<number, number>()
      for (const t of tasks) byThread.set(t.tid, (byThread.get(t.tid) ?? 0) + (t.dur ?? 0))
      const main = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0]
      const cpu = tasks.filter((t) => t.tid === main).map((t) => (t.tdur ?? 0) / 1000)
      const seen = await page.evaluate(
        () =>
          (window as unknown as { __bench: { longTasks: number[]; slowestEventMs: number } })
            .__bench,
      )
      results.push({
        ...seen,
        cpuLongest: Math.max(0, ...cpu),
        cpuOver50: cpu.filter((d) => d > 50).length,
      })
      await context.close()
    }
  } finally {
    await browser.close()
    await stack.stop()
  }
  const longest = Math.max(0, ...results.flatMap((r) => r.longTasks))
  const count = results.reduce((n, r) => n + r.longTasks.length, 0)
  const slowest = Math.max(...results.map((r) => r.slowestEventMs))
  if (process.env.VERBOSE) console.log(JSON.stringify(results))
  const cpuLongest = Math.max(...results.map((r) => r.cpuLongest))
  const cpuOver50 = results.reduce((n, r) => n + r.cpuOver50, 0)
  console.log(
    `main-thread CPU per task (trace tdur, not stretched by other processes): longest ${cpuLongest.toFixed(1)} ms, ${cpuOver50} over 50 ms`,
  )
  console.log(
    `swap typing: ${ROUNDS} rounds × ${AMOUNTS.length} amounts typed key by key; long tasks over 50 ms: ${count} (longest ${longest.toFixed(0)} ms); slowest input handling ${slowest.toFixed(1)} ms`,
  )
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
