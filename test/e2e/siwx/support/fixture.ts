import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { type Stack, startStack } from '../../../stack/index'
import { createTestWallet, installTestWallet, type TestWallet } from '../../../stack/wallet/index'
import { guardNetwork, launchBrowser } from '../../support/browser'
import { HostPage } from '../../support/host-page'
import { ModalPage } from '../../support/modal-page'
import { recordEvents } from '../../support/recorders'
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
  let stack: Stack | undefined
  let browser: Browser | undefined
  let sessions: SiwxSession[] = []

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack({ chains: true }), launchBrowser()])
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  }, 60_000)

  afterEach(async () => {
    const done = sessions
    sessions = []
    await Promise.all(done.map((s) => s.context.close()))
    stack?.catalog.reset()
    stack?.siwxVerifier.reset()
    expect(
      done.flatMap((s) => s.blocked),
      'requests to hosts other than 127.0.0.1',
    ).toEqual([])
    expect(
      done.flatMap((s) => s.dialogs),
      'dialogs opened by the page',
    ).toEqual([])
    expect(
      done.flatMap((s) => s.pageErrors).map((e) => e.stack ?? e.message),
      'unexpected page errors',
    ).toEqual([])
  }, 60_000)

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: call setupSiwxE2E() first`)
    return value
  }

  return {
    get stack() {
      return need(stack, 'The stack')
    },
    get browser() {
      return need(browser, 'Chromium')
    },
    async newSession() {
      const s = need(stack, 'The stack')
      const context = await need(browser, 'Chromium').newContext()
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
      page.on('pageerror', (error) => session.pageErrors.push(error))
      page.on('dialog', (dialog) => {
        session.dialogs.push(`${dialog.type()}: ${dialog.message()}`)
        void dialog.dismiss().catch(() => undefined)
      })
      sessions.push(session)
      return session
    },
  }
}
