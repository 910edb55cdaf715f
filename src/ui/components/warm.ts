/** How long the browser may keep the warm-up waiting for an idle period. */
const IDLE_TIMEOUT_MS = 2000

/**
 * Runs `task` once the page is idle (or after {@link IDLE_TIMEOUT_MS} at the latest).
 *
 * @returns Cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 200)
  return () => clearTimeout(id)
}

/**
 * Runs `steps` in order, one per idle period (each a task of its own), so work that would make a
 * long task on a slow CPU done at once makes several short ones.
 *
 * @returns Cancels the steps not run yet.
 */
export function idleSteps(steps: readonly (() => void)[]): () => void {
  let i = 0
  let cancel = () => {}
  const next = () => {
    if (i < steps.length)
      cancel = whenIdle(() => {
        steps[i++]?.()
        next()
      })
  }
  next()
  return () => {
    i = steps.length
    cancel()
  }
}

/**
 * Lays out the closed dialog once, invisibly, so the first `showModal()` does not pay for work a
 * page does once (font matching and text shaping of the modal's font, the style sheets' first
 * match, the content's styles): the dialog is displayed (`data-warm`, see styles/modal.ts: at
 * opacity 0, with nothing its content inherits) for one synchronous layout and hidden again in the
 * same task, so no frame ever shows it and nothing can reach it; `measure` then reads what the open
 * would measure in that layout. With `styleOnly`, only its style is computed (a value that needs no
 * layout), so the style sheets' first match and the layout can be two idle steps, each short on a
 * slow phone.
 */
export function warmLayout(
  dialog: HTMLDialogElement,
  styleOnly?: boolean,
  measure?: () => void,
): void {
  if (dialog.open || !dialog.isConnected) return
  dialog.setAttribute('data-warm', '')
  try {
    if (styleOnly) void getComputedStyle(dialog).color
    else {
      dialog.getBoundingClientRect()
      measure?.()
    }
  } finally {
    dialog.removeAttribute('data-warm')
  }
}

/** Dialogs whose React event path was warmed (once each). */
const eventsWarmed = new WeakSet<HTMLDialogElement>()

/**
 * Passes one `focusin` through React's event system while the dialog is closed. The first open
 * moves focus into the dialog (`showModal()`), the first event React handles on the page: without
 * this, its frame also compiled React's event code (about 10 ms of a 4× slower CPU's first open,
 * docs/benchmarks.md). Dispatched on the dialog, where no component listens to focus, so no
 * handler runs; not composed, so it never leaves the shadow root. Once per dialog.
 */
export function warmEvents(dialog: HTMLDialogElement): void {
  if (dialog.open || !dialog.isConnected || eventsWarmed.has(dialog)) return
  eventsWarmed.add(dialog)
  dialog.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
}
