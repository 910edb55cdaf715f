// `npm run bench:lifecycle`: SECURITY.md row 27 at full counts for every view (issue 31 G4). In one
// Chromium on the local stack with the chains, every view the router knows (test/e2e/support/
// churn.ts lists the few it leaves out and why) is opened and closed N times, not connected and
// then with the test wallet connected, and the kit is created and destroyed M times in each state.
// Heap after GC, DOM nodes and listeners (window, document, the modal's host and shadow tree) are
// read before and after each run. Unlike `npm run bench`, a regression fails: the exit code is 1
// when a run's heap grew by 1 MB or more, or a listener count did not return to its start. V8's
// compiled code is read from a heap snapshot at both ends of each run and not counted in the growth
// judged (code optimised during a run stays, once; `--no-code` skips the snapshots and counts it).
//
//   tsx scripts/bench-churn.ts [--cycles 1000] [--init-destroy 100] [--warmup 5] [--qr-warmup 100]
//                              [--views A,B] [--pairing-settle 0] [--no-code]
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import {
  type ChurnResult,
  failures,
  initKit,
  NOT_CHURNED,
  renderChurn,
  runChurn,
  unaccountedViews,
} from '../test/e2e/support/churn'
import { HostPage, PAGES } from '../test/e2e/support/host-page'
import { startStack } from '../test/stack/index'
import { createTestWallet, installTestWallet } from '../test/stack/wallet/index'
import { CHROME_ARGS, CHROMIUM, VIEWPORT } from './bench-common'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const views = process.argv.includes('--views')
  ? new Set(String(process.argv[process.argv.indexOf('--views') + 1]).split(','))
  : undefined
const cycles = arg('--cycles', 1000)
const initDestroyCycles = arg('--init-destroy', 100)
const warmup = arg('--warmup', 5)
/**
 * Warm-up of the QR views: their first hundred openings compile WalletConnect's proposal and key
 * code (about 1 MB of V8 code in a heap snapshot, `scripts/bench/heap-qr.ts`), which then stays.
 */
const qrWarmup = arg('--qr-warmup', 100)
/**
 * Seconds to wait after the QR runs before reading the heap. 0: a newer QR code now ends the
 * proposals left before it (docs/benchmarks.md), so nothing waits for their 5-minute expiry.
 */
const pairingSettleS = arg('--pairing-settle', 0)

const missing = unaccountedViews()
if (missing.length) {
  console.error(`Views neither cycled nor listed in NOT_CHURNED: ${missing.join(', ')}`)
  process.exit(1)
}

const started = Date.now()
const stack = await startStack({ chains: true })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS })
let results: ChurnResult[] = []
try {
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.route(
    (url) => !['127.0.0.1', ''].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  )
  const wallet = createTestWallet({ chains: stack.chains })
  const { info } = await installTestWallet(context, wallet)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const host = new HostPage(page, stack)
  const options = host.options({
    // The stack's chains as a site declares them, with their tokens and swap router.
    networks: stack.chains.map((c, i) => ({
      caipNetworkId: `eip155:${c.chainId}`,
      name: i === 0 ? 'Devnet' : `Devnet ${i + 1}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: c.rpcUrl,
      tokens: Object.fromEntries(c.tokens.map((t) => [t.symbol, t.address])),
      swapRouter: c.router,
    })),
    features: { analytics: false, smartSessions: true },
  })
  await host.goto(PAGES.blank)
  await initKit(page, options)
  results = await runChurn(page, {
    cycles,
    initDestroyCycles,
    warmup,
    qrWarmup,
    options,
    pairingSettleMs: pairingSettleS * 1000,
    measureCode: !process.argv.includes('--no-code'),
    ...(views && { only: (c) => views.has(c.view) }),
    async connect() {
      await page.evaluate('WalletKit.init().open()')
      await page.locator(`[data-wallet-id="eip6963:${info.uuid}"]`).click()
      await page.waitForFunction("WalletKit.init().getState().status === 'connected'")
      await page.locator('[data-testid="wk-dialog"]').waitFor({ state: 'hidden' })
    },
    // Each row as it is measured: a run stopped midway keeps what it measured.
    onResult: (r) => console.log(renderChurn([r]).split('\n')[2]),
  })
  if (errors.length) console.log(`Page errors: ${errors.join(' | ')}`)
} finally {
  await browser.close()
  await stack.stop()
}

console.log(
  `\nSECURITY.md row 27 / G4: ${cycles} open/close per view, ${initDestroyCycles} init/destroy per state (${Math.round((Date.now() - started) / 1000)} s):\n`,
)
console.log(renderChurn(results))
console.log(
  `\nNot cycled: ${Object.entries(NOT_CHURNED)
    .map(([v, why]) => `${v} (${why})`)
    .join('; ')}`,
)
const out = join(resolve(fileURLToPath(new URL('..', import.meta.url))), 'test-results')
mkdirSync(out, { recursive: true })
writeFileSync(join(out, 'bench-churn.json'), `${JSON.stringify(results, null, 2)}\n`)
const failed = results.filter((r) => failures(r).length)
if (failed.length) {
  console.error(`\nFAIL: ${failed.map((r) => r.label).join(', ')}`)
  process.exit(1)
}
console.log(
  '\nPASS: every run under 1 MB of heap growth (V8 code aside), every listener count back to its start.',
)
