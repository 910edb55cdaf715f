import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core'
import { expect, test } from 'vitest'
import { specialWallets } from '../../fixtures/wallets'
import { poll } from '../support/poll'
import { IPHONE, setupWalletConnectE2E, type WcSession } from './support/fixture'
import {
  countProposals,
  type Navigation,
  navigations,
  recordNavigations,
  waitForProposals,
} from './support/navigations'

const e2e = setupWalletConnectE2E()

const { devnetMobile } = specialWallets

test('default: a page unloaded while the visitor was in the wallet reconnects silently', async () => {
  const session = await e2e.newSession({
    ...IPHONE,
    setup: async (context: BrowserContext) => {
      await recordNavigations(context)
      await countProposals(context)
    },
  })
  const wallet = await e2e.newWallet()
  const { uri } = await tapDevnetMobile(session)

  // The phone unloads the page; the visitor approves in the wallet meanwhile.
  await session.page.goto('about:blank')
  const approved = wallet.approve()
  await wallet.pair(uri)
  await approved

  // Back on the page: connected, without a prompt; the modal stays closed.
  await session.host.gotoBlank({ options: e2e.options() })
  await poll(() => session.host.state().then((s) => [s.status, s.address])).toEqual([
    'connected',
    wallet.address,
  ])
  expect((await session.host.state()).open).toBe(false)
  const stored = await session.page.evaluate(() => ({
    recent: localStorage.getItem('walletkit:recentWallets'),
    pending: localStorage.getItem('walletkit:walletConnectPending'),
  }))
  expect(stored).toEqual({
    recent: JSON.stringify([devnetMobile.id]),
    pending: null,
  })
})

test('behavior: nothing reaches the relay before the modal opens; opening prepares one pairing', async () => {
  const session = await e2e.newSession({
    ...IPHONE,
    setup: countProposals,
  })
  const before = e2e.relay.frames.length
  await session.host.gotoBlank({ options: e2e.options() })
  // The page has settled (ready, the kit's idle work) with the modal closed.
  await session.page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))),
  )
  expect(e2e.relay.frames.slice(before), 'no socket to the relay before the modal opens').toEqual(
    [],
  )
  await session.modal.openViaApi()
  await waitForProposals(session.page, 1)
  const proposed = e2e.relay.frames
    .slice(before)
    .filter((f) => f.direction === 'in' && f.text.includes('"wc_proposeSession"'))
  expect(proposed).toHaveLength(1)
})

test('behavior: the demo on a phone: tap Devnet Mobile, approve on its page, come back connected', async () => {
  const session = await e2e.newSession({ ...IPHONE, setup: countProposals })
  await session.host.gotoDemo()
  await session.modal.openViaButton()
  await session.modal.wallet(devnetMobile.id).waitFor()
  await waitForProposals(session.page, 1)
  await session.modal.wallet(devnetMobile.id).click()

  // The link is Devnet Mobile's universal link: the browser follows it to the wallet's page.
  await session.page.waitForURL(`${e2e.stack.urls.app}/devnet-mobile/`)
  const approve = session.page.locator('#proposal-approve')
  await approve.waitFor()
  await approve.click()
  const back = session.page.locator('#return')
  await back.waitFor()
  await back.click()

  // The demo page again: the session the wallet approved is there.
  await session.page.waitForURL(`${e2e.stack.urls.app}/`)
  await session.host.waitForReady()
  await poll(() => session.host.state().then((s) => [s.status, s.connector?.id])).toEqual([
    'connected',
    'walletConnect',
  ])
})

test('behavior: the visitor switches back after the page was suspended, its socket dead: the connection is there, the modal on Account', async () => {
  const sockets: WebSocketRoute[] = []
  let held: Promise<void> = Promise.resolve()
  let release: () => void = () => undefined
  const session = await e2e.newSession({
    ...IPHONE,
    setup: async (context: BrowserContext) => {
      await recordNavigations(context)
      await countProposals(context)
      // While the visitor is away the page's relay sockets are closed and new ones wait, as a
      // suspended tab's would.
      await context.routeWebSocket(
        (url) => url.href.startsWith(e2e.relay.url),
        async (socket) => {
          await held
          sockets.push(socket)
          socket.connectToServer()
        },
      )
    },
  })
  const wallet = await e2e.newWallet()
  const { opened, uri } = await tapDevnetMobile(session)
  expect(opened.phase).toBe('during')

  // Away in the wallet: the page is hidden and its socket gone; the wallet approves meanwhile.
  held = new Promise((resolve) => {
    release = resolve
  })
  await setHidden(session.page, true)
  const dead = sockets.splice(0)
  expect(dead.length).toBeGreaterThan(0)
  for (const socket of dead) await socket.close()
  const approved = wallet.approve()
  await wallet.pair(uri)
  await approved
  expect((await session.host.state()).status, 'no socket, no news yet').not.toBe('connected')

  // Back: the page is shown and may reach the relay again.
  release()
  await setHidden(session.page, false)
  await poll(() => session.host.state().then((s) => [s.status, s.address, s.open, s.view])).toEqual(
    ['connected', wallet.address, true, 'Account'],
  )
  expect(await navigations(session.page), 'nothing opened after the tap').toHaveLength(1)
})

test('behavior: Connect left open makes one pairing per five minutes at most', async () => {
  const session = await e2e.newSession({
    ...IPHONE,
    clock: true,
    setup: async (context: BrowserContext) => {
      await countProposals(context)
      // When each proposal leaves, on the page's clock (the one the test moves).
      await context.addInitScript(() => {
        const times: number[] = []
        Object.defineProperty(window, '__wkProposedAt', { value: times })
        const send = WebSocket.prototype.send
        WebSocket.prototype.send = function (data) {
          if (typeof data === 'string' && data.includes('"wc_proposeSession"'))
            times.push(Date.now())
          send.call(this, data)
        }
      })
    },
  })
  const proposedAt = () =>
    session.page.evaluate(() => (window as unknown as { __wkProposedAt: number[] }).__wkProposedAt)
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi()
  await waitForProposals(session.page, 1)
  // The prepared pairing expires at 3:50 (10 s before its 4 minutes); the next one waits until
  // five minutes after the first. Each jump fires what fell due inside it at its end, so a
  // proposal made too early carries a time short of five minutes.
  await session.page.clock.fastForward('04:30')
  await session.page.clock.fastForward('00:40')
  await waitForProposals(session.page, 2)
  await session.page.clock.fastForward('05:10')
  await waitForProposals(session.page, 3)
  const [first = 0, second = 0, third = 0, ...more] = await proposedAt()
  expect(more).toEqual([])
  expect(second - first).toBeGreaterThanOrEqual(5 * 60_000)
  expect(third - second).toBeGreaterThanOrEqual(5 * 60_000)
})

/** Opens Connect on the blank page, waits for the prepared pairing, taps Devnet Mobile. */
async function tapDevnetMobile(session: WcSession): Promise<{ opened: Navigation; uri: string }> {
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi()
  await waitForProposals(session.page, 1)
  await session.modal.wallet(devnetMobile.id).click()
  const [opened] = await navigations(session.page)
  if (!opened) throw new Error('the tap opened nothing')
  return { opened, uri: decodeURIComponent(new URL(opened.url).searchParams.get('uri') ?? '') }
}

/** Shows or hides the page, as a phone does when the visitor switches apps. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value })
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}
