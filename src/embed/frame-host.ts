import { effect, type ReadonlySignal } from '@preact/signals-core'
import type { FrameHost } from '../connectors/auth/connector.js'

/** The element whose shadow root holds the login frame. */
export const LOGIN_HOST_TAG = 'walletkit-login'

/** The frame's dialog: closed (invisible) unless an approval is shown, then above everything. */
const FRAME_CSS = /* css */ `
dialog { all: initial; display: block; position: fixed; inset: 0; margin: auto; padding: 0;
  width: 360px; height: 560px; max-width: calc(100vw - 24px); max-height: calc(100vh - 24px);
  border-radius: 16px; overflow: hidden; background: #fff; box-shadow: 0 16px 48px rgba(0, 0, 0, 0.25); }
dialog:not([open]) { display: none; }
dialog::backdrop { background: rgba(0, 0, 0, 0.4); }
iframe { display: block; width: 100%; height: 100%; border: 0; }
`

let sheet: CSSStyleSheet | undefined

/**
 * Where the login frame lives: a `<dialog>` in the open shadow root of an element of its own
 * (`<walletkit-login>`), not in the views' place. The views move between the modal and an inline
 * embed, which re-creates their host; the frame must not be reloaded by that (its requests and the
 * visitor's session would be lost), so it outlives them until `destroy()`.
 *
 * The dialog stays closed, so the frame is invisible, except while the visitor approves a request
 * the kit sent: `showModal()` puts it above the modal and the page, and Escape cancels the request
 * instead of closing it behind the kit's back. The frame itself can never show itself.
 *
 * @param label - The accessible name of the dialog and the frame, in the kit's language (a signal:
 *   it follows `setLocale()`).
 * @param forged - The channel's refused-message count, reflected as `data-refused` for tests.
 */
export function createFrameHost(
  label: ReadonlySignal<string>,
  forged: () => ReadonlySignal<number> | undefined,
): FrameHost & { destroy(): void } {
  let host: HTMLElement | undefined
  let dialog: HTMLDialogElement | undefined
  let stop: (() => void) | undefined

  function ensure(): HTMLDialogElement {
    if (dialog) return dialog
    const element = document.createElement(LOGIN_HOST_TAG)
    // CSSOM writes (not a style attribute), so a strict CSP allows them; !important beats a host
    // page's `* { display: none !important }`.
    element.style.setProperty('display', 'contents', 'important')
    const shadow = element.attachShadow({ mode: 'open' })
    sheet ??= new CSSStyleSheet()
    sheet.replaceSync(FRAME_CSS)
    shadow.adoptedStyleSheets = [sheet]
    const shown = document.createElement('dialog')
    shown.className = 'wk-frame'
    shown.setAttribute('part', 'login-frame')
    shadow.append(shown)
    const count = forged()
    stop = effect(() => {
      shown.setAttribute('aria-label', label.value)
      for (const frame of shown.querySelectorAll('iframe')) frame.title = label.value
      if (count) shown.setAttribute('data-refused', String(count.value))
    })
    host = element
    dialog = shown
    // A page that calls init() from <head> may have no body yet.
    const attach = () => {
      if (host === element) document.body.append(element)
    }
    if (document.body) attach()
    else document.addEventListener('DOMContentLoaded', attach, { once: true })
    return shown
  }

  return {
    mount(frame) {
      frame.title = label.peek()
      ensure().append(frame)
    },
    show(onCancel) {
      const shown = ensure()
      const cancel = (event: Event) => {
        event.preventDefault()
        onCancel()
      }
      shown.addEventListener('cancel', cancel)
      if (!shown.open) shown.showModal()
      return () => {
        shown.removeEventListener('cancel', cancel)
        if (shown.open) shown.close()
      }
    },
    destroy() {
      stop?.()
      host?.remove()
      host = undefined
      dialog = undefined
    },
  }
}
