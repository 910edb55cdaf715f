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
  let running: { animation: Animation; from: number; to: number } | undefined
  const observer =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => {
          last = card.offsetHeight
        })
      : undefined
  observer?.observe(card)
  // The view's content can change while the card moves (a loading state replaced by the form it
  // loaded): the card then takes the new content's height at once. Animated on to the height it
  // aimed at, it would clip that content, and a click on a control showing outside the card's
  // animated box would land on the backdrop and close the modal.
  const changes =
    typeof MutationObserver === 'function'
      ? new MutationObserver(() => {
          if (!running) return
          const { animation, from, to } = running
          const at = animation.currentTime
          settle()
          // Content of the same height (a text replaced): the animation carries on where it was.
          if (Math.abs(card.offsetHeight - to) < 2) resize(from, at)
        })
      : undefined
  const settle = () => {
    running?.animation.cancel()
    running = undefined
    changes?.disconnect()
    delete card.dataset.resizing
  }
  const resize = (from: number, at: CSSNumberish | null = 0) => {
    const to = card.offsetHeight
    last = to
    const animation = card.animate([{ height: `${from}px` }, { height: `${to}px` }], {
      duration: RESIZE_MS,
      easing: 'cubic-bezier(0.2, 0, 0, 1)',
    })
    animation.currentTime = at
    running = { animation, from, to }
    card.dataset.resizing = ''
    animation.onfinish = () => running?.animation === animation && settle()
    changes?.observe(card, { childList: true, subtree: true, characterData: true })
  }
  return {
    viewChanged() {
      const from = last
      settle()
      const to = card.offsetHeight
      last = to
      if (!from || Math.abs(from - to) < 2 || typeof card.animate !== 'function' || reducedMotion())
        return
      resize(from)
    },
    stop() {
      observer?.disconnect()
      settle()
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
