import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test, vi } from 'vitest'
import { Dialog } from '../../../../src/ui/components/Dialog.js'

let root: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  act(() => root?.unmount())
  host?.remove()
})

/** A React root in a shadow root of a host element on the page, as the kit mounts its own. */
function mountInShadow() {
  host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  shadow.append(container)
  root = createRoot(container)
  return { shadow, container }
}

/**
 * The dialog with a header button and a field marked for focus, rendered closed then opened; its
 * tasks after paint are held until `paint()`.
 */
function opened() {
  const { shadow } = mountInShadow()
  const painted: (() => void)[] = []
  const render = (open: boolean) =>
    act(() =>
      root?.render(
        <Dialog
          open={open}
          labelledBy="t"
          shaking={false}
          onRequestClose={() => {}}
          afterPaint={(task) => painted.push(task)}
        >
          <button type="button" data-testid="back">
            Back
          </button>
          <input data-autofocus data-testid="field" />
        </Dialog>,
      ),
    )
  const el = (id: string) => shadow.querySelector<HTMLElement>(`[data-testid="${id}"]`)
  const paint = () => {
    for (const task of painted.splice(0)) task()
  }
  render(false)
  render(true)
  return { render, painted, paint, el, active: () => shadow.activeElement }
}

test("default: the view's field gets focus once the frame that shows the modal is drawn", () => {
  const { painted, paint, el, active } = opened()
  expect(el('wk-dialog')?.hasAttribute('open')).toBe(true)
  expect(active()).not.toBe(el('field'))
  expect(painted).toHaveLength(1)
  paint()
  expect(active()).toBe(el('field'))
})

test('behavior: focus moved before that frame stays where it was moved', () => {
  const { paint, el, active } = opened()
  el('back')?.focus()
  paint()
  expect(active()).toBe(el('back'))
})

test('behavior: a dialog closed before that frame takes no focus', () => {
  const { render, paint, el, active } = opened()
  render(false)
  paint()
  expect(active()).not.toBe(el('field'))
})

test("behavior: the closed dialog's idle steps pass a focusin through React, and no handler of the view runs", () => {
  const idle: IdleRequestCallback[] = []
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback))
  vi.stubGlobal('cancelIdleCallback', () => {})
  try {
    const { shadow, container } = mountInShadow()
    const focused: string[] = []
    act(() =>
      root?.render(
        <fieldset onFocus={() => focused.push('around')}>
          <Dialog open={false} labelledBy="t" shaking={false} onRequestClose={() => {}}>
            <button type="button" onFocus={() => focused.push('inside')}>
              Back
            </button>
          </Dialog>
        </fieldset>,
      ),
    )
    const seen: EventTarget[] = []
    container.addEventListener('focusin', (event) => seen.push(event.target as EventTarget))
    for (let i = 0; i < 5 && idle.length; i++)
      act(() => idle.shift()?.({ didTimeout: false, timeRemaining: () => 50 }))
    expect(seen).toEqual([shadow.querySelector('dialog')])
    // The dialog is the event's target: only what is around it could hear it, as React would.
    expect(focused).toEqual(['around'])
  } finally {
    act(() => root?.unmount())
    root = undefined
    vi.unstubAllGlobals()
  }
})
