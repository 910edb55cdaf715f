import { signal } from '@preact/signals-core'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { IMAGE_SHOWS_PER_TASK } from '../../../../src/core/constants.js'
import type { ImageState } from '../../../../src/core/images.js'
import { WalletImage } from '../../../../src/ui/components/WalletImage.js'
import { usePaced } from '../../../../src/ui/hooks/usePaced.js'

let root: Root | undefined
let host: HTMLElement
beforeEach(() => {
  vi.useFakeTimers()
  host = document.createElement('div')
  root = createRoot(host)
})
afterEach(() => {
  act(() => root?.unmount())
  // The turns still scheduled run out, so the next test starts with none taken.
  vi.runAllTimers()
  vi.useRealTimers()
})

function Item({ id, want = true }: { id: string; want?: boolean }) {
  return <i data-id={id} data-shown={usePaced(want)} />
}

const render = (ids: string[], want = true) =>
  act(() => root?.render(ids.map((id) => <Item key={id} id={id} want={want} />)))
const shown = () =>
  [...host.querySelectorAll('[data-shown="true"]')].map((e) => e.getAttribute('data-id'))
/** The next task: its turns are committed in it. */
const nextTask = () => act(() => vi.advanceTimersToNextTimer())

test('default: a few are shown at once, the others one task after another, in order', () => {
  expect(IMAGE_SHOWS_PER_TASK).toBe(2)
  render(['a', 'b', 'c', 'd', 'e'])
  expect(shown()).toEqual(['a', 'b'])
  nextTask()
  expect(shown()).toEqual(['a', 'b', 'c', 'd'])
  nextTask()
  expect(shown()).toEqual(['a', 'b', 'c', 'd', 'e'])
})

test('behavior: one unmounted while it waits leaves the queue: its turn goes to the next', () => {
  render(['a', 'b', 'c', 'd', 'e'])
  render(['a', 'b', 'e'])
  nextTask()
  expect(shown()).toEqual(['a', 'b', 'e'])
})

test('behavior: nothing is shown before it is wanted; then in its turn', () => {
  render(['a', 'b', 'c'], false)
  expect(shown()).toEqual([])
  nextTask()
  render(['a', 'b', 'c'])
  expect(shown()).toEqual(['a', 'b'])
  nextTask()
  expect(shown()).toEqual(['a', 'b', 'c'])
})

test('behavior: a wallet image waiting for its turn shows the fallback icon, marked as loading', () => {
  const ready = signal<ImageState>({ status: 'ready', url: 'blob:x' })
  act(() =>
    root?.render(['a', 'b', 'c'].map((id) => <WalletImage key={id} image={ready} alt={id} />)),
  )
  const status = () =>
    [...host.querySelectorAll('.wk-image')].map((e) => e.getAttribute('data-status'))
  expect(status()).toEqual(['ready', 'ready', 'loading'])
  expect(host.querySelectorAll('img')).toHaveLength(2)
  nextTask()
  expect(status()).toEqual(['ready', 'ready', 'ready'])
  expect(host.querySelectorAll('img')).toHaveLength(3)
})
