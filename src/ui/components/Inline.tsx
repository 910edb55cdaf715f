import { Component, createRef, type ReactNode } from 'react'
import { measureGutter } from './card-motion.js'
import { focusTarget } from './focus.js'

type InlineProps = {
  labelledBy: string
  shaking: boolean
  /** Escape inside the views asks to close (in embedded mode: back to Account or Connect). */
  onRequestClose: () => void
  /** Changes with the view shown, so focus can follow it. */
  viewKey: string
  children: ReactNode
}

/** The element inside `element` that has focus, in its shadow root or document. */
function focusedIn(element: HTMLElement | null): Element | null {
  const active = (element?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement
  return active && element?.contains(active) ? active : null
}

/**
 * The views inline in the page (embedded mode): a labelled region in the page's own flow, sized by
 * the element it is in. No backdrop, no focus trap and no focus taken on mount: Tab moves through
 * it in page order. When the visitor was in it and the view changes under their focus, focus moves
 * to the new view rather than falling to `<body>`; that needs where focus was before React changed
 * the DOM, which only a class component's `getSnapshotBeforeUpdate` gives.
 */
export class Inline extends Component<InlineProps> {
  #ref = createRef<HTMLElement>()

  #onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.props.onRequestClose()
  }

  override componentDidMount() {
    this.#ref.current?.addEventListener('keydown', this.#onKeyDown)
    this.#gutter()
  }

  /** The card's scrollbar gutter, for the views' end padding. */
  #gutter() {
    const card = this.#ref.current?.querySelector<HTMLElement>('.wk-card')
    if (card) measureGutter(card)
  }

  override componentWillUnmount() {
    this.#ref.current?.removeEventListener('keydown', this.#onKeyDown)
  }

  override getSnapshotBeforeUpdate(previous: InlineProps): boolean {
    return previous.viewKey !== this.props.viewKey && focusedIn(this.#ref.current) !== null
  }

  override componentDidUpdate(previous: InlineProps, __: unknown, hadFocus: boolean) {
    if (previous.viewKey !== this.props.viewKey) this.#gutter()
    const section = this.#ref.current
    if (!hadFocus || !section || focusedIn(section)) return
    focusTarget(section, true)?.focus({ preventScroll: true })
  }

  override render() {
    const { labelledBy, shaking, children } = this.props
    return (
      <section
        ref={this.#ref}
        className="wk-inline"
        aria-labelledby={labelledBy}
        data-testid="wk-embed"
      >
        <div className="wk-card" data-shake={shaking ? 'true' : 'false'} part="card">
          {children}
        </div>
      </section>
    )
  }
}
