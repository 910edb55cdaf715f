import { effect, type ReadonlySignal } from '@preact/signals-core'
import type { FrameHost } from '../connectors/auth/connector.js'

/**
 * Where the login frame lives: a `<dialog>` of its own in the modal's shadow root, closed (so the
 * frame is invisible) except while the visitor approves a request in it. Shown with `showModal()`,
 * it goes above the modal's own dialog and the page; Escape cancels the request instead of
 * closing it behind the kit's back. The frame itself can never show itself: only the kit opens
 * this dialog, for a request the kit sent.
 *
 * @param root - Mounts the modal if needed and returns its shadow root.
 * @param label - The dialog's accessible name.
 * @param forged - The channel's refused-message count, reflected as `data-refused` for tests.
 */
export function createFrameHost(
  root: () => ShadowRoot | undefined,
  label: string,
  forged: () => ReadonlySignal<number> | undefined,
): FrameHost & { destroy(): void } {
  let dialog: HTMLDialogElement | undefined
  let stop: (() => void) | undefined

  function ensure(): HTMLDialogElement {
    if (dialog) return dialog
    dialog = document.createElement('dialog')
    dialog.className = 'wk-frame'
    dialog.setAttribute('part', 'login-frame')
    dialog.setAttribute('aria-label', label)
    root()?.append(dialog)
    const count = forged()
    const target = dialog
    if (count) stop = effect(() => target.setAttribute('data-refused', String(count.value)))
    return dialog
  }

  return {
    mount(frame) {
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
      dialog?.remove()
      dialog = undefined
    },
  }
}
