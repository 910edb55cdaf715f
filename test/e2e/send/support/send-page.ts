import type { Locator, Page } from 'playwright-core'
import { decodeQr, matrixFromPath } from '../../walletconnect/support/qr-decode'

const byTestId = (id: string) => `[data-testid="wk-${id}"]`

/** The Account view's wallet features, the Send view (form and review) and the Receive view. */
export class SendPage {
  constructor(readonly page: Page) {}

  private id(id: string): Locator {
    return this.page.locator(byTestId(id))
  }

  /** A wallet feature's button on Account (`send`, `receive`, …). */
  feature(name: string): Locator {
    return this.id(`account-feature-${name}`)
  }
  get features(): Locator {
    return this.page.locator('[data-testid^="wk-account-feature-"]')
  }
  get form(): Locator {
    return this.id('view-send')
  }
  get token(): Locator {
    return this.id('send-token')
  }
  get amount(): Locator {
    return this.id('send-amount')
  }
  get amountNote(): Locator {
    return this.id('send-amount-note')
  }
  get max(): Locator {
    return this.id('send-max')
  }
  get to(): Locator {
    return this.id('send-to')
  }
  get toNote(): Locator {
    return this.id('send-to-note')
  }
  get self(): Locator {
    return this.id('send-self')
  }
  get fee(): Locator {
    return this.id('send-fee')
  }
  get reviewButton(): Locator {
    return this.id('send-review')
  }
  get review(): Locator {
    return this.id('view-send-review')
  }
  get reviewAmount(): Locator {
    return this.id('send-review-amount')
  }
  get reviewAddress(): Locator {
    return this.id('send-review-address')
  }
  get fullAddress(): Locator {
    return this.id('send-review-full')
  }
  get reviewFee(): Locator {
    return this.id('send-review-fee')
  }
  get confirm(): Locator {
    return this.id('send-confirm')
  }
  get edit(): Locator {
    return this.id('send-edit')
  }
  get failure(): Locator {
    return this.id('send-failure')
  }
  get receive(): Locator {
    return this.id('view-receive')
  }
  get receiveAddress(): Locator {
    return this.id('receive-address')
  }
  get receiveNetworks(): Locator {
    return this.page.locator(`${byTestId('receive-networks')} li`)
  }
  get receiveWarning(): Locator {
    return this.id('receive-warning')
  }

  /** Types into a field key by key, as a visitor does (the key rules see every key). */
  async type(field: Locator, text: string): Promise<void> {
    await field.click()
    await field.press('ControlOrMeta+a')
    await field.press('Backspace')
    await field.pressSequentially(text)
  }

  /** Fills the form: the token by its id (`native` or an address), the amount typed, the recipient. */
  async fill(p: { token?: string; amount: string; to: string }): Promise<void> {
    await this.form.waitFor()
    if (p.token) await this.token.selectOption(p.token)
    await this.type(this.amount, p.amount)
    await this.type(this.to, p.to)
  }

  /** The Receive view's QR code decoded from its modules, as a phone reads it. */
  async qrText(): Promise<string> {
    const qr = this.receive.locator(byTestId('qr'))
    const shape = await qr.evaluate((el) => ({
      d: el.querySelector('path')?.getAttribute('d') ?? '',
      size: Number(el.getAttribute('data-modules')),
    }))
    return decodeQr(matrixFromPath(shape.d, shape.size)).text
  }
}
