// `npm run bench:hostile-catalogue`: SECURITY.md row 11's long-task part. A hostile catalogue of
// 5 000 wallets (script and markup, bidi and zero-width letters, overlong and confusable names,
// prototype keys) is paged through in All Wallets on a 4× slower CPU while 1 000 EIP-6963
// announcements arrive; every long task is recorded. A benchmark, not a test: a task over 50 ms is
// reported, never an exit code. It exits non-zero only when it could not measure.
// Run after `npm run build`.
//
//   tsx scripts/bench-hostile-catalogue.ts [--wallets 5000] [--cpu 4]
import { chromium } from 'playwright-core'
import { wallets as fixtureWallets } from '../test/fixtures/wallets'
import { startStack } from '../test/stack/index'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback
}
const COUNT = arg('--wallets', 5000)
const CPU = arg('--cpu', 4)
const ANNOUNCEMENTS = 1000
/** How long the list may take to page through everything on the slowed CPU. */
const CAP_MS = 300_000
const LONG_TASK_MS = 50

/** Names a hostile catalogue would carry; each wallet gets one, with its number. */
const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  'Meta\u202eksaMateM',
  'Meta\u200b\u200dMask',
  'MetaMask\u3164',
  'М\u0435t\u0430Mask',
  'rnetamask',
  '__proto__',
  'constructor',
  'W'.repeat(10_000),
  '\u0000\u0007\u001b[31m',
]

const hex = (n: number) => n.toString(16).padStart(64, '0')
const hostile = Array.from({ length: COUNT }, (_, i) => {
  const base = fixtureWallets[i % fixtureWallets.length]
  if (!base) throw new Error('no fixture wallet')
  return {
    ...base,
    id: hex(0xbad0000 + i),
    name: `${PAYLOADS[i % PAYLOADS.length]} ${i}`,
    order: i + 1,
  }
})

const stack = await startStack({})
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
})
let tasks: number[] = []
let shown = 0
let elapsed = 0
try {
  stack.catalog.setWallets(hostile)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript('window.__name = (f) => f')
  const page = await context.newPage()
  await page.goto(`${stack.urls.app}/test/e2e/pages/blank.html`)
  await page.evaluate((o) => window.WalletKit?.init(o as never), {
    projectId: stack.projectId,
    networks: [
      {
        caipNetworkId: 'eip155:1',
        name: 'Ethereum',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: 'http://127.0.0.1:9/',
      },
    ],
    apiUrl: stack.urls.api,
    analyticsUrl: stack.urls.analytics,
    relayUrl: stack.urls.relay,
    features: { analytics: false },
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: number[] }
    w.__tasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__tasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  })
  const start = Date.now()
  await page.evaluate(() => window.WalletKit?.init().open({ view: 'AllWallets' as never }))
  // The flood, while the list renders: one provider each, names from the same payloads.
  await page.evaluate(
    ({ n, payloads }) => {
      for (let i = 0; i < n; i++) {
        const detail = Object.freeze({
          info: Object.freeze({
            uuid: crypto.randomUUID(),
            name: `${payloads[i % payloads.length]} ${i}`,
            icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
            rdns: `com.flood${i}`,
          }),
          provider: Object.freeze({ request: async () => [] }),
        })
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      }
    },
    { n: ANNOUNCEMENTS, payloads: PAYLOADS },
  )
  const wallets = page.locator('[data-testid="wk-wallet-grid"] [data-testid="wk-wallet"]')
  await wallets.first().waitFor({ timeout: 60_000 })
  // Page through: the last button into view, until every wallet is shown or nothing more comes.
  let still = 0
  while (Date.now() - start < CAP_MS && still < 5) {
    const count = await wallets.count()
    if (count >= COUNT) break
    await page.locator('[data-testid="wk-all-wallets-sentinel"]').scrollIntoViewIfNeeded()
    await page.waitForTimeout(1000)
    still = (await wallets.count()) === count ? still + 1 : 0
  }
  shown = await wallets.count()
  elapsed = Date.now() - start
  await page.waitForTimeout(1000)
  tasks = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks)
  await context.close()
} finally {
  await browser.close()
  await stack.stop()
}
const over = tasks.filter((ms) => ms > LONG_TASK_MS)
console.log(
  `Hostile catalogue: ${shown} of ${COUNT} wallets shown in ${(elapsed / 1000).toFixed(0)} s with ${ANNOUNCEMENTS} announcements, CPU ${CPU}× slower`,
)
console.log(
  `  long tasks over ${LONG_TASK_MS} ms: ${over.length} (longest ${Math.max(0, ...tasks).toFixed(0)} ms)${over.length ? '  ✗ target missed' : '  ✓'}`,
)
