import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import { followHeight, measureGutter } from './card-motion.js'
import { FOCUSABLE, focusTarget } from './focus.js'
import { idleSteps, warmEvents, warmLayout } from './warm.js'

/** The implicit role, also as an attribute, for tools and selectors that read attributes. */
const EXPLICIT_ROLE = { role: 'dialog' } as const

const runNow = (task: () => void) => task()

/** The element that has focus, looking through open shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}

/**
 * The modal dialog: a native `<dialog>` shown with `showModal()`, so it sits in the top layer above
 * any z-index of the host page and the rest of the page is inert. Focus is trapped inside, Escape
 * and a click on the backdrop ask to close, and focus returns to what had it before opening.
 */
export function Dialog({
  open,
  labelledBy,
  shaking,
  onRequestClose,
  viewKey,
  toastKey,
  afterPaint = runNow,
  children,
}: {
  open: boolean
  labelledBy: string
  shaking: boolean
  onRequestClose: () => void
  /** Changes with the view shown, so focus can follow it. */
  viewKey?: string
  /** Changes when a toast shows or goes: the card's height follows the room its view keeps for it. */
  toastKey?: number | undefined
  /** Runs a task once the next frame is drawn (the kit's `afterPaint`). */
  afterPaint?: (task: () => void) => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const card = useRef<HTMLDivElement>(null)
  const height = useRef<ReturnType<typeof followHeight>>(undefined)
  const returnFocus = useRef<HTMLElement | null>(null)
  const requestClose = useRef(onRequestClose)
  requestClose.current = onRequestClose
  const afterPaintRef = useRef(afterPaint)
  afterPaintRef.current = afterPaint

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      returnFocus.current = deepActiveElement()
      dialog.showModal()
      if (card.current) measureGutter(card.current)
      // Focusing a field forces the style and layout of the whole view a second time; after the
      // frame that shows the modal, the browser has done that work already. Focus moves only if
      // nothing moved it since showModal() placed it.
      const root = dialog.getRootNode() as Document | ShadowRoot
      const placed = root.activeElement
      afterPaintRef.current(() => {
        if (!dialog.open || root.activeElement !== placed) return
        focusTarget(dialog)?.focus({ preventScroll: true })
      })
    } else if (!open && dialog.open) {
      dialog.close()
      const target = returnFocus.current
      returnFocus.current = null
      if (target?.isConnected) target.focus({ preventScroll: true })
    }
  }, [open])

  useLayoutEffect(() => {
    const element = card.current
    if (!element) return undefined
    height.current = followHeight(element)
    return () => height.current?.stop()
  }, [])

  // A new view replaced the element that had focus: move focus into the new view, so keyboard
  // users are never left on <body> (outside the dialog). The card's height follows the new view.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog?.open || viewKey === undefined) return
    if (card.current) measureGutter(card.current)
    height.current?.viewChanged()
    const root = dialog.getRootNode() as Document | ShadowRoot
    const active = root.activeElement
    if (active && dialog.contains(active) && active !== dialog) return
    focusTarget(dialog, true)?.focus({ preventScroll: true })
  }, [viewKey])

  // biome-ignore lint/correctness/useExhaustiveDependencies: toastKey names the toast shown
  useLayoutEffect(() => {
    if (ref.current?.open) height.current?.viewChanged()
  }, [toastKey])

  // Closed with new content (once mounted, walletkit:ready follows), the next open is prepared in
  // idle time: the style in one idle period, the layout in the next, then (once) React's events.
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey names the content to prepare
  useEffect(() => {
    const dialog = ref.current
    return dialog && !open
      ? idleSteps([
          () => warmLayout(dialog, true),
          () => warmLayout(dialog, false, () => card.current && measureGutter(card.current)),
          () => warmEvents(dialog),
        ])
      : undefined
  }, [open, viewKey])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // The dialog's own Escape handling would close it behind our back; the router decides.
    const onCancel = (event: Event) => {
      event.preventDefault()
      requestClose.current()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        requestClose.current()
        return
      }
      if (event.key !== 'Tab') return
      const root = dialog.getRootNode() as Document | ShadowRoot
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === root.activeElement,
      )
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) return
      const active = root.activeElement
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) requestClose.current()
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('keydown', onKeyDown)
    dialog.addEventListener('click', onClick)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('keydown', onKeyDown)
      dialog.removeEventListener('click', onClick)
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className="wk-dialog"
      {...EXPLICIT_ROLE}
      aria-modal="true"
      aria-labelledby={labelledBy}
      data-testid="wk-dialog"
    >
      <div ref={card} className="wk-card" data-shake={shaking ? 'true' : 'false'} part="card">
        {children}
      </div>
    </dialog>
  )
}
