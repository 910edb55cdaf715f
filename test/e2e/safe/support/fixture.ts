import type { BrowserContext, Frame, Page } from 'playwright-core'
import type { Stack } from '../../../stack/index'
import { guardNetwork } from '../../support/browser'
import type { KitState, RecordedEvent } from '../../support/globals'
import { poll } from '../../support/poll'
import { recordEvents } from '../../support/recorders'
import { setupSuite, startChainStack, watchPage } from '../../support/suite'

/** One test's page: the Safe web wallet stand-in, with the demo (or another app page) in its frame. */
export type SafeSession = {
  context: BrowserContext
  /** The Safe parent page. */
  page: Page
  pageErrors: Error[]
  blocked: string[]
  dialogs: string[]
  /** Opens a Safe parent page (`parentUrl`, default the stack's) framing `app` (default the demo). */
  openParent(options?: { parentUrl?: string; app?: string }): Promise<Frame>
}

/** What a Safe spec file gets. */
export type SafeE2E = {
  readonly stack: Stack
  newSession(): Promise<SafeSession>
}

/**
 * One stack with the chains (and so the Safe stand-in) and one Chromium per spec file; per test a
 * fresh guarded context recording `walletkit:*` events in every frame. After each test the Safe
 * parent's switches and logs are reset.
 */
export function setupSafeE2E(): SafeE2E {
  const suite = setupSuite<SafeSession>({
    name: 'setupSafeE2E',
    start: startChainStack,
    startTimeoutMs: 180_000,
    reset: (stack) => {
      stack.catalog.reset()
      stack.blockchainApi?.reset()
      stack.safe?.controls.reset()
    },
  })
  return {
    get stack() {
      return suite.stack
    },
    async newSession() {
      const stack = suite.stack
      const context = await suite.browser.newContext()
      const blocked: string[] = []
      await guardNetwork(context, blocked)
      await recordEvents(context)
      const page = await context.newPage()
      const session: SafeSession = {
        context,
        page,
        pageErrors: [],
        blocked,
        dialogs: [],
        async openParent(options = {}) {
          const parent = new URL(`${options.parentUrl ?? stack.urls.safe}/`)
          if (options.app) parent.searchParams.set('app', options.app)
          await page.goto(parent.href)
          return appFrame(page, stack)
        },
      }
      watchPage(page, session)
      return suite.track(session)
    },
  }
}

/** The frame of the app server inside the Safe parent page, once its document has loaded. */
export async function appFrame(page: Page, stack: Stack): Promise<Frame> {
  let found: Frame | undefined
  await poll(() => {
    found = page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith(stack.urls.app))
    return found !== undefined
  }).toBe(true)
  const frame = found as Frame
  await frame.waitForLoadState('load')
  return frame
}

/** Waits until the app in `frame` has announced `walletkit:ready`. */
export async function waitForReady(frame: Frame): Promise<void> {
  await frame.waitForFunction(() => window.__wkEvents?.some((e) => e.type === 'ready'))
}

/** The kit's state in `frame`. */
export function stateIn(frame: Frame): Promise<KitState> {
  return frame.evaluate(() => {
    const kit = window.WalletKit?.init()
    if (!kit) throw new Error('WalletKit is not initialised')
    return kit.getState()
  })
}

/** The `walletkit:*` events the app in `frame` saw. */
export function eventsIn(frame: Frame): Promise<RecordedEvent[]> {
  return frame.evaluate(() => window.__wkEvents ?? [])
}

/** `kit.getProvider('eip155').request(...)` in `frame`: the result, or the error's code and message. */
export function requestIn(
  frame: Frame,
  method: string,
  params?: unknown[],
): Promise<{ result?: unknown; error?: { code?: number | undefined; message: string } }> {
  return frame.evaluate(
    async ({ method, params }) => {
      const kit = window.WalletKit?.init() as unknown as {
        getProvider(ns: string): { request(a: unknown): Promise<unknown> } | undefined
      }
      const provider = kit.getProvider('eip155')
      if (!provider) return { error: { message: 'no eip155 provider' } }
      try {
        return { result: await provider.request({ method, params }) }
      } catch (e) {
        const { code, message } = e as { code?: number; message: string }
        return { error: { code, message } }
      }
    },
    { method, params },
  )
}
