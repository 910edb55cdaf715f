import { expect, test } from 'vitest'
import { connectNames } from './support/catalog'
import { setupE2E } from './support/fixture'
import { HostPage, PAGES } from './support/host-page'
import { listenerCounts } from './support/listeners'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import { eventTypes, expectView, expectWalletNames } from './support/validators'

const e2e = setupE2E()

async function blank({ init = true }: { init?: boolean } = {}) {
  const session = await e2e.newSession()
  const host = new HostPage(session.page, e2e.stack)
  const modal = new ModalPage(session.page)
  await host.gotoBlank({ init })
  return { ...session, host, modal }
}

test('default', async () => {
  const { page, host } = await blank({ init: false })
  const options = host.options()
  await host.init(options)
  await host.waitForReady()
  const once = await listenerCounts(page)
  const same = await page.evaluate((o) => {
    const first = window.__wkTest?.kit
    const second = window.WalletKit?.init(structuredClone(o))
    const third = window.WalletKit?.init()
    return first !== undefined && first === second && second === third
  }, options)
  expect(same, 'init() with equal options, and without options, returns the live instance').toBe(
    true,
  )
  expect(await host.hostCount()).toBe(1)
  expect(await listenerCounts(page), 'listeners after the second init()').toEqual(once)
  expect(eventTypes(await host.events())).toEqual(['ready'])
})

test('error: init() with different options throws AlreadyInitialized', async () => {
  const { host, page } = await blank()
  const error = await host.initError(host.options({ themeMode: 'dark' }))
  expect(error).toMatchInlineSnapshot(`
    {
      "message": "WalletKit is already initialized with different options: call kit.destroy() before init() again.",
      "name": "AlreadyInitializedError",
      "shortMessage": "WalletKit is already initialized with different options: call kit.destroy() before init() again.",
    }
  `)
  expect(await host.hostCount()).toBe(1)
  // The live instance is untouched.
  await new ModalPage(page).openViaApi()
  await expectWalletNames(new ModalPage(page), connectNames())
})

test('behavior: after destroy() nothing is left and init() works again', async () => {
  const { page, host, modal } = await blank()
  await modal.openViaApi()
  await modal.waitForWallets()
  await modal.pressEscape()
  await modal.waitForClosed()
  const before = await listenerCounts(page)

  await page.evaluate(() => window.WalletKit?.init().destroy())
  expect(await host.hostCount()).toBe(0)
  await poll(() => modal.connectButton.isDisabled()).toBe(true)
  const stale = await page.evaluate(async () => {
    const kit = window.__wkTest?.kit as { open(): Promise<void> }
    return kit.open().then(
      () => 'opened',
      (error: Error) => error.message,
    )
  })
  expect(stale).toContain('destroyed')
  // The click delegation is gone with the instance.
  await page.locator('#open-all').click()
  expect(await host.hostCount()).toBe(0)

  await host.init(host.options())
  // The host element may be mounted in a task after init() returns; ready follows it.
  await poll(() => host.events().then(eventTypes)).toEqual(['ready', 'open', 'close', 'ready'])
  expect(await host.hostCount()).toBe(1)
  await modal.openViaButton()
  await expectView(modal, 'connect')
  await expectWalletNames(modal, connectNames())
  // Counted in the same state as before: closed, the idle warm-up (which an open stops) done.
  await modal.pressEscape()
  await modal.waitForClosed()
  expect(await listenerCounts(page)).toEqual(before)
})

test('behavior: in the task that called init(), the instance already works', async () => {
  const { page, host, modal } = await blank({ init: false })
  // The kit is built in the tasks after init(); a call before then builds it at once.
  const seen = await page.evaluate((o) => {
    const kit = window.WalletKit?.init(o)
    const state = kit?.getState()
    const opens: boolean[] = []
    kit?.subscribe((s) => opens.push(s.open))
    window.__wkTest = { ...window.__wkTest, kit, opens }
    void kit?.open()
    return { open: state?.open, status: state?.status }
  }, host.options())
  expect(seen).toEqual({ open: false, status: 'disconnected' })
  await modal.waitForOpen()
  await expectView(modal, 'connect')
  await expectWalletNames(modal, connectNames())
  expect(eventTypes(await host.events())).toEqual(['ready', 'open'])
  expect(await page.evaluate(() => window.__wkTest?.opens)).toEqual([true])
  expect(await host.hostCount()).toBe(1)
})

test('behavior: open() while the closed dialog is first rendered shows it before open() returns', async () => {
  const { page, host, modal } = await blank({ init: false })
  // The host element is appended in the task that mounts the views, whose first render (a
  // transition) runs in the tasks after it; a mutation observer's callback runs before them.
  const seen = await page.evaluate(
    (o) =>
      new Promise<{ rendered: boolean; open: boolean }>((resolve) => {
        const observer = new MutationObserver(() => {
          const element = document.querySelector('walletkit-modal')
          if (!element) return
          observer.disconnect()
          const dialog = () => element.shadowRoot?.querySelector('dialog')
          const rendered = dialog() != null
          void window.WalletKit?.init().open()
          resolve({ rendered, open: dialog()?.open ?? false })
        })
        observer.observe(document.body, { childList: true })
        window.WalletKit?.init(o)
      }),
    host.options(),
  )
  expect(seen).toEqual({ rendered: false, open: true })
  await expectView(modal, 'connect')
  expect(eventTypes(await host.events())).toEqual(['ready', 'open'])
})

test('behavior: destroy() in the task that called init() leaves nothing', async () => {
  const { page, host, modal } = await blank({ init: false })
  const before = await listenerCounts(page)
  await page.evaluate((o) => {
    window.WalletKit?.init(o).destroy()
  }, host.options())
  // The tasks that would have built the kit and mounted the modal have passed.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)))
  expect(await host.hostCount()).toBe(0)
  expect(eventTypes(await host.events())).toEqual([])
  expect(await listenerCounts(page)).toEqual(before)
  expect(await modal.connectButton.isDisabled()).toBe(true)

  await host.init(host.options())
  await host.waitForReady()
  expect(await host.hostCount()).toBe(1)
  await modal.openViaButton()
  await expectView(modal, 'connect')
})

test('behavior: destroy() while the modal is open reports the close', async () => {
  const { page, host, modal } = await blank()
  await page.evaluate(() => {
    const kit = window.WalletKit?.init()
    const states: boolean[] = []
    kit?.subscribe((state) => states.push(state.open))
    window.__wkTest = { ...window.__wkTest, states }
  })
  await modal.openViaApi()
  await modal.waitForWallets()
  await page.evaluate(() => window.WalletKit?.init().destroy())
  expect(await host.hostCount()).toBe(0)
  // A page that follows the modal through events or subscribe() must not think it is still open.
  // destroy() is synchronous, and so are events and subscribers: no waiting needed.
  expect(eventTypes(await host.events())).toEqual(['ready', 'open', 'close'])
  expect(
    await page.evaluate(() => (window.__wkTest?.states as boolean[] | undefined)?.at(-1)),
  ).toBe(false)
})

test('behavior: the script included twice makes one global, one host, one set of listeners', async () => {
  const once = await e2e.newSession()
  const onceHost = new HostPage(once.page, e2e.stack)
  await onceHost.goto(PAGES.once)
  await onceHost.waitForReady()

  const { page } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.goto(PAGES.twice)
  await host.waitForReady()
  expect(await page.locator('script[src="/cdn-dist/walletkit.js"]').count()).toBe(2)
  expect(await host.hostCount()).toBe(1)
  expect(await page.evaluate(() => Object.keys(window.WalletKit ?? {}))).toEqual([
    'version',
    'init',
  ])
  expect(eventTypes(await host.events())).toEqual(['ready'])
  expect(await listenerCounts(page)).toEqual(await listenerCounts(once.page))

  await page.locator('#open').click()
  await modal.waitForOpen()
  await expectView(modal, 'connect')
  await poll(() => host.events().then(eventTypes)).toEqual(['ready', 'open'])
  expect(await host.hostCount()).toBe(1)
})

test('error: invalid options name the key', async () => {
  const { host } = await blank({ init: false })
  const first = async (options: unknown) => {
    const error = await host.initError(options)
    return error && { name: error.name, line: error.message.split('\n')[0] }
  }

  expect(await first(host.options({ colour: 'red' }))).toEqual({
    name: 'UnknownOptionError',
    line: expect.stringMatching(/^Unknown option "colour": expected one of .*projectId/),
  })
  expect(await first(host.options({ debug: 'yes' }))).toMatchInlineSnapshot(`
    {
      "line": "Invalid option "debug": expected a boolean, received "yes".",
      "name": "InvalidOptionError",
    }
  `)
  expect(await first(host.options({ features: { analytics: 'no' } }))).toMatchInlineSnapshot(`
    {
      "line": "Invalid option "features.analytics": expected a boolean, received "no".",
      "name": "InvalidOptionError",
    }
  `)
  expect(await first(host.options({ projectId: 'abc' }))).toMatchInlineSnapshot(`
    {
      "line": "Invalid option "projectId": expected 32 lowercase hexadecimal characters, received "abc".",
      "name": "InvalidOptionError",
    }
  `)
  const caip = await host.initError(host.options({ networks: ['eip155:abc'] }))
  expect(caip?.shortMessage).toBe('Invalid CAIP Address')
  expect(caip?.message).toContain('eip155:abc')

  // Nothing was left behind by the failures; valid options still start.
  expect(await host.hostCount()).toBe(0)
  expect(eventTypes(await host.events())).toEqual([])
  await host.init(host.options())
  // The host element may be mounted in a task after init() returns; ready follows it.
  await host.waitForReady()
  expect(await host.hostCount()).toBe(1)
})
