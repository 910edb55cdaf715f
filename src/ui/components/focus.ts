/** What keyboard focus can land on inside the modal. */
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * Where focus goes when a new view replaced the element that had it: the view's `data-autofocus`
 * element, else its first focusable one, else the first in `container` (the header's).
 */
export function viewFocusTarget(container: Element): HTMLElement | null {
  return (
    container.querySelector<HTMLElement>('[data-autofocus]') ??
    container.querySelector<HTMLElement>(`.wk-body ${FOCUSABLE.split(', ').join(', .wk-body ')}`) ??
    container.querySelector<HTMLElement>(FOCUSABLE)
  )
}
