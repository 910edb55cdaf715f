import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { ChainDescription } from '../../stack/chain/index'
import { type Stack, startStack } from '../../stack/index'
import { launchBrowser } from './browser'

/** What every browser-test session records for the checks after its test. */
export type Watched = {
  context: BrowserContext
  /** Uncaught errors and unhandled rejections in the page. */
  pageErrors: Error[]
  /** Requests the network guard aborted: anything not to 127.0.0.1. */
  blocked: string[]
  /** alert/confirm/prompt dialogs the page opened (dismissed at once). */
  dialogs: string[]
}

/** Records the page's uncaught errors and its dialogs (dismissing them) on the session. */
export function watchPage(page: Page, session: Pick<Watched, 'pageErrors' | 'dialogs'>): void {
  page.on('pageerror', (error) => session.pageErrors.push(error))
  page.on('dialog', (dialog) => {
    session.dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss().catch(() => undefined)
  })
}

/** Fails the test on requests that tried to leave 127.0.0.1, dialogs, and page errors not `allowed`. */
export function expectCleanSessions(
  done: readonly Watched[],
  allowed: readonly RegExp[] = [],
): void {
  expect(
    done.flatMap((s) => s.blocked),
    'requests to hosts other than 127.0.0.1',
  ).toEqual([])
  expect(
    done.flatMap((s) => s.dialogs),
    'dialogs opened by the page',
  ).toEqual([])
  expect(
    done
      .flatMap((s) => s.pageErrors)
      .filter((error) => !allowed.some((p) => p.test(error.message)))
      .map((error) => error.stack ?? error.message),
    'unexpected page errors',
  ).toEqual([])
}

/**
 * After a failed test, prints what each of its pages shows: the modal's text, the kit's state and
 * the `walletkit:` events, so a failure seen once (on a loaded machine) says where it stood.
 */
async function reportPages(test: string, done: readonly Watched[]): Promise<void> {
  for (const page of done.flatMap((s) => s.context.pages())) {
    const report = await page
      .evaluate(() => {
        const kit = (window as { WalletKit?: { init(): { getState(): unknown } } }).WalletKit
        let state: unknown
        try {
          state = kit?.init().getState()
        } catch (error) {
          state = String(error)
        }
        return { state, events: (window as { __wkEvents?: unknown }).__wkEvents }
      })
      .catch((error: unknown) => ({ unreadable: String(error) }))
    const text = await page
      .locator('[data-testid="wk-dialog"]')
      .textContent({ timeout: 1000 })
      .then((t) => t ?? '')
      .catch(() => '(no dialog)')
    console.error(
      `[failed: ${test}] ${page.url()}\nmodal: ${text.replace(/\s+/g, ' ').slice(0, 400)}\n${JSON.stringify(report).slice(0, 4000)}`,
    )
  }
}

/** Options of {@link setupSuite}. */
export type SuiteOptions = {
  /** The function a spec file calls, named in the error when a fixture is used too early. */
  name: string
  /** Starts the file's stack. */
  start: () => Promise<Stack>
  /** Resets the stand-ins after each test (after the sessions are closed). */
  reset?: (stack: Stack) => void | Promise<void>
  /** Time for the stack and Chromium to start; default 120 s. */
  startTimeoutMs?: number
}

/** What a fixture builds its sessions on. */
export type Suite<S extends Watched> = {
  readonly stack: Stack
  readonly browser: Browser
  /** Keeps a session to close and check after the current test; returns it. */
  track(session: S): S
  /** Page errors matching `pattern` do not fail the current test (the test checks them itself). */
  allowPageErrors(pattern: RegExp): void
  /** `value`, or a clear error naming what was used before it started. */
  need<T>(value: T | undefined, what: string): T
}

/**
 * One stack and one Chromium per spec file. After each test its sessions' contexts are closed,
 * the stand-ins reset, and the test fails on any request that tried to leave 127.0.0.1, any
 * dialog and any page error it did not allow.
 */
export function setupSuite<S extends Watched>(options: SuiteOptions): Suite<S> {
  let stack: Stack | undefined
  let browser: Browser | undefined
  let sessions: S[] = []
  let allowed: RegExp[] = []

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([options.start(), launchBrowser()])
  }, options.startTimeoutMs ?? 120_000)

  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  }, 60_000)

  afterEach(async (ctx) => {
    const done = sessions
    const patterns = allowed
    sessions = []
    allowed = []
    if (ctx.task.result?.state === 'fail') await reportPages(ctx.task.name, done)
    await Promise.all(done.map((s) => s.context.close()))
    if (stack) await options.reset?.(stack)
    expectCleanSessions(done, patterns)
  }, 60_000)

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: call ${options.name}() first`)
    return value
  }

  return {
    get stack() {
      return need(stack, 'The stack')
    },
    get browser() {
      return need(browser, 'Chromium')
    },
    track(session) {
      sessions.push(session)
      return session
    },
    allowPageErrors(pattern) {
      allowed.push(pattern)
    },
    need,
  }
}

/**
 * The stack with the local chains. Their seeding (test/stack/chain/deploy.ts) has been seen to
 * report a failed seed transaction once on a loaded machine; that one failure is retried once,
 * any other is not.
 */
export async function startChainStack(): Promise<Stack> {
  try {
    return await startStack({ chains: true })
  } catch (error) {
    if (!/seed transaction \S+ on chain \d+ failed/.test(String(error))) throw error
    return startStack({ chains: true })
  }
}

/**
 * The local EVM chains as `init()` network objects, each with its own RPC (a wallet needs it to add
 * the chain) and its own tokens declared as a site declares its network's well-known tokens (an
 * imitation of them is flagged in Activity).
 */
export function networkObjects(chains: readonly ChainDescription[]) {
  return chains.map((c, i) => ({
    caipNetworkId: `eip155:${c.chainId}`,
    name: i === 0 ? 'Devnet' : `Devnet ${i + 1}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: c.rpcUrl,
    tokens: Object.fromEntries(c.tokens.map((t) => [t.symbol, t.address])),
  }))
}
