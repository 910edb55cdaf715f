// Activity with 500 history items: long tasks while the Transactions view opens, pages through 500
// real transactions of the local chain and is scrolled from top to bottom, in headless Chromium.
// Run after `npm run build`:
//
//   tsx scripts/bench-activity.ts [--samples 3] [--items 500]
//
// A benchmark, not a test: a long task over 50 ms is reported, never an exit code. It exits
// non-zero only when it could not measure (no bundle, no browser, a view that did not show).
import { existsSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { sendAs, testAccount } from '../test/stack/chain/index'
import { startStack } from '../test/stack/index'
import { PROJECT_ROOT } from '../test/stack/static-server'
import { createTestWallet, installTestWallet } from '../test/stack/wallet/index'
import { stackKitOptions, traced } from './bench-common'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const SAMPLES = arg('samples', 3)
/** With --profile: the CPU profile of the first sample, its busiest functions printed. */
const PROFILE = process.argv.includes('--profile')
const ITEMS = arg('items', 500)
/** Mnemonic account that sends the transactions (funded with ether, no tokens). */
const SENDER = 7
const LONG_TASK_MS = 50

if (!existsSync(join(PROJECT_ROOT, 'cdn-dist', 'walletkit.js'))) {
  console.error('cdn-dist/walletkit.js is missing: run `npm run build` first.')
  process.exit(1)
}

const stack = await startStack({ chains: true })
const chain = stack.chains[0]
const api = stack.blockchainApi
if (!chain || !api) throw new Error('the stack started without chains')
const sender = testAccount(SENDER)
console.log(`sending ${ITEMS} transactions on chain ${chain.chainId}…`)
for (let i = 0; i < ITEMS; i++)
  await sendAs(chain, sender, { to: testAccount(6).address, value: BigInt(i + 1), gas: 21_000n })
// Pages as large as the kit reads (100), so 500 items take five pages.
api.history.pageSize = 100

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
})

type Phase = 'open' | 'paging' | 'scroll'
/** One phase: its wall time, the browser's long tasks (wall ms), and the longest task's thread (CPU) ms. */
type Measured = { ms: number; longTasks: number[]; maxCpuMs: number }
type Sample = Record<Phase, Measured>

async function sample(): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[][] }
    w.__longTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration])
    }).observe({ type: 'longtask', buffered: true })
  })
  const wallet = createTestWallet({ chains: stack.chains, accountIndex: SENDER })
  const { info } = await installTestWallet(context, wallet)
  const page = await context.newPage()
  await page.goto(`${stack.urls.app}/test/e2e/pages/blank.html`)
  await page.evaluate(
    (o) => (window as unknown as { WalletKit: { init(o: unknown): unknown } }).WalletKit.init(o),
    stackKitOptions(stack),
  )
  type Kit = { open(p?: unknown): Promise<void>; getState(): { status: string } }
  const kitIn = () => (window as unknown as { WalletKit: { init(): Kit } }).WalletKit.init()
  await page.evaluate(`(${kitIn})().open()`)
  await page.locator(`[data-wallet-id="eip6963:${info.uuid}"]`).click()
  await page.waitForFunction(`(${kitIn})().getState().status === 'connected'`)
  const tasksSince = async (t0: number) =>
    (await page.evaluate(() => (window as unknown as { __longTasks: number[][] }).__longTasks))
      .filter(([start]) => (start ?? 0) >= t0)
      .map(([, duration]) => Math.round(duration ?? 0))
  const now = () => page.evaluate(() => performance.now())
  const count = () =>
    page
      .locator('[data-testid="wk-history-list"] li')
      .first()
      .getAttribute('aria-setsize')
      .then(Number)
  const list = page.locator('[data-testid="wk-history-list"]')

  const cdp = await context.newCDPSession(page)
  const profiling = PROFILE && samples.length === 0
  if (profiling) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  const phase = async (fn: () => Promise<void>): Promise<Measured> => {
    const t0 = await now()
    const maxCpuMs = await traced(cdp, fn)
    return { ms: Math.round((await now()) - t0), longTasks: await tasksSince(t0), maxCpuMs }
  }
  const open = await phase(async () => {
    await page.evaluate(`(${kitIn})().open({ view: 'Transactions' })`)
    await list.waitFor()
  })

  const paging = await phase(async () => {
    while ((await count()) < ITEMS) {
      const before = await count()
      await list.evaluate((el) => {
        el.scrollTop = el.scrollHeight
      })
      const deadline = Date.now() + 20_000
      while ((await count()) <= before) {
        if (Date.now() > deadline) throw new Error(`no page after ${before} entries`)
        await page.waitForTimeout(50)
      }
    }
  })

  const scroll = await phase(() =>
    list.evaluate(async (el) => {
      el.scrollTop = 0
      while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
        el.scrollTop += 240
        await new Promise((r) => requestAnimationFrame(() => r(null)))
      }
    }),
  )
  if (profiling) printProfile((await cdp.send('Profiler.stop')).profile)
  await context.close()
  return { open, paging, scroll }
}

type Profile = {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  }[]
  samples?: number[]
  timeDeltas?: number[]
}
/** The functions with the most self time, by name and place (bundle columns, for the source map). */
function printProfile(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const self = new Map<string, number>()
  ;(profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)
    const key = f
      ? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`
      : '?'
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000)
  })
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)
  console.log('\nself time (ms), first sample:')
  for (const [key, ms] of top) console.log(`${ms.toFixed(1).padStart(8)}  ${key}`)
}

const samples: Sample[] = []
for (let i = 0; i < SAMPLES; i++) samples.push(await sample())
await browser.close()
await stack.stop()

const rows = (['open', 'paging', 'scroll'] as const).map((phase) => {
  const tasks = samples.flatMap((s) => s[phase].longTasks)
  const max = tasks.length ? Math.max(...tasks) : 0
  const ms = samples.map((s) => s[phase].ms).sort((a, b) => a - b)
  const cpu = Math.max(...samples.map((s) => s[phase].maxCpuMs))
  return `| ${phase} | ${ms[Math.floor(ms.length / 2)]} ms | ${tasks.length} | ${max ? `${max} ms` : '–'} | ${cpu} ms | ${cpu > LONG_TASK_MS ? 'FAIL' : 'PASS'} |`
})
console.log(
  [
    `\nActivity with ${ITEMS} items, ${SAMPLES} samples; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores.`,
    `Long tasks: the browser's (over ${LONG_TASK_MS} ms of wall time, which a busy machine stretches);`,
    `thread time: the most CPU one main-thread task used (what the page itself did).\n`,
    '| phase | median time | long tasks | longest (wall) | longest task (thread time) | under 50 ms of work |',
    '|---|--:|--:|--:|--:|---|',
    ...rows,
  ].join('\n'),
)
