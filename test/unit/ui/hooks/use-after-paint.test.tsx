import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test, vi } from 'vitest'
import type { UiKit } from '../../../../src/core/ui-kit.js'
import { type Ui, UiContext } from '../../../../src/ui/context.js'
import { useAfterPaint } from '../../../../src/ui/hooks/useAfterPaint.js'

let root: Root | undefined
afterEach(() => act(() => root?.unmount()))

/** A view that loads `id` after paint. */
function View({ id, load }: { id: string; load: (id: string) => void }) {
  useAfterPaint(() => load(id), [id])
  return <p>{id}</p>
}

/** The view in a kit that holds the tasks after paint until the test runs them. */
function mount() {
  const painted: (() => void)[] = []
  const ui = {
    kit: { afterPaint: (task: () => void) => painted.push(task) } as unknown as UiKit,
    t: ((key: string) => key) as Ui['t'],
    locale: 'en',
  }
  const load = vi.fn()
  root = createRoot(document.createElement('div'))
  const render = (id: string | null) =>
    act(() =>
      root?.render(
        <UiContext.Provider value={ui}>
          {id ? <View id={id} load={load} /> : null}
        </UiContext.Provider>,
      ),
    )
  const paint = () => {
    for (const task of painted.splice(0)) task()
  }
  return { render, paint, load }
}

test('default: nothing is started while the view is rendered, only after its frame', () => {
  const { render, paint, load } = mount()
  render('a')
  expect(load).not.toHaveBeenCalled()
  paint()
  expect(load).toHaveBeenCalledExactlyOnceWith('a')
})

test('behavior: again when its inputs change, with the new ones', () => {
  const { render, paint, load } = mount()
  render('a')
  paint()
  render('b')
  paint()
  expect(load.mock.calls).toEqual([['a'], ['b']])
})

test('behavior: a view gone before its frame starts nothing', () => {
  const { render, paint, load } = mount()
  render('a')
  render(null)
  paint()
  expect(load).not.toHaveBeenCalled()
})
