import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { type MountHandler, type Stack, startStack } from '../../stack/index'
import { guardNetwork, launchBrowser } from './browser'
import { recordEvents } from './recorders'
import { expectCleanSessions, watchPage } from './suite'

/** One test's browser context and page, with what the page did that a test may not expect. */
export type Session = {
  context: BrowserContext
  page: Page
  /** Uncaught errors and unhandled rejections in the page. */
  pageErrors: Error[]
  /** `console.error` lines (the browser's own reports, e.g. a failed integrity check). */
  consoleErrors: string[]
  /** Requests the network guard aborted: anything not to 127.0.0.1. */
  blocked: string[]
  /** alert/confirm/prompt dialogs the page opened (dismissed at once). */
  dialogs: string[]
}

/** Options of {@link E2E.newSession}. */
export type SessionOptions = Pick<
  BrowserContextOptions,
  'reducedMotion' | 'viewport' | 'colorScheme' | 'javaScriptEnabled'
> & {
  /** Record `walletkit:*` events into `window.__wkEvents` (default true). */
  recordEvents?: boolean
  /** Runs on the new context before its page exists: init scripts, routes. */
  setup?: (context: BrowserContext) => Promise<void>
}

/** What a spec file gets from {@link setupE2E}. */
export type E2E = {
  /** The file's local stack (started in `beforeAll`). */
  readonly stack: Stack
  /** The file's Chromium (started in `beforeAll`). */
  readonly browser: Browser
  /** An absolute URL on the app server, e.g. `url('/test/e2e/pages/blank.html')`. */
  url(path: string): string
  /** A fresh guarded context and page; closed and checked after the test. */
  newSession(options?: SessionOptions): Promise<Session>
  /** Page errors matching `pattern` do not fail the current test (the test checks them itself). */
  allowPageErrors(pattern: RegExp): void
  /** Serves `prefix` on the app server for the current test only. */
  mount(prefix: string, handler: MountHandler): void
}

/**
 * Starts one stack and one Chromium for the spec file, a fresh context per test, and after each
 * test: closes its contexts, resets the stand-ins, and fails the test on any request that tried
 * to leave 127.0.0.1, any unexpected page error and any alert the page opened.
 */
export function setupE2E(): E2E {
  let stack: Stack | undefined
  let browser: Browser | undefined
  let sessions: Session[] = []
  let allowed: RegExp[] = []
  const unmounts: (() => void)[] = []

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  })

  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  afterEach(async () => {
    const done = sessions
    const patterns = allowed
    sessions = []
    allowed = []
    await Promise.all(done.map((s) => s.context.close()))
    for (const unmount of unmounts.splice(0)) unmount()
    if (stack) {
      stack.catalog.reset()
      stack.analytics.reset()
      stack.static.setHeaderHook(null)
    }
    expectCleanSessions(done, patterns)
  })

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`${what} is not started: call setupE2E() at the top of the file`)
    return value
  }

  return {
    get stack() {
      return need(stack, 'The stack')
    },
    get browser() {
      return need(browser, 'Chromium')
    },
    url(path) {
      return new URL(path, need(stack, 'The stack').urls.app).href
    },
    async newSession(options = {}) {
      const { recordEvents: record = true, setup, ...contextOptions } = options
      const context = await need(browser, 'Chromium').newContext(contextOptions)
      const session: Session = {
        context,
        page: undefined as unknown as Page,
        pageErrors: [],
        consoleErrors: [],
        blocked: [],
        dialogs: [],
      }
      sessions.push(session)
      await guardNetwork(context, session.blocked)
      if (record) await recordEvents(context)
      await setup?.(context)
      const page = await context.newPage()
      watchPage(page, session)
      page.on('console', (message) => {
        if (message.type() === 'error') session.consoleErrors.push(message.text())
      })
      session.page = page
      return session
    },
    allowPageErrors(pattern) {
      allowed.push(pattern)
    },
    mount(prefix, handler) {
      unmounts.push(need(stack, 'The stack').static.mount(prefix, handler))
    },
  }
}
