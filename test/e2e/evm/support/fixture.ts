import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { ChainDescription } from '../../../stack/chain/index'
import { type Stack, startStack } from '../../../stack/index'
import {
  announceImpostor,
  createTestWallet,
  type ImpostorOptions,
  type InstallTestWalletOptions,
  installTestWallet,
  type TestWallet,
  type WalletInfo,
} from '../../../stack/wallet/index'
import { guardNetwork, launchBrowser } from '../../support/browser'
import { HostPage, PAGES } from '../../support/host-page'
import { ModalPage } from '../../support/modal-page'
import { recordEvents } from '../../support/recorders'
import { EvmPage, recordToasts } from './evm-page'

/** The local chains as `init()` network objects: each with its own RPC (needed to add it to a wallet). */
export function networkObjects(chains: readonly ChainDescription[]) {
  return chains.map((c, i) => ({
    caipNetworkId: `eip155:${c.chainId}`,
    name: i === 0 ? 'Devnet' : `Devnet ${i + 1}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: c.rpcUrl,
  }))
}

/**
 * The stack with the chains. The chains' seeding (test/stack/chain/deploy.ts) has been seen to
 * report a failed seed transaction once on this loaded machine; that one failure is retried once,
 * any other is not.
 */
async function startChainStack(): Promise<Stack> {
  try {
    return await startStack({ chains: true })
  } catch (error) {
    if (!/seed transaction \S+ on chain \d+ failed/.test(String(error))) throw error
    return startStack({ chains: true })
  }
}

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
}

/** What an EVM spec file gets. */
export type EvmE2E = {
  readonly stack: Stack
  readonly browser: Browser
  newSession(options?: EvmSessionOptions): Promise<EvmSession>
}

/**
 * One stack with the chains and one Chromium per spec file; per test a fresh guarded context with
 * a fresh test wallet (on 31337, disconnected). Requests that leave 127.0.0.1, page errors and
 * dialogs fail the test.
 */
export function setupEvmE2E(): EvmE2E {
  let stack: Stack | undefined
  let browser: Browser | undefined
  let sessions: EvmSession[] = []

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startChainStack(), launchBrowser()])
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  }, 60_000)

  afterEach(async () => {
    const done = sessions
    sessions = []
    await Promise.all(done.map((s) => s.context.close()))
    stack?.catalog.reset()
    stack?.blockchainApi?.reset()
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
    if (value === undefined) throw new Error(`${what} is not started: call setupEvmE2E() first`)
    return value
  }

  return {
    get stack() {
      return need(stack, 'The stack')
    },
    get browser() {
      return need(browser, 'Chromium')
    },
    async newSession(options = {}) {
      const s = need(stack, 'The stack')
      const context = await need(browser, 'Chromium').newContext()
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
