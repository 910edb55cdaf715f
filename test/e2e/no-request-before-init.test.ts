import { expect, test } from 'vitest'
import { setupE2E } from './support/fixture'
import { HostPage, PAGES } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { trackRequests } from './support/network'
import { poll } from './support/poll'
import { expectCatalogRequest, standInRequests } from './support/validators'

const e2e = setupE2E()

/** The blank page loaded (the bundle ran, `<walletkit-button>` upgraded), `init()` not called. */
async function loaded() {
  const { page } = await e2e.newSession()
  const requests = trackRequests(page)
  const host = new HostPage(page, e2e.stack)
  await host.gotoBlank({ init: false })
  await new ModalPage(page).connectButton.waitFor()
  await requests.quiet()
  return { page, host, requests, modal: new ModalPage(page) }
}

/** Requests the browser made to anything but the app server (the page and the bundle). */
function offAppServer(urls: readonly string[]): string[] {
  const app = new URL(e2e.stack.urls.app).origin
  return urls.filter((url) => new URL(url).origin !== app)
}

test('default', async () => {
  const { requests } = await loaded()
  expect(standInRequests(e2e.stack)).toEqual([])
  expect(offAppServer(requests.urls)).toEqual([])
  expect(requests.urls.map((url) => new URL(url).pathname)).toEqual([
    PAGES.blank,
    '/cdn-dist/walletkit.js',
  ])
})

test('behavior: with analytics off, nothing is requested until the modal opens', async () => {
  const { host, modal, requests } = await loaded()
  await host.init(host.options({ features: { analytics: false } }))
  await host.waitForReady()
  await requests.quiet()
  expect(standInRequests(e2e.stack)).toEqual([])
  expect(offAppServer(requests.urls)).toEqual([])

  await modal.openViaApi()
  await modal.waitForWallets()
  await expectCatalogRequest(e2e.stack, '/getWallets')
  await requests.quiet()
  expect(e2e.stack.catalog.requests.map((r) => r.path)).not.toContain('/getAnalyticsConfig')
  expect(e2e.stack.analytics.requests).toEqual([])
})

test('behavior: with analytics on too, nothing is requested until the modal opens', async () => {
  const { host, modal, requests } = await loaded()
  await host.init(host.options({ locale: 'de' }))
  await host.waitForReady()
  await requests.quiet()
  // Not the analytics configuration, not an event, not the visitor's language.
  expect(standInRequests(e2e.stack)).toEqual([])
  expect(offAppServer(requests.urls)).toEqual([])
  expect(requests.urls.filter((url) => url.includes('/locales/'))).toEqual([])

  await modal.openViaApi()
  await expectCatalogRequest(e2e.stack, '/getAnalyticsConfig', { projectId: e2e.stack.projectId })
  await poll(() => e2e.stack.analytics.events.length).toBeGreaterThan(0)
  const [event] = e2e.stack.analytics.events
  expect(event).toMatchObject({
    projectId: e2e.stack.projectId,
    origin: new URL(e2e.stack.urls.app).origin,
    props: { type: 'track', event: 'MODAL_OPEN' },
  })
  expect(requests.urls.filter((url) => url.endsWith('/cdn-dist/locales/de.json'))).toHaveLength(1)
})
