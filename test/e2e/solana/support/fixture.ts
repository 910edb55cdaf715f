import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Stack } from '../../../stack/index'
import {
  createSolanaTestWallet,
  type InstallSolanaWalletOptions,
  installSolanaWallet,
  type SolanaTestWallet,
} from '../../../stack/solana/index'
import { createTestWallet, installTestWallet, type TestWallet } from '../../../stack/wallet/index'
import { guardNetwork } from '../../support/browser'
import { HostPage, PAGES } from '../../support/host-page'
import { ModalPage } from '../../support/modal-page'
import { recordEvents } from '../../support/recorders'
import { networkObjects, setupSuite, startChainStack, watchPage } from '../../support/suite'
import { SolanaPage } from './solana-page'

/** One test's page with the Solana test wallet (and, if asked, the EVM one). */
export type SolanaSession = {
  context: BrowserContext
  page: Page
  host: HostPage
  modal: ModalPage
  solana: SolanaPage
  /** The Wallet Standard wallet registered in the page, signing in Node on the local SVM. */
  wallet: SolanaTestWallet
  /** The EIP-6963 test wallet, when the session was made with `evm: true`. */
  evm: TestWallet | undefined
  pageErrors: Error[]
  blocked: string[]
  dialogs: string[]
  /** Loads the blank host page and calls `init()` with the Solana network (after the eip155 ones with `evm`). */
  open(extra?: Record<string, unknown>): Promise<void>
}

/** Options of {@link SolanaE2E.newSession}. */
export type SolanaSessionOptions = {
  /** Also inject the EVM test wallet and configure the local eip155 networks. */
  evm?: boolean
  /** Solana wallet account index; default a fresh one per session (see below). */
  accountIndex?: number
  install?: InstallSolanaWalletOptions
}

/** What a Solana spec file gets. */
export type SolanaE2E = {
  readonly stack: Stack
  readonly browser: Browser
  newSession(options?: SolanaSessionOptions): Promise<SolanaSession>
}

/**
 * One stack with the chains (anvil and the SVM) and one Chromium per spec file; per test a fresh
 * guarded context with the Solana test wallet registered. Sessions use accounts 0–3 in turn (each
 * funded with 10 SOL) unless told otherwise, so balances a test reads are its own. Requests that
 * leave 127.0.0.1, page errors and dialogs fail the test.
 */
export function setupSolanaE2E(): SolanaE2E {
  const suite = setupSuite<SolanaSession>({
    name: 'setupSolanaE2E',
    start: startChainStack,
    reset: (stack) => {
      stack.catalog.reset()
      stack.onramp?.reset()
    },
  })
  let count = 0

  return {
    get stack() {
      return suite.stack
    },
    get browser() {
      return suite.browser
    },
    async newSession(options = {}) {
      const s = suite.stack
      const solanaChain = suite.need(s.solana, 'The Solana chain')
      const context = await suite.browser.newContext()
      const blocked: string[] = []
      await guardNetwork(context, blocked)
      await recordEvents(context)
      const wallet = await createSolanaTestWallet({
        chain: solanaChain.chain,
        accountIndex: options.accountIndex ?? count++ % 4,
      })
      await installSolanaWallet(context, wallet, options.install)
      const evm = options.evm ? createTestWallet({ chains: s.chains }) : undefined
      if (evm) await installTestWallet(context, evm)
      const page = await context.newPage()
      const host = new HostPage(page, s)
      const session: SolanaSession = {
        context,
        page,
        host,
        modal: new ModalPage(page),
        solana: new SolanaPage(page),
        wallet,
        evm,
        pageErrors: [],
        blocked,
        dialogs: [],
        async open(extra = {}) {
          const networks = options.evm
            ? [...networkObjects(s.chains), solanaChain.network]
            : [solanaChain.network]
          await host.goto(PAGES.blank)
          await page.waitForFunction(() => window.WalletKit !== undefined)
          await host.init(host.options({ networks, ...extra }))
          await host.waitForReady()
        },
      }
      watchPage(page, session)
      return suite.track(session)
    },
  }
}
