import { expect, test } from 'vitest'
import { specialWallets } from '../../fixtures/wallets'
import { poll } from '../support/poll'
import { IPHONE, setupWalletConnectE2E, type WcSession } from './support/fixture'

const e2e = setupWalletConnectE2E()

/** Records `window.open` calls instead of leaving the page. */
const spyOnOpen = {
  ...IPHONE,
  setup: async (context: import('playwright-core').BrowserContext) => {
    await context.addInitScript(() => {
      const calls: string[][] = []
      Object.defineProperty(window, '__wkOpened', { value: calls })
      window.open = (...args: unknown[]) => {
        calls.push(args.map(String))
        return null
      }
    })
  },
}

const opened = (session: WcSession) =>
  session.page.evaluate(() => (window as unknown as { __wkOpened: string[][] }).__wkOpened)

/** On a phone: All Wallets, search, pick the wallet. */
async function pick(session: WcSession, wallet: { id: string; name: string }) {
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi()
  await session.modal.goToAllWallets()
  await session.modal.search(wallet.name)
  await session.modal.wallet(wallet.id).click()
  await session.page.locator('[data-testid="wk-view-wc"]').waitFor()
}

test('default', async () => {
  const session = await e2e.newSession(spyOnOpen)
  const wallet = await e2e.newWallet()
  await pick(session, specialWallets.devnetMobile)
  await poll(() => opened(session).then((calls) => calls.length)).toBe(1)
  const [[href, target, features] = []] = await opened(session)
  expect(target).toBe('_self')
  expect(features).toBe('noreferrer noopener')
  expect(href).toMatch(/^https:\/\/127\.0\.0\.1\/devnet-mobile\/wc\?uri=wc%3A[0-9a-f]{64}%402%3F/)
  const uri = decodeURIComponent(new URL(href as string).searchParams.get('uri') ?? '')
  expect(await session.wc.qr.count(), 'no QR code when the wallet opens by its link').toBe(0)

  const approved = wallet.approve()
  await wallet.pair(uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
})

test('error: a javascript: link in the catalogue is never followed', async () => {
  const session = await e2e.newSession(spyOnOpen)
  const url = () => session.page.url()
  await pick(session, specialWallets.javascriptLink)
  const before = url()
  const toast = session.page.locator('[data-testid="wk-toast"]')
  await toast.waitFor()
  expect(await toast.textContent()).toContain('This wallet’s link is not safe and was not opened.')
  await poll(() =>
    session.host
      .events()
      .then((list) => list.filter((e) => e.type === 'error').map((e) => e.detail)),
  ).toContainEqual({
    code: 'UNSAFE_WALLET_LINK',
    message: 'This wallet’s link is not safe and was not opened. Scan the QR code instead.',
  })
  // The QR code is the way to connect instead.
  await session.wc.read()
  await session.wc.open.click()
  await poll(() =>
    session.host
      .events()
      .then(
        (list) =>
          list.filter((e) => (e.detail as { code?: string })?.code === 'UNSAFE_WALLET_LINK').length,
      ),
  ).toBe(2)
  expect(await opened(session)).toEqual([])
  expect(url()).toBe(before)
  expect(
    await session.page.evaluate(
      () => (window as unknown as Record<string, unknown>).__walletkitXss,
    ),
  ).toBeUndefined()
})
