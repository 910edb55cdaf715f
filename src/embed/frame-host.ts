import { effect, type ReadonlySignal } from '@preact/signals-core'
import type { FrameHost } from '../connectors/auth/connector.js'

/**
 * Where the login frame lives: a `<dialog>` of its own in the modal's shadow root, closed (so the
 * frame is invisible) except while the visitor approves a request in it. Shown with `showModal()`,
 * it goes above the modal's own dialog and the page; Escape cancels the request instead of
 * closing it behind the kit's back. The frame itself can never show itself: only the kit opens
 * this dialog, for a request the kit sent.
 *
 * A frame asked for before the modal is mounted (restoring a remembered login while the page
 * loads) waits in the detached dialog, and loads once `attach()` puts it into the shadow root: the
 * modal mounts in its own task, as always.
 *
 * @param label - The dialog's accessible name.
 * @param forged - The channel's refused-message count, reflected as `data-refused` for tests.
 */
export function createFrameHost(
  label: string,
  forged: () => ReadonlySignal<number> | undefined,
): FrameHost & { attach(root: ShadowRoot): void; destroy(): void } {
  let dialog: HTMLDialogElement | undefined
  let root: ShadowRoot | undefined
  let stop: (() => void) | undefined

  function ensure(): HTMLDialogElement {
    if (dialog) return dialog
    dialog = document.createElement('dialog')
    dialog.className = 'wk-frame'
    dialog.setAttribute('part', 'login-frame')
    dialog.setAttribute('aria-label', label)
    root?.append(dialog)
    const count = forged()
    const target = dialog
    if (count) stop = effect(() => target.setAttribute('data-refused', String(count.value)))
    return dialog
  }

  return {
    attach(shadow) {
      root = shadow
      if (dialog) shadow.append(dialog)
    },
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
      root = undefined
    },
  }
}
