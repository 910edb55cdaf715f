import { afterEach, expect, test, vi } from 'vitest'
import { idleSteps, warmEvents, warmLayout, whenIdle } from '../../../../src/ui/components/warm.js'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

test('behavior: the closed dialog is displayed for one layout read, then hidden again', () => {
  const dialog = document.createElement('dialog')
  document.body.append(dialog)
  const during: (string | null)[] = []
  dialog.getBoundingClientRect = () => {
    during.push(dialog.getAttribute('data-warm'))
    return new DOMRect()
  }
  warmLayout(dialog)
  expect(during).toEqual([''])
  expect(dialog.hasAttribute('data-warm')).toBe(false)
})

test('behavior: the layout step measures what the open would, while the dialog is displayed', () => {
  const dialog = document.createElement('dialog')
  document.body.append(dialog)
  dialog.getBoundingClientRect = () => new DOMRect()
  const during: (string | null)[] = []
  warmLayout(dialog, false, () => during.push(dialog.getAttribute('data-warm')))
  expect(during).toEqual([''])
  expect(dialog.hasAttribute('data-warm')).toBe(false)
})

test('behavior: styleOnly reads a computed style of the displayed dialog, and lays nothing out', () => {
  const dialog = document.createElement('dialog')
  document.body.append(dialog)
  const layout = vi.fn(() => new DOMRect())
  dialog.getBoundingClientRect = layout
  const during: (string | null)[] = []
  vi.stubGlobal('getComputedStyle', (element: Element) => {
    during.push(element.getAttribute('data-warm'))
    return { color: '' }
  })
  warmLayout(dialog, true)
  expect(during).toEqual([''])
  expect(layout).not.toHaveBeenCalled()
  expect(dialog.hasAttribute('data-warm')).toBe(false)
})

test('behavior: an open or detached dialog is left alone', () => {
  const dialog = document.createElement('dialog')
  const read = vi.fn(() => new DOMRect())
  dialog.getBoundingClientRect = read
  warmLayout(dialog)
  document.body.append(dialog)
  dialog.setAttribute('open', '')
  warmLayout(dialog)
  expect(read).not.toHaveBeenCalled()
  expect(dialog.hasAttribute('data-warm')).toBe(false)
})

test('behavior: whenIdle waits for an idle period and can be cancelled', () => {
  const pending = new Map<number, () => void>()
  let next = 1
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
    pending.set(next, cb)
    return next++
  })
  vi.stubGlobal('cancelIdleCallback', (id: number) => pending.delete(id))
  const kept = vi.fn()
  const dropped = vi.fn()
  whenIdle(kept)
  const cancel = whenIdle(dropped)
  cancel()
  expect(kept).not.toHaveBeenCalled()
  for (const cb of pending.values()) cb()
  expect(kept).toHaveBeenCalledTimes(1)
  expect(dropped).not.toHaveBeenCalled()
})

test('behavior: without requestIdleCallback, whenIdle falls back to a timer', () => {
  vi.useFakeTimers()
  vi.stubGlobal('requestIdleCallback', undefined)
  const task = vi.fn()
  whenIdle(task)
  expect(task).not.toHaveBeenCalled()
  vi.advanceTimersByTime(200)
  expect(task).toHaveBeenCalledTimes(1)
})

test('behavior: idleSteps runs one step per idle period, in order; cancelling stops the rest', () => {
  const queued: IdleRequestCallback[] = []
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => queued.push(callback))
  vi.stubGlobal('cancelIdleCallback', (id: number) => {
    queued[id - 1] = () => {}
  })
  const ran: string[] = []
  const idle = () => queued.shift()?.({ didTimeout: false, timeRemaining: () => 50 })
  const cancel = idleSteps(['a', 'b', 'c'].map((name) => () => void ran.push(name)))
  expect(ran).toEqual([])
  idle()
  expect(ran).toEqual(['a'])
  idle()
  expect(ran).toEqual(['a', 'b'])
  cancel()
  idle()
  expect(ran).toEqual(['a', 'b'])
  expect(queued).toEqual([])
})

test('behavior: warmEvents sends one focusin through the closed dialog, kept in its shadow root, once', () => {
  const host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const dialog = document.createElement('dialog')
  shadow.append(dialog)
  const inShadow: FocusEvent[] = []
  const outside = vi.fn()
  shadow.addEventListener('focusin', (event) => inShadow.push(event as FocusEvent))
  document.addEventListener('focusin', outside)
  try {
    warmEvents(dialog)
    warmEvents(dialog)
  } finally {
    document.removeEventListener('focusin', outside)
  }
  expect(inShadow).toHaveLength(1)
  expect(inShadow[0]?.target).toBe(dialog)
  expect(inShadow[0]?.bubbles).toBe(true)
  expect(inShadow[0]?.composed).toBe(false)
  expect(outside).not.toHaveBeenCalled()
})

test('behavior: warmEvents leaves an open or detached dialog alone', () => {
  const dialog = document.createElement('dialog')
  const seen = vi.fn()
  dialog.addEventListener('focusin', seen)
  warmEvents(dialog)
  document.body.append(dialog)
  dialog.setAttribute('open', '')
  warmEvents(dialog)
  expect(seen).not.toHaveBeenCalled()
})
