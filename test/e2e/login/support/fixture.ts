import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Stack } from '../../../stack/index'
import {
  createTestWallet,
  installTestWallet,
  type TestWallet,
  type WalletInfo,
} from '../../../stack/wallet/index'
import { EvmPage, recordToasts } from '../../evm/support/evm-page'
import { guardNetwork } from '../../support/browser'
import { HostPage, PAGES } from '../../support/host-page'
import { ModalPage } from '../../support/modal-page'
import { poll } from '../../support/poll'
import { recordEvents } from '../../support/recorders'
import { networkObjects, setupSuite, startChainStack, watchPage } from '../../support/suite'
import { LoginPage, MailboxPage, recordMessages } from './login-page'

/** One test's page: the kit with login on, the EVM test wallet beside it, the stand-in's pages. */
export type LoginSession = {
  context: BrowserContext
  page: Page
  host: HostPage
  modal: ModalPage
  login: LoginPage
  evm: EvmPage
  /** The EIP-6963 test wallet (an extension wallet beside the login). */
  wallet: TestWallet
  info: WalletInfo
  pageErrors: Error[]
  blocked: string[]
  dialogs: string[]
  /** Loads the blank host page and calls `init()` with the local networks plus `extra`. */
  open(extra?: Record<string, unknown>): Promise<void>
  /** The mailbox, in a tab of its own. */
  mailbox(): Promise<MailboxPage>
}

/** What a login spec file gets. */
export type LoginE2E = {
  readonly stack: Stack
  readonly browser: Browser
  newSession(options?: {
    setup?: (context: BrowserContext) => Promise<void>
    /** The browser context's device (a phone's viewport, user agent and touch screen). */
    device?: Pick<BrowserContextOptions, 'viewport' | 'userAgent' | 'isMobile' | 'hasTouch'>
  }): Promise<LoginSession>
  /** Page errors matching `pattern` do not fail the current test. */
  allowPageErrors(pattern: RegExp): void
}

let count = 0
/** An address no earlier test used (a known address on a new device needs its approval). */
export const newEmail = (label = 'visitor') => `${label}-${++count}-${Date.now()}@example.com`

/**
 * One stack with the chains and the login frame, and one Chromium per spec file; per test a fresh
 * guarded context (nothing may leave 127.0.0.1) with the test wallet installed.
 */
export function setupLoginE2E(): LoginE2E {
  const suite = setupSuite<LoginSession>({
    name: 'setupLoginE2E',
    start: startChainStack,
    startTimeoutMs: 180_000,
    reset: (stack) => {
      stack.catalog.reset()
      stack.blockchainApi?.reset()
      stack.loginFrame.reset()
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
    allowPageErrors: (pattern) => suite.allowPageErrors(pattern),
    async newSession(options = {}) {
      const s = suite.stack
      const context = await suite.browser.newContext(options.device)
      const blocked: string[] = []
      await guardNetwork(context, blocked)
      await recordEvents(context)
      await recordToasts(context)
      await recordMessages(context)
      const wallet = createTestWallet({ chains: s.chains, accountIndex: 2 })
      const installed = await installTestWallet(context, wallet)
      await options.setup?.(context)
      const page = await context.newPage()
      const host = new HostPage(page, s)
      const session: LoginSession = {
        context,
        page,
        host,
        modal: new ModalPage(page),
        login: new LoginPage(page),
        evm: new EvmPage(page),
        wallet,
        info: installed.info,
        pageErrors: [],
        blocked,
        dialogs: [],
        async open(extra = {}) {
          await host.goto(PAGES.blank)
          if (!(await page.evaluate(() => window.WalletKit !== undefined)))
            throw new Error('window.WalletKit is undefined after the page loaded')
          await host.init(host.options({ networks: networkObjects(s.chains), ...extra }))
          await host.waitForReady()
        },
        async mailbox() {
          return new MailboxPage(await context.newPage(), s.urls.mailbox)
        },
      }
      watchPage(page, session)
      return suite.track(session)
    },
  }
}

/** Signs in with a new email address through the mailbox; resolves once connected. */
export async function emailLogin(s: LoginSession, email = newEmail()): Promise<string> {
  await s.modal.openViaApi()
  await s.login.submitEmail(email)
  await s.login.otpInput.waitFor()
  const mailbox = await s.mailbox()
  const code = await mailbox.codeFor(email)
  await mailbox.page.close()
  await s.login.enterCode(code)
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
  const state = await s.host.state()
  expect(state.connector).toEqual({ id: 'auth', name: 'Email & Social' })
  return email
}
