import type { BrowserContext } from 'playwright-core'
import { expect, test } from 'vitest'
import { COINBASE_WALLET_ID, LEDGER_LIVE_ID } from '../../fixtures/wallets'
import { poll } from '../support/poll'
import {
  IPHONE,
  setupWalletConnectE2E,
  type WcSession,
  type WcSessionOptions,
} from './support/fixture'
import { countProposals, waitForProposals } from './support/navigations'

// Ledger Live and Coinbase Wallet's app connect through WalletConnect, opened by the links of
// their catalogue entries (SPEC §6 connector kinds; no SDK of theirs is loaded).

const e2e = setupWalletConnectE2E()

/** Records `window.open` calls instead of leaving the page. */
const spyOnOpen = async (context: BrowserContext) => {
  await context.addInitScript(() => {
    const calls: string[][] = []
    Object.defineProperty(window, '__wkOpened', { value: calls })
    window.open = (...args: unknown[]) => {
      calls.push(args.map(String))
      return null
    }
  })
}
/** On a phone: records `window.open` calls and counts the pairings proposed in the background. */
const onPhone: WcSessionOptions = {
  ...IPHONE,
  setup: async (context) => {
    await spyOnOpen(context)
    await countProposals(context)
  },
}
const opened = (session: WcSession) =>
  session.page.evaluate(() => (window as unknown as { __wkOpened: string[][] }).__wkOpened)
const toasts = (session: WcSession) => session.page.locator('[data-testid="wk-toast"]').count()

/**
 * Loads the page with `id` featured, opens Connect and picks that wallet. On a phone the tap comes
 * once the pairing prepared in the background is there, as a visitor's tap does (a tap before it
 * opens nothing: deeplink.test.ts covers that).
 */
async function pickFeatured(session: WcSession, id: string, phone = false) {
  await session.host.gotoBlank({ options: e2e.options({ featuredWalletIds: [id] }) })
  await session.modal.openViaApi()
  await session.modal.wallet(id).waitFor()
  if (phone) await waitForProposals(session.page, 1)
  const ids = await session.modal.walletIds()
  // Featured: the first catalogue wallet on Connect.
  expect(ids.filter((w) => /^[0-9a-f]{64}$/.test(w))[0]).toBe(id)
  await session.modal.wallet(id).click()
  await session.page.locator('[data-testid="wk-view-wc"]').waitFor()
}

/** The pairing URI inside a wallet link. */
const uriOf = (href: string) => new URL(href).searchParams.get('uri') ?? ''

test('default: Ledger Live on a computer: the QR code, and its desktop app opened by ledgerlive://', async () => {
  const session = await e2e.newSession({ setup: spyOnOpen })
  const wallet = await e2e.newWallet()
  await pickFeatured(session, LEDGER_LIVE_ID)
  await session.wc.read()
  await session.wc.open.click()
  await poll(() => opened(session).then((calls) => calls.length)).toBe(1)
  const [[href = '', target, features] = []] = await opened(session)
  expect(href).toMatch(/^ledgerlive:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402%3F/)
  expect([target, features]).toEqual(['_self', 'noreferrer noopener'])
  expect(await toasts(session), 'no “link is not safe” toast').toBe(0)
  // The link carries a pairing the app can complete.
  const approved = wallet.approve()
  await wallet.pair(uriOf(href))
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
})

test('default: Ledger Live on a phone opens its app by ledgerlive:// at once, no QR code', async () => {
  const session = await e2e.newSession(onPhone)
  await pickFeatured(session, LEDGER_LIVE_ID, true)
  await poll(() => opened(session).then((calls) => calls.length)).toBe(1)
  const [[href = '', target] = []] = await opened(session)
  expect(new URL(href).protocol).toBe('ledgerlive:')
  expect(uriOf(href)).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(target).toBe('_self')
  expect(await session.wc.qr.count()).toBe(0)
  expect(await toasts(session)).toBe(0)
})

test('behavior: Coinbase Wallet without its extension: the QR code on a computer, cbwallet:// on a phone', async () => {
  const desktop = await e2e.newSession({ setup: spyOnOpen })
  await pickFeatured(desktop, COINBASE_WALLET_ID)
  await desktop.wc.read()
  // The catalogue gives no desktop app: nothing to open, the app scans the code.
  expect(await desktop.wc.open.count()).toBe(0)
  expect(await opened(desktop)).toEqual([])

  const phone = await e2e.newSession(onPhone)
  await pickFeatured(phone, COINBASE_WALLET_ID, true)
  await poll(() => opened(phone).then((calls) => calls.length)).toBe(1)
  const [[href = ''] = []] = await opened(phone)
  expect(href).toMatch(/^cbwallet:\/\/wc\?uri=wc%3A/)
})
