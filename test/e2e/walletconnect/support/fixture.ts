import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { type Stack, startStack } from '../../../stack/index'
import { type Relay, startRelay } from '../../../stack/relay'
import { createWcWallet, type WcWallet, type WcWalletOptions } from '../../../stack/wc-wallet'
import { guardNetwork, launchBrowser } from '../../support/browser'
import { HostPage } from '../../support/host-page'
import { ModalPage } from '../../support/modal-page'
import { recordEvents } from '../../support/recorders'
import { WalletConnectPage } from './walletconnect-page'

/** One test's page, with what it did that a test may not expect. */
export type WcSession = {
  context: BrowserContext
  page: Page
  host: HostPage
  modal: ModalPage
  wc: WalletConnectPage
  pageErrors: Error[]
  /** Requests and sockets the guard aborted: anything not to 127.0.0.1. */
  blocked: string[]
  dialogs: string[]
}

/** Options of a new session. */
export type WcSessionOptions = Pick<
  BrowserContextOptions,
  'viewport' | 'userAgent' | 'isMobile' | 'hasTouch'
> & {
  /** Installs Playwright's clock before the page runs, so tests can move time forward. */
  clock?: boolean
  /** Runs on the context before its page exists. */
  setup?: (context: BrowserContext) => Promise<void>
}

/** An iPhone in Safari: a touch screen, a coarse pointer and the iOS Safari user agent. */
export const IPHONE: WcSessionOptions = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
}

/** What a WalletConnect spec file gets. */
export type WcE2E = {
  readonly stack: Stack
  /** A relay stand-in that logs every frame, for this file. */
  readonly relay: Relay
  readonly browser: Browser
  /** A fresh guarded page (closed and checked after the test). */
  newSession(options?: WcSessionOptions): Promise<WcSession>
  /** A Node-side WalletConnect wallet on the local chains (closed after the test). */
  newWallet(options?: Pick<WcWalletOptions, 'autoRespond'>): Promise<WcWallet>
  /** Page errors matching `pattern` do not fail the current test. */
  allowPageErrors(pattern: RegExp): void
  /** Options pointing every endpoint at the stack and the relay, with the chains' RPC urls. */
  options(extra?: Record<string, unknown>): Record<string, unknown>
}

/**
 * One stack (with the chains), one logging relay and one Chromium per spec file; per test a fresh
 * context whose requests to anything but 127.0.0.1 are aborted, recorded and fail the test.
 */
export function setupWalletConnectE2E(): WcE2E {
  let stack: Stack | undefined
  let relay: Relay | undefined
  let browser: Browser | undefined
  let sessions: WcSession[] = []
  const wallets: WcWallet[] = []
  let allowed: RegExp[] = []

  beforeAll(async () => {
    ;[stack, relay, browser] = await Promise.all([
      startStack({ chains: true }),
      startRelay({ log: true }),
      launchBrowser(),
    ])
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await relay?.stop()
    await stack?.stop()
  }, 60_000)

  afterEach(async () => {
    const done = sessions
    const patterns = allowed
    sessions = []
    allowed = []
    await Promise.all(done.map((s) => s.context.close()))
    await Promise.all(wallets.splice(0).map((w) => w.close().catch(() => undefined)))
    stack?.catalog.reset()
    expect(
      done.flatMap((s) => s.blocked),
      'requests to hosts other than 127.0.0.1',
    ).toEqual([])
    expect(
      done.flatMap((s) => s.dialogs),
      'dialogs opened by the page',
    ).toEqual([])
    const unexpected = done
      .flatMap((s) => s.pageErrors)
      .filter((error) => !patterns.some((p) => p.test(error.message)))
      .map((error) => error.stack ?? error.message)
    expect(unexpected, 'unexpected page errors').toEqual([])
  }, 60_000)

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started`)
    return value
  }

  return {
    get stack() {
      return need(stack, 'The stack')
    },
    get relay() {
      return need(relay, 'The relay')
    },
    get browser() {
      return need(browser, 'Chromium')
    },
    async newSession(options = {}) {
      const { clock, setup, ...contextOptions } = options
      const context = await need(browser, 'Chromium').newContext(contextOptions)
      const blocked: string[] = []
      await guardNetwork(context, blocked)
      await recordEvents(context)
      await setup?.(context)
      const page = await context.newPage()
      if (clock) await page.clock.install()
      const s = need(stack, 'The stack')
      const session: WcSession = {
        context,
        page,
        host: new HostPage(page, s),
        modal: new ModalPage(page),
        wc: new WalletConnectPage(page),
        pageErrors: [],
        blocked,
        dialogs: [],
      }
      page.on('pageerror', (error) => session.pageErrors.push(error))
      page.on('dialog', (dialog) => {
        session.dialogs.push(`${dialog.type()}: ${dialog.message()}`)
        void dialog.dismiss().catch(() => undefined)
      })
      sessions.push(session)
      return session
    },
    async newWallet(options = {}) {
      const s = need(stack, 'The stack')
      const wallet = await createWcWallet({
        ...options,
        relayUrl: need(relay, 'The relay').url,
        projectId: s.projectId,
        chains: s.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
      })
      wallets.push(wallet)
      return wallet
    },
    allowPageErrors(pattern) {
      allowed.push(pattern)
    },
    options(extra = {}) {
      const s = need(stack, 'The stack')
      return {
        projectId: s.projectId,
        networks: s.chains.map((c, i) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: i === 0 ? 'Devnet' : `Devnet ${i + 1}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrl: c.rpcUrl,
        })),
        apiUrl: s.urls.api,
        analyticsUrl: s.urls.analytics,
        blockchainApiUrl: s.urls.blockchainApi,
        relayUrl: need(relay, 'The relay').url,
        authUrl: s.urls.loginFrame,
        onrampCheckoutOrigins: [s.urls.onrampCheckout],
        ...extra,
      }
    },
  }
}
