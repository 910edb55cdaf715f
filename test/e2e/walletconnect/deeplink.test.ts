import type { BrowserContext } from 'playwright-core'
import { expect, test } from 'vitest'
import { specialWallets } from '../../fixtures/wallets'
import { poll } from '../support/poll'
import { IPHONE, setupWalletConnectE2E, type WcSession } from './support/fixture'
import {
  countProposals,
  type Navigation,
  navigations,
  proposals,
  recordNavigations,
  waitForProposals,
} from './support/navigations'

const e2e = setupWalletConnectE2E()

/** An iPhone whose page records its navigations instead of following them. */
const phone = (setup?: (context: BrowserContext) => Promise<void>) => ({
  ...IPHONE,
  setup: async (context: BrowserContext) => {
    await recordNavigations(context)
    await countProposals(context)
    await setup?.(context)
  },
})

const mobileLink = () => `${e2e.stack.urls.app}/devnet-mobile/wc`

/** The relay's sockets (their URL carries the client's token after the relay's address). */
const relay = (url: URL) => url.href.startsWith(e2e.relay.url)

/** The `wc:` URI inside a wallet link. */
const uriOf = (href: string) => decodeURIComponent(new URL(href).searchParams.get('uri') ?? '')

/** Opens Connect on the blank host page and waits for the pairing it prepares. */
async function openConnect(session: WcSession, extra: Record<string, unknown> = {}) {
  await session.host.gotoBlank({ options: e2e.options(extra) })
  await session.modal.openViaApi()
  await session.modal.wallet(specialWallets.devnetMobile.id).waitFor()
}

test('default', async () => {
  const session = await e2e.newSession(phone())
  const wallet = await e2e.newWallet()
  await openConnect(session)
  await waitForProposals(session.page, 1)
  await session.modal.wallet(specialWallets.devnetMobile.id).click()

  // The link opened inside the tap, once: Devnet Mobile's universal link (its catalogue entry has
  // a custom scheme too), in this tab.
  await session.page.locator('[data-testid="wk-view-wc"]').waitFor()
  const opened = await navigations(session.page)
  expect(opened).toEqual([
    {
      how: 'window.open',
      url: expect.stringMatching(/\/devnet-mobile\/wc\?uri=wc%3A[0-9a-f]{64}%402%3F/),
      target: '_self',
      phase: 'during',
    },
  ])
  const href = (opened[0] as Navigation).url
  expect(href.startsWith(`${mobileLink()}?uri=`)).toBe(true)
  await expect(session.wc.status.textContent()).resolves.toBe('Continue in Devnet Mobile')
  expect(await session.wc.qr.count(), 'no QR code when the wallet opens by its link').toBe(0)

  // The wallet approves; back on the page the connection is there, the modal on Account.
  const approved = wallet.approve()
  await wallet.pair(uriOf(href))
  await approved
  await poll(() => session.host.state().then((s) => [s.status, s.open, s.view])).toEqual([
    'connected',
    true,
    'Account',
  ])
  expect((await navigations(session.page)).length, 'nothing opened after the tap').toBe(1)
  expect(await proposals(session.page), 'the tap used the prepared pairing').toBe(1)
})

test('behavior: with the relay slow, the tap opens nothing; the Open button opens the link in its own tap', async () => {
  let release: () => void = () => undefined
  const session = await e2e.newSession(
    phone(async (context) => {
      // The relay's socket is held until the test lets it through.
      const open = new Promise<void>((resolve) => {
        release = resolve
      })
      await context.routeWebSocket(relay, async (socket) => {
        await open
        socket.connectToServer()
      })
    }),
  )
  await openConnect(session)
  await session.modal.wallet(specialWallets.devnetMobile.id).click()
  await session.page.locator('[data-testid="wk-view-wc"]').waitFor()
  await expect(session.wc.status.textContent()).resolves.toBe('Getting the link to Devnet Mobile…')
  expect(await session.wc.open.isDisabled()).toBe(true)

  release()
  await poll(() => session.wc.open.isDisabled()).toBe(false)
  await expect(session.wc.status.textContent()).resolves.toBe('Ready to open Devnet Mobile')
  expect(await navigations(session.page), 'nothing opened outside a tap').toEqual([])
  await session.wc.open.click()
  expect(await navigations(session.page)).toEqual([
    expect.objectContaining({ how: 'window.open', target: '_self', phase: 'during' }),
  ])
  // One pairing: the one prepared on Connect became the tap's.
  expect(await proposals(session.page)).toBe(1)
})

test('error: with the relay down, the visitor gets the button and a clear message; nothing opens', async () => {
  const session = await e2e.newSession(
    phone(async (context) => {
      await context.routeWebSocket(relay, (socket) => socket.close())
    }),
  )
  await openConnect(session)
  await session.modal.wallet(specialWallets.devnetMobile.id).click()
  await expect(session.wc.status.textContent()).resolves.toBe('Getting the link to Devnet Mobile…')
  expect(await session.wc.open.isDisabled()).toBe(true)
  // The relay stays unreachable: the view says so, with a retry.
  await session.wc.waitForStatus('unreachable')
  expect(await session.page.locator('[data-testid="wk-wc-detail"]').textContent()).toBe(
    'The WalletConnect relay cannot be reached. Check your connection and try again.',
  )
  await session.wc.retry.waitFor()
  expect(await navigations(session.page)).toEqual([])
}, 60_000)

test('error: a javascript: link in the catalogue is never followed', async () => {
  const session = await e2e.newSession(phone())
  await openConnect(session)
  await waitForProposals(session.page, 1)
  await session.modal.goToAllWallets()
  await session.modal.search(specialWallets.javascriptLink.name)
  await session.modal.wallet(specialWallets.javascriptLink.id).click()
  const toast = session.page.locator('[data-testid="wk-toast"]')
  await toast.waitFor()
  expect(await toast.textContent()).toContain('This wallet’s link is not safe and was not opened.')
  const unsafe = () =>
    session.host
      .events()
      .then((list) =>
        list.filter((e) => (e.detail as { code?: string })?.code === 'UNSAFE_WALLET_LINK'),
      )
  await poll(() => unsafe().then((l) => l.map((e) => e.detail))).toEqual([
    {
      code: 'UNSAFE_WALLET_LINK',
      message: 'This wallet’s link is not safe and was not opened. Scan the QR code instead.',
    },
  ])
  // The QR code is the way to connect instead.
  await session.wc.read()
  await session.wc.open.click()
  await poll(() => unsafe().then((l) => l.length)).toBe(2)
  expect(await navigations(session.page)).toEqual([])
  expect(
    await session.page.evaluate(
      () => (window as unknown as Record<string, unknown>).__walletkitXss,
    ),
  ).toBeUndefined()
})

test('error: a recent wallet forged in storage opens the catalogue link, never the stored one', async () => {
  const { devnetMobile } = specialWallets
  const forged = {
    ...devnetMobile,
    name: 'Devnet Mobile',
    mobile_link: 'https://evil.example/steal',
    link_mode: 'https://evil.example/wc',
    webapp_link: 'https://evil.example',
  }
  const session = await e2e.newSession(
    phone(async (context) => {
      await context.addInitScript(
        (value) => {
          localStorage.setItem('walletkit:recentWallets', value)
        },
        JSON.stringify([forged]),
      )
    }),
  )
  await openConnect(session)
  // Listed first, as recent, with its catalogue entry.
  await poll(() => session.modal.walletIds().then((ids) => ids[0])).toBe(devnetMobile.id)
  expect(await session.modal.wallet(devnetMobile.id).locator('.wk-tag').first().textContent()).toBe(
    'Recent',
  )
  await waitForProposals(session.page, 1)
  await session.modal.wallet(devnetMobile.id).click()
  const [opened] = await navigations(session.page)
  expect(opened?.url.startsWith(`${mobileLink()}?uri=`)).toBe(true)
  expect(await navigations(session.page)).toHaveLength(1)
})

for (const [app, userAgent] of <const>[
  [
    'Telegram',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 Telegram-Android/11.2.3',
  ],
  [
    'Instagram',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 350.0.0.0 (iPhone15,3; iOS 18_0; en_US)',
  ],
]) {
  test(`behavior: in ${app}'s browser the universal link opens in the tap, and the page says it may be opened in a browser`, async () => {
    const session = await e2e.newSession({ ...phone(), userAgent })
    await openConnect(session)
    await waitForProposals(session.page, 1)
    await session.modal.wallet(specialWallets.devnetMobile.id).click()
    const [opened] = await navigations(session.page)
    expect(opened).toMatchObject({ how: 'window.open', phase: 'during' })
    expect(opened?.url.startsWith(`${mobileLink()}?uri=`)).toBe(true)
    expect(await session.page.locator('[data-testid="wk-wc-in-app"]').textContent()).toBe(
      `In ${app}, a wallet may not open. If nothing happens, open this page in your browser.`,
    )
  })
}
