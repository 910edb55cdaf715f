import { signal } from '@preact/signals-core'
import { afterEach, expect, test, vi } from 'vitest'
import { WARM_AFTER_MS, watchIntent } from '../../../src/embed/warm-intent.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.useRealTimers()
  document.body.replaceChildren()
})

function watch() {
  const intent = signal(false)
  const isOpen = signal(false)
  const watcher = watchIntent(intent, isOpen)
  stops.push(watcher.stop)
  return { intent, isOpen, watcher }
}

function element(html: string): Element {
  document.body.insertAdjacentHTML('beforeend', html)
  return document.body.lastElementChild as Element
}

test('behavior: nothing is a sign while the page loads: no open, no pointer over an opener, no time', () => {
  vi.useFakeTimers()
  const { intent } = watch()
  const other = element('<p>text</p>')
  other.dispatchEvent(new Event('pointerover', { bubbles: true }))
  other.dispatchEvent(new Event('focusin', { bubbles: true }))
  // The timer starts at ready (start()), not at creation.
  vi.advanceTimersByTime(WARM_AFTER_MS * 2)
  expect(intent.value).toBe(false)
})

test('behavior: the first open is a sign', () => {
  const { intent, isOpen } = watch()
  isOpen.value = true
  expect(intent.value).toBe(true)
})

test.each([
  ['<walletkit-button></walletkit-button>', 'pointerover'],
  ['<walletkit-embed></walletkit-embed>', 'pointerover'],
  ['<a data-walletkit-open="Swap"><span>Swap</span></a>', 'pointerover'],
  ['<button data-walletkit-open><span>Connect</span></button>', 'focusin'],
])('behavior: %s gets a %s: a sign', (html, type) => {
  const { intent } = watch()
  const opener = element(html)
  ;(opener.firstElementChild ?? opener).dispatchEvent(new Event(type, { bubbles: true }))
  expect(intent.value).toBe(true)
})

test('behavior: WARM_AFTER_MS after ready is a sign, at the latest', () => {
  vi.useFakeTimers()
  const { intent, watcher } = watch()
  watcher.start()
  vi.advanceTimersByTime(WARM_AFTER_MS - 1)
  expect(intent.value).toBe(false)
  vi.advanceTimersByTime(1)
  expect(intent.value).toBe(true)
})

test('behavior: on a phone, ready itself is the sign (the first open prepares the pairing)', () => {
  const intent = signal(false)
  const watcher = watchIntent(intent, signal(false), () => true)
  stops.push(watcher.stop)
  expect(intent.value).toBe(false)
  watcher.start()
  expect(intent.value).toBe(true)
})

test('behavior: stop() removes the listeners, the timer and the open watch', () => {
  vi.useFakeTimers()
  const { intent, isOpen, watcher } = watch()
  watcher.start()
  watcher.stop()
  element('<walletkit-button></walletkit-button>').dispatchEvent(
    new Event('pointerover', { bubbles: true }),
  )
  isOpen.value = true
  vi.advanceTimersByTime(WARM_AFTER_MS)
  expect(intent.value).toBe(false)
})
