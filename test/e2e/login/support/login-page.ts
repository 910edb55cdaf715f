import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core'
import '../../support/globals'

const byTestId = (id: string) => `[data-testid="${id}"]`

declare global {
  interface Window {
    /** Every message event the host window received, oldest first (installed by {@link recordMessages}). */
    __wkMessages?: { origin: string; data: string }[]
  }
}

/**
 * Records every message the host window receives (before the bundle runs), as JSON text, so a
 * test can check what the login frame ever sent the page (never a key) and replay a real id.
 */
export async function recordMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: { origin: string; data: string }[] = []
    Object.defineProperty(window, '__wkMessages', { value: log })
    window.addEventListener('message', (event) => {
      let data: string
      try {
        data = JSON.stringify(event.data)
      } catch {
        data = String(event.data)
      }
      log.push({ origin: event.origin, data })
    })
  })
}

/** Acts on the login parts of the modal, the login frame's approvals, and the stand-in's pages. */
export class LoginPage {
  constructor(readonly page: Page) {}

  private id(id: string): Locator {
    return this.page.locator(byTestId(id))
  }

  get emailInput(): Locator {
    return this.id('wk-auth-email')
  }
  get emailError(): Locator {
    return this.id('wk-auth-email-error')
  }
  get otpInput(): Locator {
    return this.id('wk-auth-otp')
  }
  get error(): Locator {
    return this.id('wk-auth-error')
  }
  get resend(): Locator {
    return this.id('wk-auth-resend')
  }
  get socialStatus(): Locator {
    return this.id('wk-auth-social-status')
  }
  get farcasterLink(): Locator {
    return this.id('wk-auth-farcaster-link')
  }
  get accountUser(): Locator {
    return this.id('wk-account-user')
  }
  get accountType(): Locator {
    return this.id('wk-account-type')
  }
  get accountTypeSwitch(): Locator {
    return this.id('wk-account-type-switch')
  }
  /** A social button of Connect. */
  social(provider: string): Locator {
    return this.id(`wk-social-${provider}`)
  }
  /** Every social button of Connect, in order. */
  get socials(): Locator {
    return this.page.locator('[data-testid^="wk-social-"]')
  }
  /** The login frame's iframe element (inside the shadow root of `<walletkit-login>`). */
  get frameElement(): Locator {
    return this.id('wk-auth-frame')
  }
  /** The login frame's document. */
  get frame(): FrameLocator {
    return this.page.frameLocator(byTestId('wk-auth-frame'))
  }
  /** The `<dialog>` the frame lives in: open only while an approval is shown. */
  get frameDialog(): Locator {
    return this.page.locator('dialog.wk-frame')
  }

  /** Types an address into Connect's email field and submits it. */
  async submitEmail(email: string): Promise<void> {
    await this.emailInput.fill(email)
    await this.id('wk-auth-email-submit').click()
  }

  /** Types a code (a complete one is checked at once). */
  async enterCode(code: string): Promise<void> {
    await this.otpInput.fill(code)
  }

  /** Approves the request the frame shows (the frame's own Approve button). */
  async approve(): Promise<void> {
    await this.frameDialog.waitFor({ state: 'visible' })
    await this.frame.locator(byTestId('approve')).click()
  }

  /** Rejects the request the frame shows. */
  async reject(): Promise<void> {
    await this.frameDialog.waitFor({ state: 'visible' })
    await this.frame.locator(byTestId('reject')).click()
  }

  /** How many messages the kit refused on the login channel (`data-refused` of the frame's dialog). */
  refused(): Promise<number> {
    return this.page.evaluate(() => {
      const dialog = document
        .querySelector('walletkit-login')
        ?.shadowRoot?.querySelector('dialog.wk-frame')
      return Number(dialog?.getAttribute('data-refused') ?? Number.NaN)
    })
  }

  /** Every message the host window received, as recorded by {@link recordMessages}. */
  messages(): Promise<{ origin: string; data: string }[]> {
    return this.page.evaluate(() => [...(window.__wkMessages ?? [])])
  }
}

/** The stand-in's mailbox page, as a person reads it. */
export class MailboxPage {
  constructor(
    readonly page: Page,
    readonly url: string,
  ) {}

  /** The newest code sent to `email`, read from the mailbox page. */
  async codeFor(email: string): Promise<string> {
    await this.page.goto(this.url)
    const mail = this.page.locator(`[data-testid="mail"][data-to="${email}"]`).filter({
      has: this.page.locator(byTestId('mail-code')),
    })
    return (await mail.first().locator(byTestId('mail-code')).textContent()) ?? ''
  }

  /** Opens the newest device-approval link sent to `email`. */
  async approveDevice(email: string): Promise<void> {
    await this.page.goto(this.url)
    await this.page
      .locator(`[data-testid="mail"][data-to="${email}"] ${byTestId('mail-link')}`)
      .first()
      .click()
    await this.page.locator(byTestId('device-approved')).waitFor()
  }
}
