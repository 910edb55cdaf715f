import type { Locator, Page } from 'playwright-core'
import { ModalPage } from '../../support/modal-page'

/** What a call of the instance's API in the page gave: its value, or the error's fields. */
export type Outcome =
  | { ok: true; value: unknown }
  | { ok: false; name: string; shortMessage: string | undefined }

const byTestId = (id: string) => `[data-testid="${id}"]`

/** Acts on the sign-in view and the instance's sign-in API. */
export class SiwxPage {
  readonly modal: ModalPage
  constructor(readonly page: Page) {
    this.modal = new ModalPage(page)
  }

  get view(): Locator {
    return this.page.locator(byTestId('wk-view-siwx'))
  }
  get signButton(): Locator {
    return this.page.locator(byTestId('wk-siwx-sign'))
  }
  get cancelButton(): Locator {
    return this.page.locator(byTestId('wk-siwx-cancel'))
  }
  get status(): Locator {
    return this.page.locator(byTestId('wk-siwx-status'))
  }
  get toast(): Locator {
    return this.page.locator(byTestId('wk-toast'))
  }

  /** Opens the modal, picks the installed Devnet Wallet, and waits for the sign view to ask. */
  async connectWallet(): Promise<void> {
    await this.modal.openViaApi()
    await this.modal.wallets.filter({ hasText: 'Devnet Wallet' }).first().click()
    await this.waitForSignView()
  }

  /** Waits until the sign view is shown and ready to sign. */
  async waitForSignView(): Promise<void> {
    await this.view.waitFor()
    await this.page.locator(`${byTestId('wk-view-siwx')}[data-status="needed"]`).waitFor()
  }

  /** The sign view's status attribute (`checking`, `needed`, `signing`, …), or null. */
  viewStatus(): Promise<string | null> {
    return this.view.getAttribute('data-status', { timeout: 1000 }).catch(() => null)
  }

  /** Calls `kit.signIn()` or `kit.signOut()` in the page. */
  call(method: 'signIn' | 'signOut'): Promise<Outcome> {
    return this.page.evaluate(async (name) => {
      const kit = window.WalletKit?.init() as unknown as Record<string, () => Promise<unknown>>
      try {
        return { ok: true as const, value: (await kit[name]?.()) ?? null }
      } catch (error) {
        const e = error as Error & { shortMessage?: string }
        return { ok: false as const, name: e.name, shortMessage: e.shortMessage }
      }
    }, method)
  }

  /** The answers the page's `verify` hook got from the site's verifier. */
  verifierAnswers(): Promise<unknown[]> {
    return this.page.evaluate(
      () => (window as unknown as { __siwxVerifications?: unknown[] }).__siwxVerifications ?? [],
    )
  }
}
