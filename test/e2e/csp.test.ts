import { expect, test } from 'vitest'
import {
  connectNames,
  PAGE_SIZE,
  RECOMMENDED_COUNT,
  WALLETCONNECT_ENTRY,
  walletsFor,
} from './support/catalog'
import { strictPolicy } from './support/csp'
import { setupE2E } from './support/fixture'
import type { RecordedViolation } from './support/globals'
import { HostPage, PAGES } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import { recordCspViolations } from './support/recorders'
import {
  expectBlobImages,
  expectView,
  expectWalletCount,
  expectWalletNames,
  TILES_IN_VIEW,
} from './support/validators'

const e2e = setupE2E()

/** Where the canary's own script is served: it breaks the policy twice, on purpose. */
const CANARY_SCRIPT = '/csp/page.js'
const CANARY_URL = 'http://127.0.0.1:1/canary'

/** The CSP page with the policy, the canary script and the violation recorder in place. */
async function cspPage() {
  e2e.stack.static.setHeaderHook((_req, path) =>
    path === PAGES.csp ? { 'Content-Security-Policy': strictPolicy(e2e.stack) } : undefined,
  )
  e2e.mount(CANARY_SCRIPT, (_req, res) => {
    const body = `
      // The host page's own script. Both lines break the policy: the recorder must see them.
      try { document.getElementById('canary').innerHTML = '<b>canary</b>' } catch (error) { window.__canaryError = String(error) }
      fetch(${JSON.stringify(CANARY_URL)}).catch(() => {})
    `
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
    res.end(body)
  })
  const { page } = await e2e.newSession({ setup: recordCspViolations })
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.goto(PAGES.csp)
  await host.waitForReady()
  const violations = () => page.evaluate(() => window.__wkViolations ?? [])
  return { page, host, modal, violations }
}

const fromCanary = (v: RecordedViolation) => v.sourceFile.endsWith(CANARY_SCRIPT)

test('default', async () => {
  const { page, modal, violations } = await cspPage()

  // The recorder works: the canary's two breaches are there, and nothing else.
  await poll(() => violations().then((list) => list.map((v) => v.directive).sort())).toEqual([
    'connect-src',
    'require-trusted-types-for',
  ])
  expect((await violations()).every(fromCanary)).toBe(true)
  expect(await page.evaluate(() => (window as { __canaryError?: string }).__canaryError)).toMatch(
    /TrustedHTML/,
  )
  expect(await page.locator('#canary').innerHTML()).toBe('')

  // Every view the modal has, under the policy.
  await modal.openViaButton()
  await expectWalletNames(modal, connectNames())
  await expectBlobImages(modal, RECOMMENDED_COUNT)
  // The constructable stylesheets applied (style-src 'self' allows no <style> element).
  expect(await modal.card.evaluate((card) => getComputedStyle(card).width)).toBe('360px')
  await modal.goToAllWallets()
  await expectWalletCount(modal, PAGE_SIZE)
  // The tiles rendered: the grid keeps the rows near the view only.
  await expectBlobImages(modal, TILES_IN_VIEW)
  await modal.search('dev')
  await expectWalletNames(modal, ['Devnet Wallet', 'Devnet Mobile'])
  await modal.goBack()
  await expectView(modal, 'connect')
  await modal.page.locator('[data-testid="wk-help"]').click()
  await expectView(modal, 'help')
  await modal.goBack()
  const [first] = walletsFor()
  await modal.wallet(first?.id ?? '').click()
  await expectView(modal, 'connecting', first?.name)
  await modal.view('connecting').locator('img').waitFor()
  await modal.goBack()
  // The WalletConnect QR code: a pairing over the relay socket (connect-src) drawn as SVG.
  await modal.wallet(WALLETCONNECT_ENTRY.id).click()
  await expectView(modal, 'wc')
  await modal.page.locator('[data-testid="wk-wc-status"][data-status="ready"]').waitFor()
  await modal.pressEscape()
  await modal.waitForClosed()

  // Analytics reached its sink through connect-src.
  await poll(() => e2e.stack.analytics.events.length).toBeGreaterThan(0)

  const ours = (await violations()).filter((v) => !fromCanary(v))
  expect(ours).toEqual([])
})
