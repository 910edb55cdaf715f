import { effect, type ReadonlySignal, type Signal } from '@preact/signals-core'

/**
 * How long after `walletkit:ready` the warm-up waits for a sign of the visitor at most: the
 * page's own start (its scripts, images, hydration) has the main thread to itself until then.
 */
export const WARM_AFTER_MS = 5000

/** The page's elements that open the kit: a pointer over one or focus in one is a sign. */
const OPENERS = 'walletkit-button,walletkit-embed,[data-walletkit-open]'

/**
 * Sets `intent` once the visitor shows they may use the kit: the first open, a pointer over (a
 * touch makes one too) or focus in the kit's button, its embed or a `data-walletkit-open` element,
 * or {@link WARM_AFTER_MS} after `start()`, whichever comes first. The idle warm-up of what the
 * first frame does without (the features' views and controllers, the connectors' code, the
 * rehearsals) waits for it, so none of it runs while the page loads, and it is done before the
 * visitor's next click. The listeners stay until `stop()` (one check of a flag each once set), so
 * the page's listener count does not change with the visitor's moves.
 *
 * With `readyIsSign` true at `start()` (a phone: there the first open prepares the WalletConnect
 * pairing, docs/phones.md, and a warm-up step would share the moments after the tap with it), ready
 * itself is the sign, as before this rule.
 *
 * @returns `start()` starts the timer (at ready); `stop()` removes everything.
 */
export function watchIntent(
  intent: Signal<boolean>,
  isOpen: ReadonlySignal<boolean>,
  readyIsSign?: () => boolean,
): { start(): void; stop(): void } {
  const set = () => {
    intent.value = true
  }
  const onEvent = (event: Event) => {
    if (!intent.peek() && event.target instanceof Element && event.target.closest(OPENERS)) set()
  }
  const options = { capture: true, passive: true }
  const stopOpen = effect(() => {
    if (isOpen.value) set()
  })
  document.addEventListener('pointerover', onEvent, options)
  document.addEventListener('focusin', onEvent, options)
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    start() {
      if (readyIsSign?.()) set()
      else timer ??= setTimeout(set, WARM_AFTER_MS)
    },
    stop() {
      stopOpen()
      clearTimeout(timer)
      document.removeEventListener('pointerover', onEvent, options)
      document.removeEventListener('focusin', onEvent, options)
    },
  }
}
