import type { KitState } from '../core/kit.js'
import { shortAddress } from '../core/utils/text.js'
import { createTranslate, type Translate } from '../ui/i18n/index.js'

/** The tag of the connect/account button. */
export const BUTTON_TAG = 'walletkit-button'

/** How a button finds the live instance (the embed registry). */
export type ButtonHost = {
  current():
    | {
        open(): Promise<void>
        getState(): KitState
        subscribe(l: (s: KitState) => void): () => void
      }
    | undefined
  onInstance(listener: () => void): () => void
  /** The live kit's `t()` (English until its language is loaded). */
  texts?(): Translate | undefined
}

const CSS = /* css */ `
:host { all: initial; display: inline-block; }
button {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: 40px; padding: 0 16px; border-radius: 12px; cursor: pointer;
  font: 600 15px/1 var(--wk-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  background: var(--wk-accent, #3b5bfd); color: var(--wk-accent-foreground, #fff);
}
button:focus-visible { outline: 2px solid var(--wk-accent, #3b5bfd); outline-offset: 2px; }
button[disabled] { opacity: 0.6; cursor: default; }
`

/**
 * Defines `<walletkit-button>`: a button that opens the modal and, once connected, shows the
 * account's short address. It renders with plain DOM in its own shadow root.
 */
export function defineButton(host: ButtonHost): void {
  if (customElements.get(BUTTON_TAG)) return
  let sheet: CSSStyleSheet | undefined
  class WalletKitButton extends HTMLElement {
    #button: HTMLButtonElement | undefined
    #stops: (() => void)[] = []

    connectedCallback() {
      if (!this.shadowRoot) {
        const root = this.attachShadow({ mode: 'open' })
        sheet ??= new CSSStyleSheet()
        if (!sheet.cssRules.length) sheet.replaceSync(CSS)
        root.adoptedStyleSheets = [sheet]
        this.#button = document.createElement('button')
        this.#button.type = 'button'
        this.#button.setAttribute('part', 'button')
        this.#button.setAttribute('data-testid', 'wk-button')
        this.#button.addEventListener('click', () => void host.current()?.open())
        root.append(this.#button)
      }
      this.#stops.push(host.onInstance(() => this.#bind()))
      this.#bind()
    }

    disconnectedCallback() {
      for (const stop of this.#stops.splice(0)) stop()
    }

    #unsubscribe: (() => void) | undefined

    #bind() {
      this.#unsubscribe?.()
      const instance = host.current()
      this.#render(instance?.getState())
      this.#unsubscribe = instance?.subscribe((state) => this.#render(state))
    }

    #render(state: KitState | undefined) {
      const button = this.#button
      if (!button) return
      button.disabled = !state
      const t = host.texts?.() ?? createTranslate('en')
      const label = this.getAttribute('label') || t('button.connect')
      button.textContent =
        state?.status === 'connected' && state.address
          ? shortAddress(state.address)
          : state?.status === 'connecting'
            ? t('button.connecting')
            : label
    }
  }
  customElements.define(BUTTON_TAG, WalletKitButton)
}
