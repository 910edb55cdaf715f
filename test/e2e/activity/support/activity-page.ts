import type { Locator, Page } from 'playwright-core'
import '../../support/globals'

const byTestId = (id: string) => `[data-testid="${id}"]`

/** A history row as the page shows it. */
export type ShownRow = {
  id: string | null
  hash: string | null
  direction: string | null
  status: string | null
  flag: string | null
  title: string
  amount: string
  party: string
  partyTitle: string | null
  explorer: string | null
  /** When it was mined, as the row's `<time datetime>` (ISO 8601). */
  minedAt: string | null
}

declare global {
  interface Window {
    /** What the page copied to the clipboard (installed by {@link ActivityPage.recordClipboard}). */
    __wkCopied?: string[]
  }
}

/** The Activity and Smart Sessions views, as the specs act on them. */
export class ActivityPage {
  constructor(readonly page: Page) {}

  private id(id: string): Locator {
    return this.page.locator(byTestId(id))
  }
  get view(): Locator {
    return this.id('wk-view-transactions')
  }
  get list(): Locator {
    return this.id('wk-history-list')
  }
  get items(): Locator {
    return this.id('wk-history-item')
  }
  get pending(): Locator {
    return this.id('wk-history-pending')
  }
  get error(): Locator {
    return this.id('wk-history-error')
  }
  get retry(): Locator {
    return this.id('wk-history-retry')
  }
  get empty(): Locator {
    return this.id('wk-history-empty')
  }
  get hidden(): Locator {
    return this.id('wk-history-hidden')
  }
  get showSuspicious(): Locator {
    return this.id('wk-history-show-suspicious')
  }
  get activityEntry(): Locator {
    return this.id('wk-account-activity')
  }
  get sessionsEntry(): Locator {
    return this.id('wk-account-smart-sessions')
  }
  /** A history row by transaction hash. */
  item(hash: string): Locator {
    return this.page.locator(`${byTestId('wk-history-item')}[data-hash="${hash}"]`)
  }

  /** Month titles on screen, top to bottom. */
  months(): Promise<string[]> {
    return this.id('wk-history-month').allTextContents()
  }

  /** The rendered rows, top to bottom (the list is windowed: the ones near the viewport). */
  rows(): Promise<ShownRow[]> {
    return this.items.evaluateAll((rows) =>
      rows.map((row) => ({
        id: row.getAttribute('data-id'),
        hash: row.getAttribute('data-hash'),
        direction: row.getAttribute('data-direction'),
        status: row.getAttribute('data-status'),
        flag: row.getAttribute('data-flag'),
        title: row.querySelector('[data-testid="wk-history-direction"]')?.textContent ?? '',
        amount: row.querySelector('[data-testid="wk-history-amount"]')?.textContent ?? '',
        party: row.querySelector('[data-testid="wk-history-copy"]')?.firstChild?.textContent ?? '',
        partyTitle:
          row.querySelector('[data-testid="wk-history-copy"]')?.getAttribute('title') ?? null,
        explorer:
          row.querySelector('[data-testid="wk-history-explorer"]')?.getAttribute('href') ?? null,
        minedAt: row.querySelector('time')?.getAttribute('datetime') ?? null,
      })),
    )
  }

  /** How many entries the list holds in all (rows, month titles, the footer), rendered or not. */
  async entryCount(): Promise<number> {
    const size = await this.list.locator('li').first().getAttribute('aria-setsize')
    return Number(size ?? 0)
  }

  /** Scrolls the list to its end, as a visitor reaching the bottom does. */
  async scrollToBottom(): Promise<void> {
    await this.list.evaluate((el) => {
      el.scrollTop = el.scrollHeight
      el.dispatchEvent(new Event('scroll'))
    })
  }

  /** Replaces `navigator.clipboard.writeText` with a recorder (no permission prompt in tests). */
  async recordClipboard(): Promise<void> {
    await this.page.evaluate(() => {
      const copied: string[] = []
      Object.defineProperty(window, '__wkCopied', { value: copied, configurable: true })
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void copied.push(text) },
      })
    })
  }

  copied(): Promise<string[]> {
    return this.page.evaluate(() => [...(window.__wkCopied ?? [])])
  }
}
