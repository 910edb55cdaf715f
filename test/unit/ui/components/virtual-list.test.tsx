import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test, vi } from 'vitest'
import { VirtualList } from '../../../../src/ui/components/VirtualList.js'

let root: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  vi.restoreAllMocks()
  act(() => root?.unmount())
  host?.remove()
})

const ROW = 64
const heightOf = () => ROW

function mount(count: number, onEndReached?: () => void) {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  const render = vi.fn((i: number) => <span>row {i}</span>)
  act(() =>
    root?.render(
      <VirtualList
        count={count}
        heightOf={heightOf}
        keyOf={(i) => `k${i}`}
        render={render}
        onEndReached={onEndReached}
        maxHeight={440}
        label="Activity"
        testId={{ 'data-testid': 'wk-list' }}
      />,
    ),
  )
  const scroller = host.querySelector('[data-testid="wk-list"]') as HTMLElement
  const scrollTo = (top: number) =>
    act(() => {
      scroller.scrollTop = top
      scroller.dispatchEvent(new Event('scroll', { bubbles: true }))
    })
  const shown = () =>
    [...(host?.querySelectorAll('li') ?? [])].map((li) => Number(li.getAttribute('aria-posinset')))
  return { scroller, scrollTo, shown, render }
}

test('default', () => {
  const { scroller, shown } = mount(500)
  // 440 px of view plus 320 px of overscan below: 12 rows of 500, each placed at its offset.
  expect(shown()).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
  expect(scroller.style.height).toBe('440px')
  expect((scroller.firstElementChild as HTMLElement).style.height).toBe(`${500 * ROW}px`)
  const li = host?.querySelectorAll('li')[3] as HTMLElement
  expect(li.style.top).toBe(`${3 * ROW}px`)
  expect(li.getAttribute('aria-setsize')).toBe('500')
})

test('behavior: scrolling renders the rows in view, and only when they change', () => {
  const { scrollTo, shown, render } = mount(500)
  // 12 780 px down: rows from 320 px above the view to 320 px below it.
  scrollTo(12_780)
  expect(shown()[0]).toBe(195)
  expect(shown().at(-1)).toBe(212)
  const calls = render.mock.calls.length
  // Ten pixels further the same rows are in view: nothing renders.
  scrollTo(12_790)
  expect(render.mock.calls.length).toBe(calls)
  scrollTo(12_900)
  expect(render.mock.calls.length).toBeGreaterThan(calls)
})

test('behavior: the end coming near asks for more; a short list asks at once', () => {
  const onEnd = vi.fn()
  const { scrollTo } = mount(100, onEnd)
  expect(onEnd).not.toHaveBeenCalled()
  scrollTo(100 * ROW - 440)
  expect(onEnd).toHaveBeenCalledTimes(1)
  act(() => root?.unmount())
  root = undefined
  const short = vi.fn()
  mount(3, short)
  expect(short).toHaveBeenCalledTimes(1)
})

/** A grid of `count` items, 4 to a row of 112 px, in a `.wk-body` 466 px tall that scrolls it. */
function mountGrid(count: number) {
  host = document.createElement('div')
  host.className = 'wk-body'
  Object.defineProperty(host, 'clientHeight', { value: 466 })
  document.body.append(host)
  const scroller = host
  // The list starts 60 px down the view (below its search field), and moves up as it scrolls.
  vi.spyOn(HTMLUListElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ top: 60 - scroller.scrollTop }) as DOMRect,
  )
  root = createRoot(host)
  act(() =>
    root?.render(
      <VirtualList
        count={count}
        columns={4}
        heightOf={() => 112}
        keyOf={(i) => `k${i}`}
        render={(i) => <button type="button">wallet {i + 1}</button>}
        label="All Wallets"
        testId={{ 'data-testid': 'wk-grid' }}
      />,
    ),
  )
  const scrollTo = (top: number) =>
    act(() => {
      scroller.scrollTop = top
      scroller.dispatchEvent(new Event('scroll'))
    })
  const shown = () =>
    [...scroller.querySelectorAll('li')].map((li) => Number(li.getAttribute('aria-posinset')))
  return { scroller, scrollTo, shown }
}

test('behavior: a grid scrolled by the view around it renders only the rows near the view', () => {
  const { scroller, scrollTo, shown } = mountGrid(1000)
  const list = scroller.querySelector('ul') as HTMLElement
  expect(list.getAttribute('aria-label')).toBe('All Wallets')
  expect(list.style.height).toBe(`${250 * 112}px`)
  // 466 px of view less the 60 above the list, plus 320 px below: rows 1 to 7, 4 wallets each.
  expect(shown()).toEqual(Array.from({ length: 28 }, (_, i) => i + 1))
  expect(scroller.querySelector('li')?.getAttribute('aria-setsize')).toBe('1000')
  const li = scroller.querySelectorAll('li')[6] as HTMLElement
  expect(li.style.top).toBe('112px')

  // Scrolled 5 600 px: the rows from 320 px above the view to 320 px below it, and no others.
  scrollTo(5600)
  expect(shown()[0]).toBe(185)
  expect(shown().at(-1)).toBe(228)
  expect(shown()).toHaveLength(44)
  scrollTo(0)
  expect(shown()[0]).toBe(1)
})

test('behavior: the focused item stays rendered when scrolled away, in its place in the order', () => {
  const { scroller, scrollTo, shown } = mountGrid(1000)
  act(() => (scroller.querySelectorAll('button')[2] as HTMLElement).focus())
  scrollTo(5600)
  expect(shown()[0]).toBe(3)
  expect(shown()[1]).toBe(185)
  expect(host?.ownerDocument.activeElement?.textContent).toBe('wallet 3')
  act(() => (scroller.querySelectorAll('button')[1] as HTMLElement).focus())
  expect(shown()[0]).toBe(185)
})
