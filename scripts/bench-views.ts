// `npm run bench:views`: how fast the wallet views of a connected visitor open (Send, its review,
// Receive with its QR code), in headless Chromium on the local stack. A benchmark, not a test: it
// reports medians and the longest task, and exits non-zero only when it could not measure.
// Run after `npm run build`.
//
//   tsx scripts/bench-views.ts [--samples 7]
import { chromium, type Page } from 'playwright-core'
import { startStack } from '../test/stack/index'
import { createTestWallet, installTestWallet } from '../test/stack/wallet/index'
import { stackKitOptions } from './bench-common'

const samples = Number(process.argv[process.argv.indexOf('--samples') + 1]) || 7
const FRAME_MS = 16.7

/**
 * Clicks `selector` and resolves with the time to the first animation frame at which `view` is
 * displayed, and the longest task (PerformanceObserver `longtask`) from the click to a second later.
 */
async function measure(page: Page, selector: string, view: string) {
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number }
    w.__longest = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration)
    }).observe({ type: 'longtask' })
  })
  const ms = await page.evaluate(
    ({ selector, view }) =>
      new Promise<number>((resolve) => {
        const root = document.querySelector('walletkit-modal')?.shadowRoot
        const button = root?.querySelector<HTMLElement>(selector)
        if (!root || !button) throw new Error(`no ${selector}`)
        const start = performance.now()
        button.click()
        const check = () => {
          const shown = root.querySelector<HTMLElement>(`[data-testid="${view}"]`)
          if (shown && shown.getBoundingClientRect().height > 0) resolve(performance.now() - start)
          else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      }),
    { selector, view },
  )
  await page.waitForTimeout(1000)
  const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest)
  return { ms, longest }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const stack = await startStack({ chains: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
})
const results: Record<string, { ms: number[]; longest: number[] }> = {}
const record = (name: string, r: { ms: number; longest: number }) => {
  results[name] ??= { ms: [], longest: [] }
  results[name].ms.push(r.ms)
  results[name].longest.push(r.longest)
}
try {
  for (let i = 0; i < samples; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    // tsx keeps function names with a `__name` helper the page does not have.
    await context.addInitScript('window.__name = (f) => f')
    const wallet = createTestWallet({ chains: stack.chains })
    const { info } = await installTestWallet(context, wallet)
    const page = await context.newPage()
    await page.goto(`${stack.urls.app}/test/e2e/pages/blank.html`)
    await page.evaluate((o) => window.WalletKit?.init(o as never), stackKitOptions(stack))
    const dialog = page.locator('[data-testid="wk-dialog"]')
    await page.evaluate(() => window.WalletKit?.init().open())
    await page.locator(`[data-wallet-id="eip6963:${info.uuid}"]`).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.evaluate(() => window.WalletKit?.init().open())
    await page.locator('[data-testid="wk-account-feature-send"]').waitFor()
    record(
      'Account → Send',
      await measure(page, '[data-testid="wk-account-feature-send"]', 'wk-view-send'),
    )
    const form = page.locator('[data-testid="wk-send-to"]')
    await page.locator('[data-testid="wk-send-amount"]').fill('0.01')
    await form.fill(wallet.address)
    await page.locator('[data-testid="wk-send-review"]:not([disabled])').waitFor()
    record(
      'Send → review',
      await measure(page, '[data-testid="wk-send-review"]', 'wk-view-send-review'),
    )
    await page.locator('[data-testid="wk-back"]').click()
    await page.locator('[data-testid="wk-account-feature-receive"]').waitFor()
    record(
      'Account → Receive (QR code)',
      await measure(page, '[data-testid="wk-account-feature-receive"]', 'wk-qr'),
    )
    await context.close()
  }
} finally {
  await browser.close()
  await stack.stop()
}
console.log(
  `Views of a connected visitor, ${samples} samples (median; longest task over all samples):`,
)
for (const [name, r] of Object.entries(results))
  console.log(
    `  ${name.padEnd(30)} ${median(r.ms).toFixed(1)} ms (${(median(r.ms) / FRAME_MS).toFixed(2)} frames); longest task ${Math.max(...r.longest).toFixed(0)} ms`,
  )
