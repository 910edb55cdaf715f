import { expect, test } from 'vitest'
import { setupE2E } from './support/fixture'
import type { KitState } from './support/globals'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import { eventTypes, expectPlainDetails } from './support/validators'

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
  await modal.openViaButton()
  await modal.waitForWallets()
  await modal.pressEscape()
  await modal.waitForClosed()

  await poll(() => host.events().then((events) => events.length)).toBe(3)
  const events = await host.events()
  const version = await host.page.evaluate(() => window.WalletKit?.version)
  expect(events.map(({ type, detail }) => ({ type, detail }))).toEqual([
    { type: 'ready', detail: { version } },
    { type: 'open', detail: { view: 'Connect' } },
    { type: 'close', detail: { view: 'Connect' } },
  ])
  expectPlainDetails(events)
})

test('behavior: walletkit:ready comes first even when open() follows init() at once', async () => {
  const { page } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.gotoBlank({ init: false })
  await page.evaluate((options) => {
    void window.WalletKit?.init(options).open()
  }, host.options())
  await modal.waitForOpen()
  await poll(() => host.events().then((events) => events.length)).toBe(2)
  // ready means "init() finished": nothing about the instance may be announced before it.
  expect(eventTypes(await host.events())).toEqual(['ready', 'open'])
})

test('behavior: the page’s own deferred script hears walletkit:ready', async () => {
  const { page } = await demo()
  // public/demo.js runs after the bundle (both deferred) and logs every event it hears.
  await page.locator('#events li').first().waitFor()
  expect(await page.locator('#events li').allTextContents()).toEqual([
    expect.stringMatching(/^walletkit:ready \{"version":"[^"]+"\}$/),
  ])
  expect(await page.locator('#state').textContent()).toContain('"status": "disconnected"')
})

test('behavior: open and close name the view, once per change', async () => {
  const { host, modal } = await demo()
  await modal.openViaApi({ view: 'AllWallets' })
  await modal.closeButton.click()
  await modal.waitForClosed()

  await modal.openViaButton()
  await modal.goToAllWallets()
  await modal.clickBackdrop()
  await modal.waitForClosed()

  await poll(() => host.events().then((events) => events.length)).toBe(5)
  const events = await host.events()
  expect(events.map(({ type, detail }) => ({ type, detail }))).toEqual([
    { type: 'ready', detail: expect.any(Object) },
    { type: 'open', detail: { view: 'AllWallets' } },
    { type: 'close', detail: { view: 'AllWallets' } },
    { type: 'open', detail: { view: 'Connect' } },
    { type: 'close', detail: { view: 'AllWallets' } },
  ])
  expectPlainDetails(events)
})

test('behavior: kit.subscribe() fires with each new snapshot until unsubscribed', async () => {
  const { page, host, modal } = await demo()
  await page.evaluate(() => {
    const states: KitState[] = []
    const kit = window.WalletKit?.init()
    const unsubscribe = kit?.subscribe((state) => states.push(state))
    window.__wkTest = { states, unsubscribe }
  })
  const states = () => page.evaluate(() => window.__wkTest?.states as KitState[])

  expect(await states()).toEqual([])
  await modal.openViaButton()
  await poll(() => states().then((list) => list.at(-1))).toMatchObject({
    open: true,
    view: 'Connect',
  })
  await modal.goToAllWallets()
  await poll(() => states().then((list) => list.at(-1))).toMatchObject({
    open: true,
    view: 'AllWallets',
  })
  await modal.pressEscape()
  await modal.waitForClosed()
  await poll(() => states().then((list) => list.at(-1))).toMatchObject({ open: false })

  const seen = (await states()).length
  await page.evaluate(() => (window.__wkTest?.unsubscribe as (() => void) | undefined)?.())
  await modal.openViaButton()
  await poll(() => host.state().then((s) => s.open)).toBe(true)
  expect(await states()).toHaveLength(seen)
  expectPlainStates(await states())
})

/** Every snapshot has the documented keys and nothing else. */
function expectPlainStates(states: readonly KitState[]) {
  for (const state of states)
    expect(Object.keys(state).sort()).toEqual([
      'address',
      'balance',
      'caipAddress',
      'caipNetworkId',
      'connector',
      'locale',
      'namespace',
      'open',
      'session',
      'status',
      'view',
    ])
}

test('error: open() with a view that cannot be opened throws and fires nothing', async () => {
  const { host, page } = await demo()
  const message = await page.evaluate(async () => {
    try {
      await window.WalletKit?.init().open({ view: 'ConnectingExternal' })
      return null
    } catch (error) {
      return (error as Error).message
    }
  })
  expect(message).toContain('Cannot open view "ConnectingExternal"')
  expect(eventTypes(await host.events())).toEqual(['ready'])
  expect((await host.state()).open).toBe(false)
})
