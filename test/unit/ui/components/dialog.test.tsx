import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { Dialog } from '../../../../src/ui/components/Dialog.js'

// React's act() needs this flag outside a test renderer.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  act(() => root?.unmount())
  host?.remove()
})

/** The dialog with a header button and a field marked for focus; tasks after paint are held. */
function mount() {
  host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  shadow.append(container)
  root = createRoot(container)
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
  return { render, painted, el, active: () => shadow.activeElement }
}

test("default: the view's field gets focus once the frame that shows the modal is drawn", () => {
  const { render, painted, el, active } = mount()
  render(false)
  render(true)
  expect(el('wk-dialog')?.hasAttribute('open')).toBe(true)
  expect(active()).not.toBe(el('field'))
  expect(painted).toHaveLength(1)
  for (const task of painted.splice(0)) task()
  expect(active()).toBe(el('field'))
})

test('behavior: focus moved before that frame stays where it was moved', () => {
  const { render, painted, el, active } = mount()
  render(false)
  render(true)
  el('back')?.focus()
  for (const task of painted.splice(0)) task()
  expect(active()).toBe(el('back'))
})

test('behavior: a dialog closed before that frame takes no focus', () => {
  const { render, painted, el, active } = mount()
  render(false)
  render(true)
  render(false)
  for (const task of painted.splice(0)) task()
  expect(active()).not.toBe(el('field'))
})
