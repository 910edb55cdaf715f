import type { Page } from 'playwright-core'
import type { Stack } from '../../stack/index'
import type { KitState, RecordedEvent } from './globals'

/** The host pages the specs load, by name. */
export const PAGES = {
  /** The demo: the no-code script tag, `<walletkit-button>`, `data-walletkit-open` buttons. */
  demo: '/',
  /** The bundle without data attributes: the test calls `WalletKit.init()` itself. */
  blank: '/test/e2e/pages/blank.html',
  /** The no-code script tag once, and `<walletkit-button>` plus a `data-walletkit-open` button. */
  once: '/test/e2e/pages/once.html',
  /** The same with the script tag included twice. */
  twice: '/test/e2e/pages/twice.html',
  /** The no-code script tag with a malformed `data-project-id`. */
  badProjectId: '/test/e2e/pages/bad-project-id.html',
  /** The no-code script tag with an attribute that is no option. */
  unknownAttribute: '/test/e2e/pages/unknown-attribute.html',
  /** No inline script or style: for the strict CSP. */
  csp: '/test/e2e/pages/csp.html',
  /** Hostile host CSS, each rule set switchable. */
  hostile: '/test/e2e/pages/hostile.html',
  /** No code and no inline script or style: `<walletkit-embed view="Connect">` in a panel. */
  embed: '/test/e2e/pages/embed.html',
} as const

/** The networks every spec configures: the two local chains. */
export const NETWORKS = ['eip155:31337', 'eip155:31338'] as const

/** The networks of the demo page's script tag: the two local chains and the local Solana chain. */
export const DEMO_NETWORKS = [...NETWORKS, 'solana:localnet'] as const

/** An error thrown in the page, as the spec reads it. */
export type PageError = { name: string; message: string; shortMessage: string | undefined }

/** Acts on the host page: navigation, `init()`, the instance's API, and what the page recorded. */
export class HostPage {
  constructor(
    readonly page: Page,
    readonly stack: Stack,
  ) {}

  /** Loads a page of the app server. */
  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.stack.urls.app).href)
  }

  /** Loads the demo page and waits for `walletkit:ready`. */
  async gotoDemo(): Promise<void> {
    await this.goto(PAGES.demo)
    await this.waitForReady()
  }

  /** Loads the blank page and, unless `init` is false, calls `init()` with the stack's options. */
  async gotoBlank({
    init = true,
    options,
  }: {
    init?: boolean
    options?: Record<string, unknown>
  } = {}) {
    await this.goto(PAGES.blank)
    // The tag is synchronous in <head>: by the load event the global exists, or it never will.
    const loaded = await this.page.evaluate(() => window.WalletKit !== undefined)
    if (!loaded) throw new Error('window.WalletKit is undefined after the blank page loaded')
    if (init) {
      await this.init(options ?? this.options())
      await this.waitForReady()
    }
  }

  /** Options pointing every endpoint at the stack, plus `extra`. */
  options(extra: Record<string, unknown> = {}): Record<string, unknown> {
    const { urls, projectId } = this.stack
    return {
      projectId,
      networks: [...NETWORKS],
      apiUrl: urls.api,
      analyticsUrl: urls.analytics,
      ...(urls.blockchainApi && { blockchainApiUrl: urls.blockchainApi }),
      ...(urls.relay && { relayUrl: urls.relay }),
      ...(urls.loginFrame && { authUrl: urls.loginFrame }),
      // The stand-in's checkout is the site's own on-ramp provider.
      ...(urls.onrampCheckout && { onrampCheckoutOrigins: [urls.onrampCheckout] }),
      ...extra,
    }
  }

  /** Calls `WalletKit.init(options)` and keeps the instance in `window.__wkTest.kit`. */
  async init(options: Record<string, unknown>): Promise<void> {
    await this.page.evaluate((o) => {
      const kit = window.WalletKit?.init(o)
      window.__wkTest = { ...window.__wkTest, kit }
    }, options)
  }

  /** Calls `WalletKit.init(options)` expecting it to throw; returns the error. */
  async initError(options: unknown): Promise<PageError | null> {
    return this.page.evaluate((o) => {
      try {
        window.WalletKit?.init(o as Record<string, unknown>)
        return null
      } catch (error) {
        const e = error as Error & { shortMessage?: string }
        return { name: e.name, message: e.message, shortMessage: e.shortMessage }
      }
    }, options)
  }

  /** Waits until the page saw `walletkit:ready`. */
  async waitForReady(): Promise<void> {
    await this.page.waitForFunction(() => window.__wkEvents?.some((e) => e.type === 'ready'))
  }

  /** `WalletKit.init().getState()`. */
  state(): Promise<KitState> {
    return this.page.evaluate(() => {
      const kit = window.WalletKit?.init()
      if (!kit) throw new Error('WalletKit is not initialised')
      return kit.getState()
    })
  }

  /** The `walletkit:*` events the page saw, oldest first. */
  events(): Promise<RecordedEvent[]> {
    return this.page.evaluate(() => window.__wkEvents ?? [])
  }

  /** How many `<walletkit-modal>` elements the document holds. */
  hostCount(): Promise<number> {
    return this.page.locator('walletkit-modal').count()
  }
}
