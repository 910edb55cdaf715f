import type { Locator, Page } from 'playwright-core'

const byTestId = (id: string) => `[data-testid="${id}"]`

/** The RegisterName view and Account's entry to it. */
export class NamesPage {
  constructor(readonly page: Page) {}

  private id(id: string): Locator {
    return this.page.locator(byTestId(id))
  }

  get view(): Locator {
    return this.id('wk-view-register-name')
  }
  /** Account's "Choose a name" entry. */
  get entry(): Locator {
    return this.id('wk-account-register-name')
  }
  get input(): Locator {
    return this.id('wk-name-input')
  }
  get hint(): Locator {
    return this.id('wk-name-hint')
  }
  get availability(): Locator {
    return this.id('wk-name-availability')
  }
  get suggestions(): Locator {
    return this.id('wk-name-suggestion')
  }
  get error(): Locator {
    return this.id('wk-name-error')
  }
  get register(): Locator {
    return this.id('wk-name-register')
  }

  /** Types a label key by key, as a visitor does. */
  async type(label: string): Promise<void> {
    await this.input.fill('')
    await this.input.pressSequentially(label)
  }

  /** The suggested names shown, in order. */
  suggested(): Promise<(string | null)[]> {
    return this.suggestions.evaluateAll((list) => list.map((b) => b.getAttribute('data-name')))
  }
}
