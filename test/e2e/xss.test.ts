import { expect, test } from 'vitest'
import { SCRIPTED_SVG, specialWallets, XSS_SENTINEL } from '../fixtures/wallets'
import { PAGE_SIZE, recommendedWallets } from './support/catalog'
import { setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import {
  expectBlobImages,
  expectView,
  expectWalletCount,
  TILES_IN_VIEW,
} from './support/validators'

const e2e = setupE2E()
const { htmlName, scriptedSvg, bidiName } = specialWallets

/** The blank page, All Wallets open on its first page with every image loaded. */
async function allWallets() {
  const session = await e2e.newSession()
  const host = new HostPage(session.page, e2e.stack)
  const modal = new ModalPage(session.page)
  await host.gotoBlank()
  await modal.openViaApi({ view: 'AllWallets' })
  await expectWalletCount(modal, PAGE_SIZE)
  // The tiles rendered: the grid keeps the rows near the view only.
  await expectBlobImages(modal, TILES_IN_VIEW)
  return { ...session, host, modal }
}

/** Nothing hostile ran: the sentinel is unset and no alert opened. */
async function expectNothingRan(session: {
  page: import('playwright-core').Page
  dialogs: string[]
}) {
  expect(
    await session.page.evaluate(
      (key) => (window as unknown as Record<string, unknown>)[key],
      XSS_SENTINEL,
    ),
  ).toBeUndefined()
  expect(session.dialogs).toEqual([])
}

/** What a wallet button holds, element by element. */
async function anatomy(modal: ModalPage, id: string) {
  return modal.wallet(id).evaluate((button) => ({
    name: button.querySelector('.wk-wallet-name')?.textContent ?? null,
    nameChildren: button.querySelector('.wk-wallet-name')?.children.length ?? -1,
    nameTag: button.querySelector('.wk-wallet-name')?.tagName.toLowerCase() ?? null,
    images: [...button.querySelectorAll('img')].map((img) => img.src.slice(0, 5)),
    frames: button.querySelectorAll('iframe, object, embed, script').length,
  }))
}

test('default', async () => {
  const session = await allWallets()
  const { modal } = session
  expect(await anatomy(modal, htmlName.id)).toEqual({
    name: 'Evil <img src=x onerror=alert(1)> Wallet',
    nameChildren: 0,
    nameTag: 'bdi',
    images: ['data:'],
    frames: 0,
  })
  expect(await anatomy(modal, scriptedSvg.id)).toEqual({
    name: 'Scripted Icon Wallet',
    nameChildren: 0,
    nameTag: 'bdi',
    images: ['data:'],
    frames: 0,
  })
  // The <img> really holds the scripted SVG, and it rendered (as a picture, without its script).
  const image = await modal
    .wallet(scriptedSvg.id)
    .locator('img')
    .evaluate(async (img) => ({
      text: await (await fetch((img as HTMLImageElement).src)).text(),
      width: (img as HTMLImageElement).naturalWidth,
    }))
  expect(image.text).toContain('<script>')
  expect(image.width).toBeGreaterThan(0)
  // Nothing outside our own icons is an inline <svg> document in the modal.
  expect(
    await modal.host.evaluate(
      (host) =>
        [...(host.shadowRoot?.querySelectorAll('svg') ?? [])].filter(
          (svg) => svg.getAttribute('aria-hidden') !== 'true',
        ).length,
    ),
  ).toBe(0)
  await expectNothingRan(session)
})

test('behavior: a markup name stays text in the connecting view', async () => {
  const session = await allWallets()
  const { modal } = session
  await modal.search('Evil')
  await modal.wallet(htmlName.id).waitFor()
  await modal.wallet(htmlName.id).click()
  // The wallet supports WalletConnect: its view is the QR code, titled with its name.
  await expectView(modal, 'wc', htmlName.name)
  expect(await modal.title.evaluate((title) => title.children.length)).toBe(0)
  const status = modal.page.locator('[data-testid="wk-wc-status"][data-status="ready"]')
  await status.waitFor()
  expect(await status.textContent()).toContain(htmlName.name)
  expect(await status.locator('img').count()).toBe(0)
  await expectNothingRan(session)
})

test('behavior: the scripted SVG stays an <img> with a data: URL in the QR code', async () => {
  const session = await allWallets()
  const { modal } = session
  await modal.wallet(scriptedSvg.id).click()
  await expectView(modal, 'wc', scriptedSvg.name)
  // The wallet's image sits in the middle of the QR code.
  const large = modal.view('wc').locator('img')
  await large.waitFor()
  await poll(() => large.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true)
  expect(await large.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
  await expectNothingRan(session)
})

test('behavior: the scripted SVG opened in a tab of its own never runs in the page’s origin (SECURITY 8)', async () => {
  const session = await allWallets()
  const { modal, page } = session
  await page.evaluate(() => localStorage.setItem('walletkit:secret', 'kept'))
  const src = (await modal.wallet(scriptedSvg.id).locator('img').getAttribute('src')) ?? ''
  expect(src).toMatch(/^data:image\/svg\+xml;base64,/)
  // What "Open image in new tab" or dragging it to the address bar does: a top-level visit.
  const tab = await session.context.newPage()
  await tab.goto(src).catch(() => undefined)
  // A data: document has an opaque origin: whatever its script does, it cannot reach the page.
  const inTab = await tab
    .evaluate(() => ({
      origin: self.origin,
      storage: (() => {
        try {
          return localStorage.getItem('walletkit:secret')
        } catch {
          return 'refused'
        }
      })(),
    }))
    .catch(() => ({ origin: 'blocked', storage: 'refused' }))
  expect(inTab.origin === 'null' || inTab.origin === 'blocked').toBe(true)
  expect(inTab.storage).toBe('refused')
  await tab.close()
  await expectNothingRan(session)
  // Every image of the modal is such a data: URL or a raster blob: — never an SVG blob.
  const blobs = await modal.host.evaluate((host) =>
    [...(host.shadowRoot?.querySelectorAll('img') ?? [])]
      .map((img) => img.src)
      .filter((src) => src.startsWith('blob:')),
  )
  for (const blob of blobs) {
    const type = await page.evaluate(async (url) => (await (await fetch(url)).blob()).type, blob)
    expect(type).toMatch(/^image\/(png|jpeg|gif|webp|avif)$/)
  }
})

test('behavior: an SVG served as image/png is still shown only as a data: URL', async () => {
  e2e.stack.catalog.failNext({
    path: '/getWalletImage',
    status: 200,
    times: 1_000,
    contentType: 'image/png',
    body: SCRIPTED_SVG,
  })
  const session = await e2e.newSession()
  const host = new HostPage(session.page, e2e.stack)
  const modal = new ModalPage(session.page)
  await host.gotoBlank()
  await modal.openViaApi()
  const ids = recommendedWallets().map((w) => w.id)
  await poll(() => modal.imageStatuses(ids)).toEqual(ids.map(() => 'ready'))
  const sources = await modal.wallets
    .locator('img')
    .evaluateAll((list) => list.map((img) => (img as HTMLImageElement).src.slice(0, 26)))
  expect(new Set(sources)).toEqual(new Set(['data:image/svg+xml;base64,']))
  await expectNothingRan(session)
})

test('behavior: a right-to-left override is removed from a name', async () => {
  const session = await allWallets()
  const named = await anatomy(session.modal, bidiName.id)
  expect(named.name).toBe('Spoof gnp.exe Wallet')
  expect(named.nameTag).toBe('bdi')
  await expectNothingRan(session)
})

test('error: an image answer that is not an image is never shown', async () => {
  // Every image comes back 200 with an HTML page that would run script if it were a document.
  e2e.stack.catalog.failNext({
    path: '/getWalletImage',
    status: 200,
    times: 1_000,
    contentType: 'text/html; charset=utf-8',
    body: `<html><body><script>top.${XSS_SENTINEL} = 'html'; alert(1)</script></body></html>`,
  })
  const session = await e2e.newSession()
  const host = new HostPage(session.page, e2e.stack)
  const modal = new ModalPage(session.page)
  await host.gotoBlank()
  await modal.openViaApi()
  const ids = recommendedWallets().map((w) => w.id)
  await poll(() => modal.imageStatuses(ids)).toEqual(ids.map(() => 'failed'))
  expect(await modal.wallets.locator('img').count()).toBe(0)
  expect(
    await modal.host.evaluate(
      (h) =>
        h.shadowRoot?.querySelectorAll('iframe:not([data-testid="wk-auth-frame"]), object, embed')
          .length,
    ),
  ).toBe(0)
  await expectNothingRan(session)
})
