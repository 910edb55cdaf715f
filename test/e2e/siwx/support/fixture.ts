import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Stack } from '../../../stack/index'
import { createTestWallet, installTestWallet, type TestWallet } from '../../../stack/wallet/index'
import { guardNetwork } from '../../support/browser'
import { HostPage } from '../../support/host-page'
import { ModalPage } from '../../support/modal-page'
import { recordEvents } from '../../support/recorders'
import { setupSuite, startChainStack, watchPage } from '../../support/suite'
import { SiwxPage } from './siwx-page'

/** The sign-in host page (its `siwx` hooks call the stack's verifier). */
export const SIWX_PAGE = '/test/e2e/pages/siwx.html'

/** One test's page, its Devnet Wallet, and what the page did that a test may not expect. */
export type SiwxSession = {
  context: BrowserContext
  page: Page
  host: HostPage
  modal: ModalPage
  siwx: SiwxPage
  /** The EVM test wallet injected into the page (EIP-6963), signing in Node on the local chains. */
  wallet: TestWallet
  pageErrors: Error[]
  blocked: string[]
  dialogs: string[]
  /** Loads the sign-in page with `query` (e.g. `required=1`) and waits for `walletkit:ready`. */
  open(query?: string): Promise<void>
}

/** What a sign-in spec file gets. */
export type SiwxE2E = {
  readonly stack: Stack
  readonly browser: Browser
  /** A fresh guarded context with the test wallet installed; checked and closed after the test. */
  newSession(): Promise<SiwxSession>
}

/**
 * One stack with the chains and one Chromium per spec file; per test a fresh context with the
 * EVM test wallet, whose requests to anything but 127.0.0.1 are aborted and fail the test, as do
 * page errors and dialogs.
 */
export function setupSiwxE2E(): SiwxE2E {
  const suite = setupSuite<SiwxSession>({
    name: 'setupSiwxE2E',
    start: startChainStack,
    reset: (stack) => {
      stack.catalog.reset()
      stack.siwxVerifier.reset()
    },
  })

  return {
    get stack() {
      return suite.stack
    },
    get browser() {
      return suite.browser
    },
    async newSession() {
      const s = suite.stack
      const context = await suite.browser.newContext()
      const blocked: string[] = []
      await guardNetwork(context, blocked)
      await recordEvents(context)
      const wallet = createTestWallet({ chains: s.chains, accountIndex: 1 })
      await installTestWallet(context, wallet)
      const page = await context.newPage()
      const host = new HostPage(page, s)
      const session: SiwxSession = {
        context,
        page,
        host,
        modal: new ModalPage(page),
        siwx: new SiwxPage(page),
        wallet,
        pageErrors: [],
        blocked,
        dialogs: [],
        async open(query = '') {
          await host.goto(`${SIWX_PAGE}${query ? `?${query}` : ''}`)
          await host.waitForReady()
        },
      }
      watchPage(page, session)
      return suite.track(session)
    },
  }
}
