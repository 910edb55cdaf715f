import { type ReadonlySignal, signal } from '@preact/signals-core'
import { TOAST_DISPLAY_MS, TOAST_REPLACE_DELAY_MS } from './constants.js'

/** A toast's state (SPEC §4). */
export type ToastVariant = 'loading' | 'success' | 'error'

/** One toast. */
export type Toast = { id: number; variant: ToastVariant; message: string }

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

  function show(variant: ToastVariant, message: string) {
    const toast = { id: nextId++, variant, message }
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
    loading: (message: string) => show('loading', message),
    /** Shows a success toast. */
    success: (message: string) => show('success', message),
    /** Shows an error toast and reports it (as `walletkit:error`) with a code. */
    error: (message: string, code = 'ERROR') => {
      parameters.onError?.({ code, message })
      return show('error', message)
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
