/** How long the card takes to reach the height of a new view. */
export const RESIZE_MS = 200

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * Follows the card's height and, on `viewChanged()` (called once the new view is in the DOM),
 * animates it from the height it had to the one the new view takes, so the card grows or shrinks
 * instead of jumping; not with reduced motion. While it moves, `data-resizing` is set (the view
 * does not scroll meanwhile, styles/modal.ts).
 */
export function followHeight(card: HTMLElement): { viewChanged(): void; stop(): void } {
  let last = card.offsetHeight
  let running: Animation | undefined
  const observer =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => {
          last = card.offsetHeight
        })
      : undefined
  observer?.observe(card)
  return {
    viewChanged() {
      const from = last
      running?.cancel()
      const to = card.offsetHeight
      last = to
      if (!from || Math.abs(from - to) < 2 || typeof card.animate !== 'function' || reducedMotion())
        return
      const animation = card.animate([{ height: `${from}px` }, { height: `${to}px` }], {
        duration: RESIZE_MS,
        easing: 'cubic-bezier(0.2, 0, 0, 1)',
      })
      running = animation
      card.dataset.resizing = ''
      const done = () => {
        if (running !== animation) return
        running = undefined
        delete card.dataset.resizing
      }
      animation.onfinish = done
      animation.oncancel = done
    },
    stop() {
      observer?.disconnect()
      running?.cancel()
    },
  }
}

/**
 * Sets `--wk-gutter` on the card: the width the views' scrollbar keeps beside them (0 where
 * scrollbars float over the content), so a view's end padding plus that gutter equals its start
 * padding and rows never touch the scrollbar. The closed dialog's idle layout measures it too
 * (Dialog.tsx), so an open finds it set and its frame lays the card out once.
 */
export function measureGutter(card: HTMLElement): void {
  const body = card.querySelector<HTMLElement>('.wk-body')
  if (!body) return
  const gutter = `${Math.max(0, body.offsetWidth - body.clientWidth)}px`
  // Set only when it changed: a new value makes the whole card's style and layout again.
  if (card.style.getPropertyValue('--wk-gutter') !== gutter)
    card.style.setProperty('--wk-gutter', gutter)
}
