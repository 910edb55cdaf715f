import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { renderTemplate } from '../stack/static-server'
import { connectNames } from './support/catalog'
import { setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import { expectView, expectWalletNames } from './support/validators'

const e2e = setupE2E()

const ROOT = new URL('../../', import.meta.url)
const PAGE_PATH = '/sri/page.html'
const BUNDLE = '/cdn-dist/walletkit.js'

/** The integrity value the build published for this bundle. */
function publishedIntegrity(): string {
  const sri = JSON.parse(
    readFileSync(new URL('cdn-dist/walletkit.sri.json', ROOT), 'utf8'),
  ) as Record<string, unknown>
  const value = sri['walletkit.js']
  if (typeof value !== 'string' || !value.startsWith('sha384-'))
    throw new Error('no sha384 value in walletkit.sri.json')
  return value
}

/** Serves pages/integrity.html with or without the integrity attribute, and the page's own script. */
function servePage(withIntegrity: boolean): void {
  const template = readFileSync(new URL('test/e2e/pages/integrity.html', ROOT), 'utf8')
  const attribute = withIntegrity ? `integrity="${publishedIntegrity()}"` : ''
  const html = renderTemplate(
    template.replace('integrity="{{integrity}}"', attribute),
    e2e.stack.static.vars,
  )
  e2e.mount(PAGE_PATH, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(html)
  })
  e2e.mount('/sri/own.js', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
    res.end(`
      // The host page's own behaviour, which must not depend on WalletKit loading.
      const count = document.getElementById('count')
      document.getElementById('own').addEventListener('click', () => {
        count.value = String(Number(count.value) + 1)
      })
    `)
  })
}

/** Serves the bundle with one byte changed: the first "Connect Wallet" becomes "Connect wallet". */
async function tamperBundle(page: Page): Promise<void> {
  await page.route(`**${BUNDLE}`, async (route) => {
    const response = await route.fetch()
    const body = Buffer.from(await response.body())
    const at = body.indexOf('Connect Wallet') + 'Connect '.length
    if (at < 'Connect '.length) throw new Error('nothing to tamper with in the bundle')
    body[at] = 'w'.charCodeAt(0)
    await route.fulfill({ response, body })
  })
}

/** The page's own button still counts clicks. */
async function expectOwnContentWorks(page: Page): Promise<void> {
  await page.locator('#own').click()
  await page.locator('#own').click()
  expect(await page.locator('#count').textContent()).toBe('2')
}

test('default', async () => {
  servePage(true)
  const { page } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.goto(PAGE_PATH)
  await host.waitForReady()
  expect(await page.locator(`script[src="${BUNDLE}"]`).getAttribute('integrity')).toBe(
    publishedIntegrity(),
  )
  await expectOwnContentWorks(page)
  await modal.openViaButton()
  await expectView(modal, 'connect', 'Connect Wallet')
  await expectWalletNames(modal, connectNames())
})

test('error: a bundle with one byte changed does not run; the page still works', async () => {
  servePage(true)
  const { page, consoleErrors } = await e2e.newSession()
  await tamperBundle(page)
  const host = new HostPage(page, e2e.stack)
  await host.goto(PAGE_PATH)
  await poll(() => consoleErrors.join('\n')).toMatch(/integrity/)
  await expectOwnContentWorks(page)
  expect(await page.evaluate(() => typeof window.WalletKit)).toBe('undefined')
  expect(await host.hostCount()).toBe(0)
  expect(await page.evaluate(() => customElements.get('walletkit-button'))).toBeUndefined()
  expect(await host.events()).toEqual([])
  expect(e2e.stack.catalog.requests).toEqual([])
})

test('behavior: the tampered bytes are valid code, so only the integrity check stops them', async () => {
  // The control for the test above: without integrity= the same bytes run.
  servePage(false)
  const { page } = await e2e.newSession()
  await tamperBundle(page)
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.goto(PAGE_PATH)
  await host.waitForReady()
  await modal.openViaApi()
  await expectView(modal, 'connect', 'Connect wallet')
})
