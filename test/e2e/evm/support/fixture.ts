import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Stack } from '../../../stack/index'
import {
  announceImpostor,
  createTestWallet,
  type ImpostorOptions,
  type InstallTestWalletOptions,
  installTestWallet,
  type TestWallet,
  type WalletInfo,
} from '../../../stack/wallet/index'
import { guardNetwork } from '../../support/browser'
import { HostPage, PAGES } from '../../support/host-page'
import { ModalPage } from '../../support/modal-page'
import { recordEvents } from '../../support/recorders'
import { networkObjects, setupSuite, startChainStack, watchPage } from '../../support/suite'
import { EvmPage, recordToasts } from './evm-page'

/** The local chains as `init()` network objects (see `support/suite.ts`). */
export { networkObjects }

/** One test's page with the EVM test wallet. */
export type EvmSession = {
  context: BrowserContext
  page: Page
  host: HostPage
  modal: ModalPage
  evm: EvmPage
  /** The EIP-6963 test wallet (Node side): controls, `calls`, `addedChains`. */
  wallet: TestWallet
  /** What the wallet announced. */
  info: WalletInfo
  /** The impostor's info, when the session was made with `impostor`. */
  impostor: WalletInfo | undefined
  /** Every request URL (with its POST body) the page made, oldest first. */
  requests: { url: string; body: string | null }[]
  pageErrors: Error[]
  blocked: string[]
  dialogs: string[]
  /** Loads the blank host page, calls `init()` with the local networks plus `extra`, waits for ready. */
  open(extra?: Record<string, unknown>): Promise<void>
  /** Reloads the page and calls `init()` as {@link open} did. */
  reload(extra?: Record<string, unknown>): Promise<void>
}

/** Options of {@link EvmE2E.newSession}. */
export type EvmSessionOptions = {
  /** How many of the stack's chains the wallet knows (it starts on the first); default all. */
  walletChains?: number
  /** Mnemonic account of the wallet; default 0 (`alice.wk.eth`). */
  accountIndex?: number
  install?: InstallTestWalletOptions
  /** Also announce a look-alike provider copying the wallet's name and rdns. */
  impostor?: ImpostorOptions
  /** Options of the browser context (e.g. `timezoneId`). */
  context?: BrowserContextOptions
}

/** What an EVM spec file gets. */
export type EvmE2E = {
  readonly stack: Stack
  readonly browser: Browser
  newSession(options?: EvmSessionOptions): Promise<EvmSession>
  /** Page errors matching `pattern` do not fail the current test (the test checks them itself). */
  allowPageErrors(pattern: RegExp): void
}

/**
 * One stack with the chains and one Chromium per spec file; per test a fresh guarded context with
 * a fresh test wallet (on 31337, disconnected). Requests that leave 127.0.0.1, page errors and
 * dialogs fail the test.
 */
export function setupEvmE2E(): EvmE2E {
  const suite = setupSuite<EvmSession>({
    name: 'setupEvmE2E',
    start: startChainStack,
    startTimeoutMs: 180_000,
    reset: (stack) => {
      stack.catalog.reset()
      stack.blockchainApi?.reset()
      stack.names?.reset()
      stack.onramp?.reset()
    },
  })

  return {
    get stack() {
      return suite.stack
    },
    get browser() {
      return suite.browser
    },
    allowPageErrors(pattern) {
      suite.allowPageErrors(pattern)
    },
    async newSession(options = {}) {
      const s = suite.stack
      const context = await suite.browser.newContext(options.context)
      const blocked: string[] = []
      await guardNetwork(context, blocked)
      await recordEvents(context)
      await recordToasts(context)
      const wallet = createTestWallet({
        chains: s.chains.slice(0, options.walletChains ?? s.chains.length),
        accountIndex: options.accountIndex ?? 0,
      })
      const installed = await installTestWallet(context, wallet, options.install)
      const impostor = options.impostor
        ? (await announceImpostor(context, options.impostor)).info
        : undefined
      const page = await context.newPage()
      const host = new HostPage(page, s)
      const start = async (extra: Record<string, unknown>) => {
        // The tag is synchronous in <head>: by the load event the global exists, or it never will
        // (cdn-dist/walletkit.js missing, e.g. while a build rewrites it).
        if (!(await page.evaluate(() => window.WalletKit !== undefined)))
          throw new Error('window.WalletKit is undefined after the page loaded')
        await host.init(host.options({ networks: networkObjects(s.chains), ...extra }))
        await host.waitForReady()
      }
      const session: EvmSession = {
        context,
        page,
        host,
        modal: new ModalPage(page),
        evm: new EvmPage(page),
        wallet,
        info: installed.info,
        impostor,
        requests: [],
        pageErrors: [],
        blocked,
        dialogs: [],
        async open(extra = {}) {
          await host.goto(PAGES.blank)
          await start(extra)
        },
        async reload(extra = {}) {
          await page.reload()
          await start(extra)
        },
      }
      page.on('request', (r) => session.requests.push({ url: r.url(), body: r.postData() }))
      watchPage(page, session)
      return suite.track(session)
    },
  }
}

/** Opens Connect, picks the session's wallet (or another by uuid) and waits until connected. */
export async function connect(s: EvmSession, uuid = s.info.uuid): Promise<void> {
  await s.modal.openViaApi()
  await s.evm.wallet(uuid).click()
  await s.modal.waitForClosed()
  await expect.poll(() => s.host.state().then((state) => state.status)).toBe('connected')
}

/** The `walletkit:*` events of one type the page saw, by detail. */
export async function details(s: EvmSession, type: string): Promise<unknown[]> {
  return (await s.host.events()).filter((e) => e.type === type).map((e) => e.detail)
}

/** The methods the wallet was asked, in order, from call `from` on. */
export function methods(wallet: TestWallet, from = 0): string[] {
  return wallet.calls.slice(from).map((c) => c.method)
}
