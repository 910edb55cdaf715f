import type { Locator, Page } from 'playwright-core'

const byTestId = (id: string) => `[data-testid="${id}"]`

/** The OnRamp view (modal side) and the checkout window (the provider's origin). */
export class OnRampPage {
  constructor(readonly page: Page) {}

  private id(id: string): Locator {
    return this.page.locator(byTestId(id))
  }

  get view(): Locator {
    return this.id('wk-view-onramp')
  }
  /** Account's "Buy" button of the wallet features row. */
  get entry(): Locator {
    return this.id('wk-account-feature-onramp')
  }
  get assets(): Locator {
    return this.id('wk-onramp-asset')
  }
  asset(symbol: string): Locator {
    return this.page.locator(`${byTestId('wk-onramp-asset')}[data-asset="${symbol}"]`)
  }
  get amount(): Locator {
    return this.id('wk-onramp-amount')
  }
  get currency(): Locator {
    return this.id('wk-onramp-currency')
  }
  method(id: string): Locator {
    return this.page.locator(`${byTestId('wk-onramp-method')}[data-method="${id}"]`)
  }
  get limits(): Locator {
    return this.id('wk-onramp-limits')
  }
  get amountError(): Locator {
    return this.id('wk-onramp-amount-error')
  }
  get quote(): Locator {
    return this.id('wk-onramp-quote')
  }
  get receive(): Locator {
    return this.id('wk-onramp-receive')
  }
  get estimate(): Locator {
    return this.id('wk-onramp-estimate')
  }
  get fallback(): Locator {
    return this.id('wk-onramp-fallback')
  }
  get restricted(): Locator {
    return this.id('wk-onramp-restricted')
  }
  get providers(): Locator {
    return this.id('wk-onramp-provider')
  }
  get error(): Locator {
    return this.id('wk-onramp-error')
  }
  get buy(): Locator {
    return this.id('wk-onramp-buy')
  }
  get waiting(): Locator {
    return this.id('wk-onramp-waiting')
  }

  /** Types an amount (as a visitor would, key by key). */
  async enter(amount: string): Promise<void> {
    await this.amount.fill('')
    await this.amount.pressSequentially(amount)
  }

  /** Clicks Buy and returns the checkout window it opened. */
  async buyAndGetCheckout(): Promise<Page> {
    const [popup] = await Promise.all([this.page.waitForEvent('popup'), this.buy.click()])
    return popup
  }
}

/** The provider's checkout page in its own window. */
export class CheckoutPage {
  constructor(readonly page: Page) {}

  get pay(): Locator {
    return this.page.locator(byTestId('checkout-pay'))
  }
  get cancel(): Locator {
    return this.page.locator(byTestId('checkout-cancel'))
  }
  get status(): Locator {
    return this.page.locator(byTestId('checkout-status'))
  }
  get receive(): Locator {
    return this.page.locator(byTestId('checkout-you-receive'))
  }
}
