import { expect, test } from 'vitest'
import { connectNames, RECOMMENDED_COUNT } from './support/catalog'
import { setupE2E } from './support/fixture'
import { DEMO_NETWORKS, HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import {
  eventTypes,
  expectBlobImages,
  expectCatalogRequest,
  expectModalOpen,
  expectView,
  expectWalletNames,
} from './support/validators'

const e2e = setupE2E()

async function demo() {
  const { page } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.gotoDemo()
  return { page, host, modal }
}

test('default', async () => {
  const { host, modal } = await demo()
  expect(eventTypes(await host.events())).toEqual(['ready'])

  await modal.openViaButton()
  await expectModalOpen(modal)
  await expectView(modal, 'connect', 'Connect Wallet')
  await expectWalletNames(modal, connectNames())
  await expectBlobImages(modal, RECOMMENDED_COUNT)

  const request = await expectCatalogRequest(e2e.stack, '/getWallets', { page: '1' })
  const version = await host.page.evaluate(() => window.WalletKit?.version)
  expect(request.query).toMatchObject({
    projectId: e2e.stack.projectId,
    st: 'walletkit',
    sv: `html-walletkit-${version}`,
    chains: DEMO_NETWORKS.join(','),
  })
})

test('behavior: the global exposes exactly version and init', async () => {
  const { page } = await demo()
  const surface = await page.evaluate(() => {
    const api = window.WalletKit as object
    return {
      keys: Object.keys(api),
      frozen: Object.isFrozen(api),
      version: typeof (api as { version: unknown }).version,
    }
  })
  expect(surface).toMatchInlineSnapshot(`
    {
      "frozen": true,
      "keys": [
        "version",
        "init",
      ],
      "version": "string",
    }
  `)
  const version = await page.evaluate(() => window.WalletKit?.version ?? '')
  expect(version).toMatch(/^\d+\.\d+\.\d+/)
})

test('behavior: getState() is a plain snapshot of the documented shape', async () => {
  const { host, modal } = await demo()
  expect(await host.state()).toMatchInlineSnapshot(`
    {
      "address": null,
      "balance": null,
      "caipAddress": null,
      "caipNetworkId": "eip155:31337",
      "connector": null,
      "namespace": "eip155",
      "open": false,
      "session": null,
      "status": "disconnected",
      "view": "Connect",
    }
  `)
  await modal.openViaButton()
  await poll(() => host.state()).toMatchObject({ open: true, view: 'Connect' })
  await modal.goToAllWallets()
  await poll(() => host.state()).toMatchObject({ open: true, view: 'AllWallets' })
  await modal.pressEscape()
  await modal.waitForClosed()
  await poll(() => host.state()).toMatchObject({ open: false })
})

test('behavior: <walletkit-button> is disabled until init(), then opens the modal', async () => {
  const { page } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.gotoBlank({ init: false })
  await modal.connectButton.waitFor()
  expect(await modal.connectButton.isDisabled()).toBe(true)
  expect(await host.hostCount()).toBe(0)

  await host.init(host.options())
  await poll(() => modal.connectButton.isEnabled()).toBe(true)
  expect(await modal.connectButton.textContent()).toBe('Connect Wallet')
  await modal.openViaButton()
  await expectView(modal, 'connect', 'Connect Wallet')
  await expectWalletNames(modal, connectNames())
})

test('error: a failed Connect list offers Try again', async () => {
  e2e.stack.catalog.failNext({ path: '/getWallets', status: 502 })
  const { page, modal } = await demo()
  await modal.openViaButton()
  const error = page.locator('[data-testid="wk-connect-error"]')
  await error.waitFor()
  expect(await error.textContent()).toContain('Wallets could not be loaded.')
  await page.locator('[data-testid="wk-connect-retry"]').click()
  await expectWalletNames(modal, connectNames())
  expect(await error.count()).toBe(0)
})
