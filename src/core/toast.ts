import { type ReadonlySignal, signal } from '@preact/signals-core'
import { TOAST_DISPLAY_MS, TOAST_REPLACE_DELAY_MS } from './constants.js'
import type { ErrorName } from './errors/error-name.js'
import type { TextRef } from './types/texts.js'

/** A toast's state (SPEC §4). */
export type ToastVariant = 'loading' | 'success' | 'error'

/**
 * What a toast says: a text of the modal by its key, or an error by its name (the modal has a text
 * for each; `message` is its English short message, for a text that quotes it).
 */
export type ToastText =
  | (TextRef & { readonly error?: undefined; readonly message?: undefined })
  | { readonly error: ErrorName; readonly message: string; readonly key?: undefined }

/** One toast. */
export type Toast = { id: number; variant: ToastVariant } & ToastText

/** An error a toast reports: a WalletKit error's name and short message. */
type ToastError = {
  readonly name: ErrorName
  readonly shortMessage: string
  /** The error's own text of the modal, when it has one more precise than its name's. */
  readonly text?: TextRef | undefined
}

/** The toast controller. */
export type Toasts = ReturnType<typeof createToasts>

/**
 * Creates the toast controller: one toast at a time; a new toast replaces an open one after
 * TOAST_REPLACE_DELAY_MS; success and error toasts hide after TOAST_DISPLAY_MS, loading stays.
 */
export function createToasts(
  parameters: { onError?: (error: { code: string; message: string }) => void } = {},
) {
  const current = signal<Toast | undefined>(undefined)
  let nextId = 1
  let replaceTimer: ReturnType<typeof setTimeout> | undefined
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  function display(toast: Toast) {
    current.value = toast
    clearTimeout(hideTimer)
    if (toast.variant !== 'loading')
      hideTimer = setTimeout(() => {
        if (current.value?.id === toast.id) current.value = undefined
      }, TOAST_DISPLAY_MS)
  }

  function show(variant: ToastVariant, text: ToastText) {
    const toast: Toast = { id: nextId++, variant, ...text }
    // A replacement already waiting counts as an open toast: the newcomer waits too.
    const replacing = replaceTimer !== undefined
    clearTimeout(replaceTimer)
    replaceTimer = undefined
    if (current.value || replacing) {
      current.value = undefined
      replaceTimer = setTimeout(() => {
        replaceTimer = undefined
        display(toast)
      }, TOAST_REPLACE_DELAY_MS)
    } else display(toast)
    return toast.id
  }

  return {
    /** The toast on screen. */
    current: current as ReadonlySignal<Toast | undefined>,
    /** Shows a loading toast (stays until replaced or hidden). */
    loading: (text: TextRef) => show('loading', text),
    /** Shows a success toast. */
    success: (text: TextRef) => show('success', text),
    /**
     * Shows an error toast, by `text`, else the error's own text (its `text`, else its name's),
     * and reports it to the host page (as `walletkit:error`) with `code` and the error's English
     * short message.
     */
    error: (error: ToastError, code = 'ERROR', text?: TextRef) => {
      parameters.onError?.({ code, message: error.shortMessage })
      return show('error', text ?? error.text ?? { error: error.name, message: error.shortMessage })
    },
    /** Hides the toast on screen. */
    hide() {
      clearTimeout(replaceTimer)
      replaceTimer = undefined
      clearTimeout(hideTimer)
      current.value = undefined
    },
    /** Stops timers. */
    destroy() {
      clearTimeout(replaceTimer)
      clearTimeout(hideTimer)
    },
  }
}
