import type { Locator, Page } from 'playwright-core'

/** The view test ids (`wk-view-…`) the modal renders. */
export type ViewId =
  | 'connect'
  | 'all-wallets'
  | 'connecting'
  | 'wc'
  | 'help'
  | 'wc-basic'
  | 'unavailable'

/** What has focus, looking through open shadow roots. */
export type FocusInfo = {
  /** `data-testid` (with `:data-wallet-id` for wallets) of the focused element, or its tag name. */
  id: string
  /** The focused element is inside the modal's `<dialog>` (or the inline region). */
  insideDialog: boolean
}

const byTestId = (id: string) => `[data-testid="${id}"]`

/** Where the modal's views are: the dialog (`<walletkit-modal>`) or inline (`<walletkit-embed>`). */
export type Frame = 'dialog' | 'embed'

const FRAMES = {
  dialog: { host: 'walletkit-modal', testId: 'wk-dialog' },
  embed: { host: 'walletkit-embed', testId: 'wk-embed' },
} as const

/**
 * Acts on the modal. It lives in an open shadow root on `<walletkit-modal>` (or, embedded, on
 * `<walletkit-embed>`); Playwright's CSS locators pierce open shadow roots, so plain test-id
 * selectors reach inside.
 */
export class ModalPage {
  constructor(
    readonly page: Page,
    readonly frame: Frame = 'dialog',
  ) {}

  // ── Locators ──────────────────────────────────────────────────────────────────────────
  get host(): Locator {
    return this.page.locator(FRAMES[this.frame].host)
  }
  /** The `<dialog>`, or the inline region while embedded. */
  get dialog(): Locator {
    return this.page.locator(byTestId(FRAMES[this.frame].testId))
  }
  get card(): Locator {
    return this.dialog.locator('.wk-card')
  }
  /**
   * The card's box once its entrance (a 160 ms scale and slide) has ended: measured mid-way, the
   * box is any size between 98 % and 100 % of the card's.
   */
  async cardBox(): Promise<{ x: number; y: number; width: number; height: number }> {
    await this.card.evaluate((card) =>
      Promise.all(card.getAnimations().map((a) => a.finished.catch(() => null))),
    )
    const box = await this.card.boundingBox()
    if (!box) throw new Error('the card has no box')
    return box
  }
  get title(): Locator {
    return this.page.locator(byTestId('wk-title'))
  }
  get closeButton(): Locator {
    return this.page.locator(byTestId('wk-close'))
  }
  get backButton(): Locator {
    return this.page.locator(byTestId('wk-back'))
  }
  get wallets(): Locator {
    return this.page.locator(byTestId('wk-wallet'))
  }
  get allWalletsButton(): Locator {
    return this.page.locator(byTestId('wk-all-wallets'))
  }
  get searchInput(): Locator {
    return this.page.locator(byTestId('wk-search'))
  }
  get grid(): Locator {
    return this.page.locator(byTestId('wk-wallet-grid'))
  }
  get placeholders(): Locator {
    return this.page.locator(byTestId('wk-placeholder'))
  }
  get empty(): Locator {
    return this.page.locator(byTestId('wk-all-wallets-empty'))
  }
  get error(): Locator {
    return this.page.locator(byTestId('wk-all-wallets-error'))
  }
  get retry(): Locator {
    return this.page.locator(byTestId('wk-all-wallets-retry'))
  }
  /** The `<walletkit-button>`'s inner button. */
  get connectButton(): Locator {
    return this.page.locator(byTestId('wk-button'))
  }
  /** A view by its test id. */
  view(id: ViewId): Locator {
    return this.page.locator(byTestId(`wk-view-${id}`))
  }
  /** A wallet's button by catalogue id. */
  wallet(id: string): Locator {
    return this.page.locator(`${byTestId('wk-wallet')}[data-wallet-id="${id}"]`)
  }

  // ── Actions ───────────────────────────────────────────────────────────────────────────
  /** Clicks `<walletkit-button>` and waits for the dialog. */
  async openViaButton(): Promise<void> {
    await this.connectButton.click()
    await this.waitForOpen()
  }

  /** Calls `WalletKit.init().open(parameters)` and waits for the dialog. */
  async openViaApi(parameters: { view?: string; namespace?: string } = {}): Promise<void> {
    await this.page.evaluate(async (p) => {
      const kit = window.WalletKit?.init()
      if (!kit) throw new Error('WalletKit is not initialised')
      await kit.open(p)
    }, parameters)
    await this.waitForOpen()
  }

  async waitForOpen(): Promise<void> {
    await this.dialog.waitFor({ state: 'visible' })
  }

  async waitForClosed(): Promise<void> {
    await this.dialog.waitFor({ state: 'hidden' })
  }

  /** Waits for at least `count` wallet buttons. */
  async waitForWallets(count = 1): Promise<void> {
    await this.wallets.nth(count - 1).waitFor()
  }

  /** The names on the wallet buttons, in order. */
  walletNames(): Promise<string[]> {
    return this.wallets.locator('.wk-wallet-name').allTextContents()
  }

  /** The catalogue ids on the wallet buttons, in order. */
  walletIds(): Promise<string[]> {
    return this.wallets.evaluateAll((list) =>
      list.map((el) => el.getAttribute('data-wallet-id') ?? ''),
    )
  }

  /**
   * The catalogue ids All Wallets lists, in order. Its grid keeps only the rows near the view in
   * the DOM, so the view is scrolled down in small steps, reading each item by its position, and
   * stops once it has read them all: before the list's end comes near enough to load a page.
   */
  listedIds(): Promise<string[]> {
    return this.view('all-wallets').evaluate(async (view) => {
      const frames = () =>
        new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      const ids: string[] = []
      let size = 0
      for (let top = 0; top <= view.scrollHeight; top += 50) {
        view.scrollTop = top
        await frames()
        for (const li of view.querySelectorAll('[data-testid="wk-wallet-list"] > li')) {
          size = Number(li.getAttribute('aria-setsize'))
          ids[Number(li.getAttribute('aria-posinset')) - 1] =
            li.querySelector('[data-wallet-id]')?.getAttribute('data-wallet-id') ?? ''
        }
        if (ids.length === size && !ids.includes(undefined as never)) break
      }
      // Back at the top, and the grid's rows with it, before the caller counts what is rendered.
      view.scrollTop = 0
      await frames()
      return Array.from(ids, (id) => id ?? 'missing')
    })
  }

  /** How many wallets are listed: All Wallets' set size (its grid renders the rows in view), else the buttons. */
  listedCount(): Promise<number> {
    return this.page.evaluate(async (host) => {
      const root = document.querySelector(host)?.shadowRoot
      const item = root?.querySelector('[data-testid="wk-wallet-list"] > li')
      return item
        ? Number(item.getAttribute('aria-setsize'))
        : (root?.querySelectorAll('[data-testid="wk-wallet"]').length ?? 0)
    }, FRAMES[this.frame].host)
  }

  /** The image state (`data-status`: loading, ready, failed, none) of each wallet, by id. */
  imageStatuses(ids: readonly string[]): Promise<(string | null)[]> {
    return Promise.all(
      ids.map((id) => this.wallet(id).locator('.wk-image').getAttribute('data-status')),
    )
  }

  /** Goes from Connect to All Wallets and waits for its first page. */
  async goToAllWallets(): Promise<void> {
    await this.allWalletsButton.click()
    await this.view('all-wallets').waitFor()
  }

  /** Types into the search field as a visitor would, without pauses between keys. */
  async search(text: string): Promise<void> {
    await this.searchInput.click()
    await this.searchInput.pressSequentially(text)
  }

  /** Clears the search field. */
  async clearSearch(): Promise<void> {
    await this.searchInput.fill('')
  }

  /** Scrolls the All Wallets list to its end (the next page loads as the end comes near). */
  async scrollToEnd(): Promise<void> {
    await this.view('all-wallets').evaluate((el) => {
      el.scrollTop = el.scrollHeight
    })
  }

  async pressEscape(): Promise<void> {
    await this.page.keyboard.press('Escape')
  }

  /** Clicks the backdrop: the dialog element itself, outside the card. */
  async clickBackdrop(): Promise<void> {
    await this.dialog.click({ position: { x: 5, y: 5 } })
  }

  async clickClose(): Promise<void> {
    await this.closeButton.click()
  }

  async goBack(): Promise<void> {
    await this.backButton.click()
  }

  /** The title's text. */
  async titleText(): Promise<string> {
    return (await this.title.textContent()) ?? ''
  }

  /** The test id of the view on screen (`wk-view-…`), or null. */
  viewTestId(): Promise<string | null> {
    return this.page.evaluate((host) => {
      const root = document.querySelector(host)?.shadowRoot
      return root?.querySelector('[data-testid^="wk-view-"]')?.getAttribute('data-testid') ?? null
    }, FRAMES[this.frame].host)
  }

  /** What has focus, looking through every open shadow root. */
  focused(): Promise<FocusInfo> {
    return this.page.evaluate(({ host, testId: frame }) => {
      let active: Element | null = document.activeElement
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
      const dialog = document
        .querySelector(host)
        ?.shadowRoot?.querySelector(`[data-testid="${frame}"]`)
      const testId = active?.getAttribute('data-testid')
      const walletId = active?.getAttribute('data-wallet-id')
      return {
        id: testId
          ? `${testId}${walletId ? `:${walletId}` : ''}`
          : (active?.tagName.toLowerCase() ?? 'none'),
        insideDialog: !!active && !!dialog?.contains(active),
      }
    }, FRAMES[this.frame])
  }
}
