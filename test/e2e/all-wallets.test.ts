import { expect, test } from 'vitest'
import {
  allWalletIds,
  PAGE_SIZE,
  RECOMMENDED_COUNT,
  recommendedWallets,
  SEARCH_ENTRIES,
  WALLETCONNECT_ENTRY,
  walletsFor,
} from './support/catalog'
import { setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import {
  catalogRequests,
  expectBlobImages,
  expectCatalogRequest,
  expectView,
  expectWalletCount,
  expectWalletNames,
  TILES_IN_VIEW,
} from './support/validators'

const e2e = setupE2E()

/** A page with an instance, the modal open on Connect with its wallets listed. */
async function openConnect() {
  const { page } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.gotoBlank()
  await modal.openViaApi()
  await modal.waitForWallets()
  // Connect's own catalogue request has been answered (its placeholders are gone): a fault armed
  // next is for the request the test makes, not for that one.
  await poll(() => modal.placeholders.count()).toBe(0)
  return { page, host, modal }
}

/** The same, then on to All Wallets with its first page listed. */
async function openAllWallets() {
  const opened = await openConnect()
  await opened.modal.goToAllWallets()
  await expectWalletCount(opened.modal, PAGE_SIZE)
  return opened
}

const searchRequests = () => catalogRequests(e2e.stack, '/getWallets').filter((r) => r.query.search)

test('default', async () => {
  const { modal } = await openAllWallets()
  await expectView(modal, 'all-wallets', 'All Wallets')
  expect(await modal.listedIds()).toEqual(allWalletIds(1))
  await expectCatalogRequest(e2e.stack, '/getWallets', { page: '1', entries: String(PAGE_SIZE) })
  await poll(() => modal.searchInput.isVisible()).toBe(true)
  // Images come as blob: URLs in <img>, never as documents (for the tiles rendered: rows in view).
  await expectBlobImages(modal, TILES_IN_VIEW)
  expect(
    await modal.host.evaluate(
      (h) =>
        h.shadowRoot?.querySelectorAll('iframe:not([data-testid="wk-auth-frame"]), object, embed')
          .length,
    ),
  ).toBe(0)
})

test('behavior: scrolling to the end loads the next page', async () => {
  const { modal } = await openAllWallets()
  expect(catalogRequests(e2e.stack, '/getWallets').filter((r) => r.query.page === '2')).toEqual([])

  await modal.scrollToEnd()
  await expectWalletCount(modal, 2 * PAGE_SIZE)
  expect(await modal.listedIds()).toEqual(allWalletIds(2))
  await expectCatalogRequest(e2e.stack, '/getWallets', { page: '2', entries: String(PAGE_SIZE) })

  // On to the end of the catalogue: every wallet once, in order.
  const total = walletsFor().length
  for (let shown = 2 * PAGE_SIZE; shown < total; shown += PAGE_SIZE) {
    await modal.scrollToEnd()
    await expectWalletCount(modal, Math.min(total, shown + PAGE_SIZE))
  }
  expect(await modal.listedIds()).toEqual(walletsFor().map((w) => w.id))
})

test('behavior: typing fast makes one debounced search request', async () => {
  const { modal } = await openAllWallets()
  expect(searchRequests()).toEqual([])

  await modal.search('dev')
  await expectWalletNames(modal, ['Devnet Wallet', 'Devnet Mobile'])
  const requests = searchRequests()
  expect(requests.map((r) => r.query.search)).toEqual(['dev'])
  expect(requests[0]?.query).toMatchObject({ page: '1', entries: String(SEARCH_ENTRIES) })
})

test('behavior: search results come in the catalogue’s relevance order, or say there are none', async () => {
  const { modal } = await openAllWallets()
  await modal.search('rain')
  await expectWalletNames(modal, [
    'Rainbow',
    'Rainbow Wallet',
    'Rainbow Pay',
    'Rainbow Vault',
    'Terrain Wallet',
    'Brainy Keys',
  ])
  // Results do not page: their end in view asks for no next page.
  await modal.scrollToEnd()

  await modal.clearSearch()
  await expectWalletCount(modal, PAGE_SIZE)
  expect(await modal.listedIds()).toEqual(allWalletIds(1))
  expect(catalogRequests(e2e.stack, '/getWallets').filter((r) => r.query.page === '2')).toEqual([])

  await modal.search('zzzz')
  await modal.empty.waitFor()
  expect(await modal.empty.textContent()).toBe('No wallet found for “zzzz”.')
  await expectWalletCount(modal, 0)
})

test('behavior: placeholders show while the first page loads', async () => {
  const { modal } = await openConnect()
  e2e.stack.catalog.setDelay(1_500, '/getWallets')
  await modal.allWalletsButton.click()
  await modal.placeholders.first().waitFor()
  expect(await modal.placeholders.count()).toBeGreaterThan(0)
  expect(await modal.grid.getAttribute('aria-busy')).toBe('true')
  expect(await modal.wallets.count()).toBe(0)

  await expectWalletCount(modal, PAGE_SIZE)
  await poll(() => modal.placeholders.count()).toBe(0)
  expect(await modal.grid.getAttribute('aria-busy')).toBe('false')
})

test('behavior: an image slower than the preload time-out shows the fallback icon, then the image', async () => {
  e2e.stack.catalog.setDelay(3_000, '/getWalletImage')
  const { modal } = await openConnect()
  const [first] = recommendedWallets()
  const image = modal.wallet(first?.id ?? '').locator('.wk-image')
  // Past the preload time-out, while the image is still on its way: the fallback icon.
  await poll(() => image.getAttribute('data-status')).toBe('failed')
  expect(await image.locator('svg').count()).toBe(1)
  expect(await image.locator('img').count()).toBe(0)

  // The late image still arrives and replaces the icon.
  await expectBlobImages(modal, 1)
})

test('error: a failed first page shows the error and Try again loads it', async () => {
  const { modal } = await openConnect()
  e2e.stack.catalog.failNext({ path: '/getWallets', status: 503 })
  await modal.allWalletsButton.click()
  await modal.error.waitFor()
  expect(await modal.error.textContent()).toContain('The wallet list could not be loaded.')
  expect(await modal.error.getAttribute('role')).toBe('alert')
  await expectWalletCount(modal, 0)

  await modal.retry.click()
  await expectWalletCount(modal, PAGE_SIZE)
  expect(await modal.listedIds()).toEqual(allWalletIds(1))
  expect(await modal.error.count()).toBe(0)
})

test('error: a failed search shows the error and Try again repeats it', async () => {
  const { modal } = await openAllWallets()
  e2e.stack.catalog.failNext({ path: '/getWallets', status: 503 })
  await modal.search('dev')
  await modal.error.waitFor()
  await expectWalletCount(modal, 0)

  await modal.retry.click()
  await expectWalletNames(modal, ['Devnet Wallet', 'Devnet Mobile'])
  expect(searchRequests().map((r) => [r.query.search, r.status])).toEqual([
    ['dev', 503],
    ['dev', 200],
  ])
})

test('error: a failed next page keeps the first and Try again loads it', async () => {
  const { modal } = await openAllWallets()
  e2e.stack.catalog.failNext({ path: '/getWallets', status: 503 })
  await modal.scrollToEnd()
  await modal.error.waitFor()
  await expectWalletCount(modal, PAGE_SIZE)

  await modal.retry.click()
  await expectWalletCount(modal, 2 * PAGE_SIZE)
  expect(await modal.listedIds()).toEqual(allWalletIds(2))
  expect(
    catalogRequests(e2e.stack, '/getWallets')
      .filter((r) => r.query.page === '2')
      .map((r) => r.status),
  ).toEqual([503, 200])
})

test('error: images that fail to load show the fallback icon', async () => {
  e2e.stack.catalog.failNext({ path: '/getWalletImage', status: 500, times: 1_000 })
  const { modal } = await openConnect()
  const ids = recommendedWallets().map((w) => w.id)
  await poll(() => modal.imageStatuses(ids)).toEqual(ids.map(() => 'failed'))
  expect(await modal.wallets.locator('img').count()).toBe(0)
  expect(await modal.wallets.locator('.wk-image svg').count()).toBe(RECOMMENDED_COUNT + 1)
})

test('behavior: an empty catalogue leaves WalletConnect on Connect and says so in All Wallets', async () => {
  e2e.stack.catalog.setWallets([])
  const { page } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.gotoBlank()
  await modal.openViaApi()
  await expectCatalogRequest(e2e.stack, '/getWallets')
  await poll(() => modal.placeholders.count()).toBe(0)
  expect(await modal.walletIds()).toEqual([WALLETCONNECT_ENTRY.id])
  expect(await page.locator('[data-testid="wk-connect-error"]').count()).toBe(0)
  await modal.goToAllWallets()
  await modal.empty.waitFor()
  expect(await modal.empty.textContent()).toBe('No wallets to show.')
})
