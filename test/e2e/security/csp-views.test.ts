import type { BrowserContext, Frame, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { svgDataUri } from '../../stack/blockchain-api/fixtures'
import { initialsSvg } from '../../stack/catalog/images'
import { testAccount } from '../../stack/chain/index'
import {
  createSolanaTestWallet,
  installSolanaWallet,
  SOLANA_WALLET,
} from '../../stack/solana/index'
import { type LoginSession, newEmail, setupLoginE2E } from '../login/support/fixture'
import { SendPage } from '../send/support/send-page'
import { walletStandardId } from '../solana/support/solana-page'
import { guardNetwork } from '../support/browser'
import { strictPolicy } from '../support/csp'
import type { RecordedViolation } from '../support/globals'
import { HostPage, PAGES } from '../support/host-page'
import { poll } from '../support/poll'
import { recordCspViolations } from '../support/recorders'
import { swapNetworks } from '../swap/support/fixture'
import { SwapPage } from '../swap/support/swap-page'

/**
 * SECURITY.md row 4 for the views the other CSP tests do not reach: the row's policy (no
 * `unsafe-eval`, no inline script or style, Trusted Types with no policy allowed) on the blank
 * page and on the demo, and zero violations through Smart Sessions, the swap's review and
 * approval, the send review, the WalletConnect basic view, email (its code and the new-device
 * step), social, Farcaster, Solana and the Safe. A canary breach first proves the recorder hears.
 */
const e2e = setupLoginE2E()
/** A page of a site that lets the Safe stand-in frame it (no inline script). */
const SAFE_APP = '/test/e2e/pages/safe-app.html'
const CANARY = 'http://127.0.0.1:1/canary'
const DAY = 86_400

const byTestId = (page: Page | Frame, id: string) => page.locator(`[data-testid="wk-${id}"]`)

/** The blank page and the demo are served under the policy for the rest of the test. */
function servePolicy() {
  const policy = strictPolicy(e2e.stack)
  e2e.stack.static.setHeaderHook((_req, path) =>
    path === PAGES.blank || path === PAGES.demo ? { 'Content-Security-Policy': policy } : undefined,
  )
}

/** The violations a document recorded, the canary's left out. */
async function violations(where: Page | Frame): Promise<RecordedViolation[]> {
  const list = await where.evaluate(() => window.__wkViolations ?? [])
  return list.filter((v) => v.blockedURI !== CANARY)
}

/** The recorder hears a breach in this document: a request to a port the policy does not list. */
async function expectRecorderWorks(where: Page | Frame): Promise<void> {
  await where.evaluate((url) => fetch(url).catch(() => undefined), CANARY)
  await poll(() =>
    where.evaluate(() => (window.__wkViolations ?? []).map((v) => v.blockedURI)),
  ).toContain(CANARY)
}

async function session(): Promise<LoginSession> {
  servePolicy()
  return e2e.newSession({ setup: (context: BrowserContext) => recordCspViolations(context) })
}

test('default', async () => {
  try {
    const s = await session()
    await s.open({
      features: { smartSessions: true },
      // Swap-capable with the stack's router declared as a site declares its own (docs/swap.md).
      networks: swapNetworks(e2e.stack),
    })
    await expectRecorderWorks(s.page)
    await s.modal.openViaApi()
    await s.evm.wallet(s.info.uuid).click()
    await s.modal.waitForClosed()
    await poll(() => s.host.state().then((state) => state.status)).toBe('connected')

    // Smart Sessions, with a site icon given as data.
    const now = Math.floor(Date.now() / 1000)
    e2e.stack.blockchainApi?.sessions.grant({
      caipAddress: `eip155:31337:${s.wallet.address}`,
      project: {
        name: 'Example Game',
        url: 'https://game.example',
        iconUrl: svgDataUri(initialsSvg('site:game', 'Game')),
      },
      permissions: [
        {
          type: 'native-token-recurring-allowance',
          data: { allowance: '0x2386f26fc10000', start: now, period: DAY },
        },
      ],
      expiry: now + 7 * DAY,
    })
    await s.modal.openViaApi({ view: 'SmartSessions' })
    await byTestId(s.page, 'session').waitFor()
    await poll(() => byTestId(s.page, 'session').locator('img').count()).toBe(1)

    // The swap's form, its review and the approval it needs first.
    const swap = new SwapPage(s.page)
    await s.modal.openViaApi({ view: 'Swap' })
    await swap.pay('DAI')
    await swap.receive('USDC')
    await swap.type('5')
    await poll(() => swap.action.textContent()).toBe('Review swap')
    await poll(() => swap.action.isEnabled()).toBe(true)
    await swap.action.click()
    await poll(() => swap.reviewAction.textContent()).toBe('Approve DAI')
    await swap.reviewAction.click()
    await swap.approval.waitFor()

    // The send form and its review.
    const send = new SendPage(s.page)
    await s.modal.openViaApi({ view: 'Send' })
    await send.fill({ amount: '0.01', to: testAccount(6).address })
    await send.reviewButton.click()
    await send.review.waitFor()

    // WalletConnect's basic view.
    await s.page.evaluate(() => window.WalletKit?.init().close())
    await s.modal.waitForClosed()
    await s.modal.openViaApi({ view: 'ConnectingWalletConnectBasic' })
    await byTestId(s.page, 'view-wc-basic').waitFor()

    expect(await violations(s.page)).toEqual([])
  } finally {
    e2e.stack.static.setHeaderHook(null)
  }
})

test('behavior: email login under the policy: its code view, then a new device', async () => {
  try {
    const s = await session()
    await s.open()
    await expectRecorderWorks(s.page)
    const email = newEmail('csp')
    await s.modal.openViaApi()
    await s.login.submitEmail(email)
    await byTestId(s.page, 'view-email-otp').waitFor()
    const mailbox = await s.mailbox()
    const code = await mailbox.codeFor(email)
    await mailbox.page.close()
    await s.login.enterCode(code)
    await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
    expect(await violations(s.page)).toEqual([])
    // The same address on another device: the device approval view.
    const other = await session()
    await other.open()
    await other.modal.openViaApi()
    await other.login.submitEmail(email)
    await byTestId(other.page, 'view-email-device').waitFor()
    expect(await violations(other.page)).toEqual([])
  } finally {
    e2e.stack.static.setHeaderHook(null)
  }
})

test('behavior: social and Farcaster login under the policy', async () => {
  try {
    const s = await session()
    await s.open()
    await expectRecorderWorks(s.page)
    await s.modal.openViaApi()
    const [popup] = await Promise.all([
      s.page.waitForEvent('popup'),
      s.login.social('google').click(),
    ])
    await byTestId(s.page, 'view-social').waitFor()
    await popup.locator('[data-testid="consent-handle"]').waitFor()
    await popup.close()
    await byTestId(s.page, 'view-connect').waitFor()
    await s.login.social('farcaster').click()
    await byTestId(s.page, 'view-farcaster').waitFor()
    await s.login.farcasterLink.waitFor()
    expect(await violations(s.page)).toEqual([])
  } finally {
    e2e.stack.static.setHeaderHook(null)
  }
})

/** A fresh guarded context recording violations; closed, and checked for blocked requests, after. */
async function withContext(run: (context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await e2e.browser.newContext()
  const blocked: string[] = []
  try {
    await guardNetwork(context, blocked)
    await recordCspViolations(context)
    await run(context)
    expect(blocked).toEqual([])
  } finally {
    await context.close()
  }
}

test('behavior: a Solana wallet connected under the policy', async () => {
  try {
    servePolicy()
    const solana = e2e.stack.solana
    if (!solana) throw new Error('no Solana chain')
    await withContext(async (context) => {
      const wallet = await createSolanaTestWallet({ chain: solana.chain, accountIndex: 1 })
      await installSolanaWallet(context, wallet)
      const page = await context.newPage()
      const host = new HostPage(page, e2e.stack)
      await host.goto(PAGES.blank)
      await page.waitForFunction(() => window.WalletKit !== undefined)
      await host.init(host.options({ networks: [solana.network] }))
      await expectRecorderWorks(page)
      await page.evaluate(() => window.WalletKit?.init().open())
      await page
        .locator(
          `[data-testid="wk-wallet"][data-wallet-id="${walletStandardId(SOLANA_WALLET.name)}"]`,
        )
        .click()
      await poll(() => host.state().then((state) => `${state.namespace} ${state.status}`)).toBe(
        'solana connected',
      )
      await page.evaluate(() => window.WalletKit?.init().open())
      await byTestId(page, 'view-account').waitFor()
      expect(await violations(page)).toEqual([])
    })
  } finally {
    e2e.stack.static.setHeaderHook(null)
  }
})

test('behavior: a Safe App under the policy: the Safe connects silently, Account shows it', async () => {
  const policy = strictPolicy(e2e.stack)
  e2e.stack.static.setHeaderHook((_req, path) =>
    path === SAFE_APP ? { 'Content-Security-Policy': policy } : undefined,
  )
  try {
    await withContext(async (context) => {
      const parent = await context.newPage()
      await parent.goto(`${e2e.stack.urls.safe}/?app=${encodeURIComponent(SAFE_APP)}`)
      let frame: Frame | undefined
      await poll(() => {
        frame = parent
          .frames()
          .find((f) => f !== parent.mainFrame() && f.url().startsWith(e2e.stack.urls.app))
        return frame !== undefined
      }).toBe(true)
      const app = frame as Frame
      await app.waitForLoadState('load')
      await expectRecorderWorks(app)
      await poll(() =>
        app.evaluate(() => window.WalletKit?.init().getState().connector?.id ?? 'none'),
      ).toBe('safe')
      await app.evaluate(() => window.WalletKit?.init().open())
      await byTestId(app, 'view-account').waitFor()
      expect(await violations(app)).toEqual([])
    })
  } finally {
    e2e.stack.static.setHeaderHook(null)
  }
})
