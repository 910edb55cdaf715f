// Every view of the modal and how each is reached on the local stack: the gallery
// (scripts/gallery.ts) and the browser tests of the look (contrast.test.ts) walk through them.
import type { Locator, Page } from 'playwright-core'
import { testAccount } from '../../stack/chain/index'
import type { Stack } from '../../stack/index'

/** One page of the gallery run: the page, the stack, and the wallet's EIP-6963 uuid. */
export type GalleryPage = {
  page: Page
  stack: Stack
  uuid: string
  shot(name: string): Promise<void>
}

/**
 * A view of the gallery: its file name, its title on the index page, how to get there. A view
 * with `fault` is shown on a page loaded afresh after the fault is set on the stack (an error
 * state), and the stand-ins are reset after it.
 */
export type GalleryView = {
  id: string
  title: string
  fault?: (stack: Stack) => void
  show(g: GalleryPage): Promise<void>
}

const id = (page: Page, testId: string): Locator => page.locator(`[data-testid="${testId}"]`)

/** Runs `kit.open(parameters)` in the page. */
function open(page: Page, parameters: Record<string, unknown> = {}): Promise<void> {
  return page.evaluate((p) => window.WalletKit?.init().open(p as never), parameters)
}

/** Waits until no image in the modal is loading and every `<img>` has decoded. */
async function imagesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('walletkit-modal')?.shadowRoot
    if (!root) return false
    if (root.querySelector('[data-status="loading"]')) return false
    return [...root.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0)
  })
}

/** Waits for the element, its images, and the card's height to settle (two equal frames). */
async function ready(page: Page, testId: string): Promise<void> {
  await id(page, testId).first().waitFor()
  await imagesSettled(page)
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const card = document
          .querySelector('walletkit-modal')
          ?.shadowRoot?.querySelector('.wk-card')
        const first = card?.getBoundingClientRect().height
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(card?.getBoundingClientRect().height === first)),
        )
      }),
  )
}

/** The views of a visitor who is not connected yet, in the order they are shown. */
export const DISCONNECTED: GalleryView[] = [
  {
    id: 'connect',
    title: 'Connect',
    async show({ page }) {
      await open(page)
      await page.locator('[data-testid="wk-wallet"]').nth(4).waitFor()
      await ready(page, 'wk-view-connect')
    },
  },
  {
    id: 'all-wallets',
    title: 'All Wallets',
    async show({ page }) {
      await open(page, { view: 'AllWallets' })
      await page
        .locator('[data-testid="wk-wallet-grid"] [data-testid="wk-wallet"]')
        .nth(20)
        .waitFor()
      await ready(page, 'wk-view-all-wallets')
    },
  },
  {
    id: 'all-wallets-empty',
    title: 'All Wallets, nothing found',
    async show({ page }) {
      await id(page, 'wk-search').fill('zzqx')
      await ready(page, 'wk-all-wallets-empty')
    },
  },
  {
    id: 'walletconnect',
    title: 'WalletConnect QR code',
    async show({ page }) {
      await open(page)
      await page.locator('[data-wallet-id="walletConnect"]').click()
      await ready(page, 'wk-qr')
    },
  },
  {
    id: 'email-code',
    title: 'Email code',
    async show({ page }) {
      await open(page)
      await id(page, 'wk-auth-email').fill('visitor@example.com')
      await id(page, 'wk-auth-email-submit').click()
      await ready(page, 'wk-view-email-otp')
    },
  },
  {
    id: 'connect-error',
    title: 'Connect, wallets not loaded',
    fault: (stack) => stack.catalog.failNext({ path: '/getWallets', status: 503, times: 4 }),
    async show({ page }) {
      await open(page)
      await ready(page, 'wk-connect-error')
    },
  },
]

/** The views of a connected visitor (the test wallet, account 0 of the demo), in order. */
export const CONNECTED: GalleryView[] = [
  {
    id: 'account',
    title: 'Account',
    async show({ page }) {
      await open(page, { view: 'Account' })
      await page.locator('[data-testid="wk-account-balance"][data-status="ready"]').waitFor()
      await page.locator('[data-testid="wk-account-tokens"] li').first().waitFor()
      await ready(page, 'wk-view-account')
    },
  },
  {
    id: 'networks',
    title: 'Networks',
    async show({ page }) {
      await open(page, { view: 'Networks' })
      await ready(page, 'wk-view-networks')
    },
  },
  {
    id: 'send',
    title: 'Send',
    async show({ page }) {
      await open(page, { view: 'Send' })
      await id(page, 'wk-send-amount').fill('0.25')
      await id(page, 'wk-send-to').fill('bob.wk.eth')
      await page.locator('[data-testid="wk-send-to-note"][data-status="resolved"]').waitFor()
      await page.locator('[data-testid="wk-send-review"]:not([disabled])').waitFor()
      await ready(page, 'wk-view-send')
    },
  },
  {
    id: 'send-review',
    title: 'Send, review',
    async show({ page }) {
      await id(page, 'wk-send-review').click()
      await ready(page, 'wk-view-send-review')
    },
  },
  {
    id: 'receive',
    title: 'Receive',
    async show({ page }) {
      await open(page, { view: 'Receive' })
      await ready(page, 'wk-qr')
    },
  },
  {
    id: 'swap',
    title: 'Swap',
    async show({ page }) {
      await open(page, { view: 'Swap' })
      await id(page, 'wk-swap-receive-token').click()
      await page
        .locator('[data-testid="wk-swap-selector-token"][data-symbol="USDC"]')
        .first()
        .click()
      await id(page, 'wk-swap-pay-amount').fill('0.5')
      await page.locator('[data-testid="wk-swap-action"]:not([disabled])').waitFor()
      await ready(page, 'wk-swap-details')
    },
  },
  {
    id: 'swap-tokens',
    title: 'Swap, choosing a token',
    async show({ page }) {
      await id(page, 'wk-swap-receive-token').click()
      await ready(page, 'wk-swap-selector-search')
    },
  },
  {
    id: 'swap-review',
    title: 'Swap, review',
    async show({ page }) {
      await id(page, 'wk-swap-selector-close').click()
      await page.locator('[data-testid="wk-swap-action"]:not([disabled])').click()
      await page.locator('[data-testid="wk-swap-preview-action"]:not([disabled])').waitFor()
      await ready(page, 'wk-view-swap-preview')
    },
  },
  {
    id: 'onramp',
    title: 'On-ramp',
    async show({ page }) {
      await open(page, { view: 'OnRamp' })
      await id(page, 'wk-onramp-amount').fill('100')
      await id(page, 'wk-onramp-quote').waitFor()
      await ready(page, 'wk-onramp-buy')
    },
  },
  {
    id: 'activity',
    title: 'Activity',
    async show({ page }) {
      await open(page, { view: 'Transactions' })
      await ready(page, 'wk-history-item')
    },
  },
  {
    id: 'activity-error',
    title: 'Activity, not loaded',
    fault: (stack) =>
      stack.blockchainApi?.failNext({
        path: `/v1/account/${testAccount(0).address}/history`,
        status: 500,
        times: 2,
      }),
    async show({ page }) {
      await open(page, { view: 'Transactions' })
      await ready(page, 'wk-history-error')
    },
  },
  {
    id: 'register-name',
    title: 'Choose a name',
    async show({ page }) {
      await open(page, { view: 'RegisterName' })
      await ready(page, 'wk-name-input')
    },
  },
  {
    id: 'register-name-typed',
    title: 'Choose a name, typed',
    async show({ page }) {
      await id(page, 'wk-name-input').fill('satoshi')
      await page.locator('[data-testid="wk-name-availability"][data-state="available"]').waitFor()
      await ready(page, 'wk-name-register')
    },
  },
  {
    id: 'smart-sessions',
    title: 'Smart Sessions',
    async show({ page }) {
      await open(page, { view: 'SmartSessions' })
      await ready(page, 'wk-session')
    },
  },
]
