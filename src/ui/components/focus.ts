/** What keyboard focus can land on inside the modal. */
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * Where focus goes in `container`: the view's `data-autofocus` element, else the first focusable
 * one (the header's, as `showModal()` itself would pick on opening). With `inView`, when a new
 * view replaced the element that had focus, the view's first focusable element comes before the
 * header's.
 */
export function focusTarget(container: Element, inView = false): HTMLElement | null {
  return (
    container.querySelector<HTMLElement>('[data-autofocus]') ??
    (inView
      ? container.querySelector<HTMLElement>(
          `.wk-body ${FOCUSABLE.split(', ').join(', .wk-body ')}`,
        )
      : null) ??
    container.querySelector<HTMLElement>(FOCUSABLE)
  )
}
