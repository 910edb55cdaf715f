import type { BrowserContext } from 'playwright-core'
import { expect, test } from 'vitest'
import { specialWallets } from '../../fixtures/wallets'
import { poll } from '../support/poll'
import { IPHONE, setupWalletConnectE2E } from './support/fixture'
import {
  countProposals,
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
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi()
  await waitForProposals(session.page, 1)
  await session.modal.wallet(devnetMobile.id).click()
  const [opened] = await navigations(session.page)
  const uri = decodeURIComponent(new URL(opened?.url ?? '').searchParams.get('uri') ?? '')

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
