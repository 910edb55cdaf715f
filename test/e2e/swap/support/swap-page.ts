import type { Locator, Page } from 'playwright-core'

const byTestId = (id: string) => `[data-testid="wk-${id}"]`

/** The swap views as specs use them: the form, its token list, the review and the approval. */
export class SwapPage {
  constructor(readonly page: Page) {}

  private id(id: string): Locator {
    return this.page.locator(byTestId(id))
  }

  get form(): Locator {
    return this.id('view-swap')
  }
  get review(): Locator {
    return this.id('view-swap-preview')
  }
  get approval(): Locator {
    return this.id('view-approve-transaction')
  }
  get payAmount(): Locator {
    return this.id('swap-pay-amount')
  }
  get receiveAmount(): Locator {
    return this.id('swap-receive-amount')
  }
  get payToken(): Locator {
    return this.id('swap-pay-token')
  }
  get receiveToken(): Locator {
    return this.id('swap-receive-token')
  }
  /**
   * What a token button shows (its symbol, or 'Choose a token'), without its screen-reader label
   * and its image (its letters while the image loads).
   */
  tokenText(side: 'pay' | 'receive'): Promise<string> {
    return (side === 'pay' ? this.payToken : this.receiveToken).evaluate((button) =>
      [...button.childNodes]
        .filter(
          (n) =>
            !(
              n instanceof Element &&
              (n.classList.contains('wk-sr-only') || n.getAttribute('aria-hidden') === 'true')
            ),
        )
        .map((n) => n.textContent)
        .join(''),
    )
  }
  get payBalance(): Locator {
    return this.id('swap-pay-balance')
  }
  get flip(): Locator {
    return this.id('swap-flip')
  }
  get action(): Locator {
    return this.id('swap-action')
  }
  get banner(): Locator {
    return this.id('swap-banner')
  }
  get unavailable(): Locator {
    return this.id('swap-unavailable')
  }
  get details(): Locator {
    return this.id('swap-details')
  }
  detail(name: string): Locator {
    return this.id(`swap-detail-${name}`).locator('dd')
  }
  get search(): Locator {
    return this.id('swap-selector-search')
  }
  /** A token of the open selector, by symbol, in a section (`yours`, `suggested`, `popular`). */
  token(symbol: string, section = 'suggested'): Locator {
    return this.id(`swap-selector-${section}`).locator(
      `${byTestId('swap-selector-token')}[data-symbol="${symbol}"]`,
    )
  }
  /** Symbols of a selector section, in order. */
  symbols(section: string): Promise<string[]> {
    return this.id(`swap-selector-${section}`)
      .locator(byTestId('swap-selector-token'))
      .evaluateAll((list) => list.map((el) => el.getAttribute('data-symbol') ?? ''))
  }
  get reviewAction(): Locator {
    return this.id('swap-preview-action')
  }
  get reviewBack(): Locator {
    return this.id('swap-preview-back')
  }
  get reviewStatement(): Locator {
    return this.id('swap-preview-statement')
  }
  get approveStatement(): Locator {
    return this.id('approve-statement')
  }
  get approveConfirm(): Locator {
    return this.id('approve-confirm')
  }
  get approveUnlimited(): Locator {
    return this.id('approve-unlimited')
  }

  /** Picks the token paid with, by symbol. */
  async pay(symbol: string): Promise<void> {
    await this.payToken.click()
    await this.token(symbol).click()
  }
  /** Picks the token received, by symbol. */
  async receive(symbol: string): Promise<void> {
    await this.receiveToken.click()
    await this.token(symbol).click()
  }
  /** Types an amount key by key, as a visitor does. */
  async type(amount: string): Promise<void> {
    await this.payAmount.fill('')
    await this.payAmount.pressSequentially(amount)
  }
}
