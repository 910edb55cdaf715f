/** What keyboard focus can land on inside the modal. */
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/** Fields that raise a phone's on-screen keyboard when they get focus. */
const TYPED = 'input:not([type="checkbox"]):not([type="radio"]), textarea'

/** True on a touch screen (a coarse pointer), where focusing a text field raises the keyboard. */
export const isTouchScreen = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches

/**
 * Where focus goes in `container`: the view's `data-autofocus` element, else the first focusable
 * one (the header's, as `showModal()` itself would pick on opening). With `inView`, when a new
 * view replaced the element that had focus, the view's first focusable element comes before the
 * header's. On a touch screen focus never lands on a text field by itself (the keyboard would
 * cover half the sheet), unless the field is the view's only task (`data-autofocus="keyboard"`:
 * the email code).
 */
export function focusTarget(
  container: Element,
  inView = false,
  touch = isTouchScreen(),
): HTMLElement | null {
  const first = (selector: string) =>
    [...container.querySelectorAll<HTMLElement>(selector)].find(
      (el) => !touch || !el.matches(TYPED) || el.dataset.autofocus === 'keyboard',
    ) ?? null
  return (
    first('[data-autofocus]') ??
    (inView ? first(`.wk-body ${FOCUSABLE.split(', ').join(', .wk-body ')}`) : null) ??
    first(FOCUSABLE)
  )
}
