import { expect, test } from 'vitest'
import { connectNames } from './support/catalog'
import { setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import { eventTypes, expectModalOpen, expectView, expectWalletNames } from './support/validators'

const e2e = setupE2E()

/** The blank page with an instance and a `#slot` element of the page's own. */
async function blankWithSlot() {
  const { page, pageErrors } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  await host.gotoBlank()
  await page.evaluate(() => {
    const slot = document.createElement('div')
    slot.id = 'slot'
    slot.style.setProperty('width', '380px')
    document.querySelector('main')?.append(slot)
  })
  return { page, pageErrors, host, embed: new ModalPage(page, 'embed'), modal: new ModalPage(page) }
}

/** Calls `kit.mount(#slot, parameters)` and keeps the unmount in `window.__wkTest.unmount`. */
function mountInSlot(page: ModalPage['page'], parameters?: { view?: string }) {
  return page.evaluate((p) => {
    const kit = window.WalletKit?.init()
    const slot = document.getElementById('slot')
    if (!kit || !slot) throw new Error('no kit or no #slot')
    window.__wkTest = { ...window.__wkTest, unmount: kit.mount(slot, p) }
  }, parameters)
}

/** Calls the unmount {@link mountInSlot} kept. */
function unmountSlot(page: ModalPage['page']) {
  return page.evaluate(() => {
    const unmount = window.__wkTest?.unmount
    if (typeof unmount !== 'function') throw new Error('nothing mounted')
    unmount()
  })
}

test('default', async () => {
  const { page, host, embed } = await blankWithSlot()
  expect(await host.hostCount()).toBe(1)
  await mountInSlot(page)
  await expectView(embed, 'connect', 'Connect Wallet')
  await expectWalletNames(embed, connectNames())
  // The views moved into the page: one <walletkit-embed> in the slot, no modal host left.
  expect(await page.locator('#slot > walletkit-embed').count()).toBe(1)
  expect(await host.hostCount()).toBe(0)
  expect(await embed.card.evaluate((card) => card.getBoundingClientRect().width)).toBe(380)
  expect(await host.state()).toMatchObject({ open: true, view: 'Connect' })
  expect(eventTypes(await host.events())).toEqual(['ready', 'open'])

  // open() (here from <walletkit-button>) shows its view inline: no dialog comes up (the login
  // frame's own stays closed).
  await embed.goToAllWallets()
  await embed.connectButton.click()
  await expectView(embed, 'connect')
  expect(await page.locator('dialog:not(.wk-frame)').count()).toBe(0)

  // Unmounting gives the dialog back, closed; the next open() shows it.
  await unmountSlot(page)
  expect(await page.locator('walletkit-embed').count()).toBe(0)
  expect(await host.state()).toMatchObject({ open: false })
  const modal = new ModalPage(page)
  await modal.openViaButton()
  await expectModalOpen(modal)
  await expectView(modal, 'connect')
  expect(eventTypes(await host.events())).toEqual(['ready', 'open', 'close', 'open'])
})

test('args: view opens the embed on that view', async () => {
  const { page, embed } = await blankWithSlot()
  await mountInSlot(page, { view: 'AllWallets' })
  await expectView(embed, 'all-wallets', 'All Wallets')
})

test('behavior: one place per kit: the same element again is a no-op, another one throws', async () => {
  const { page, embed } = await blankWithSlot()
  await mountInSlot(page)
  await expectView(embed, 'connect')
  const outcome = await page.evaluate(() => {
    const kit = window.WalletKit?.init()
    const slot = document.getElementById('slot')
    if (!kit || !slot) throw new Error('no kit or no #slot')
    const again = kit.mount(slot) === window.__wkTest?.unmount
    try {
      kit.mount(document.body)
      return { again, error: null }
    } catch (error) {
      return { again, error: (error as Error).name }
    }
  })
  expect(outcome).toEqual({ again: true, error: 'AlreadyEmbeddedError' })
  expect(await page.locator('walletkit-embed').count()).toBe(1)
  // After unmounting, another element may show it.
  await unmountSlot(page)
  await page.evaluate(() => {
    window.WalletKit?.init().mount(document.body)
  })
  await expectView(embed, 'connect')
  expect(await page.locator('body > walletkit-embed').count()).toBe(1)
})

test('behavior: destroy() removes the embed; a new instance shows in a <walletkit-embed> again', async () => {
  const { page, host, embed } = await blankWithSlot()
  await page.evaluate(() => {
    document.getElementById('slot')?.append(document.createElement('walletkit-embed'))
  })
  await expectView(embed, 'connect')
  await page.evaluate(() => window.WalletKit?.init().destroy())
  await poll(() => embed.dialog.count()).toBe(0)
  expect(await page.locator('#slot > walletkit-embed').count()).toBe(1)
  await host.init(host.options())
  await host.waitForReady()
  await expectView(embed, 'connect')
  expect(await host.hostCount()).toBe(0)
})

test('error: mount() with an unknown view throws and leaves the dialog as it was', async () => {
  const { page, host } = await blankWithSlot()
  const error = await page.evaluate(() => {
    try {
      window.WalletKit?.init().mount(document.body, { view: 'Nowhere' })
      return null
    } catch (error) {
      return (error as Error).name
    }
  })
  expect(error).toBe('UnknownViewError')
  expect(await page.locator('walletkit-embed').count()).toBe(0)
  expect(await host.hostCount()).toBe(1)
})
