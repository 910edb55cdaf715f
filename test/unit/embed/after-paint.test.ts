import { afterEach, expect, test, vi } from 'vitest'
import { afterPaint } from '../../../src/embed/after-paint.js'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Frames the test draws itself: the callbacks wait until `frame()`. */
function manualFrames() {
  const callbacks: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => callbacks.push(cb))
  return () => {
    for (const cb of callbacks.splice(0)) cb(performance.now())
  }
}

test('behavior: the task runs in a task after the next frame, not before it', () => {
  vi.useFakeTimers()
  const frame = manualFrames()
  const task = vi.fn()
  afterPaint(task)
  vi.advanceTimersByTime(50)
  expect(task).not.toHaveBeenCalled()
  frame()
  expect(task).not.toHaveBeenCalled()
  vi.advanceTimersByTime(0)
  expect(task).toHaveBeenCalledTimes(1)
})

test('behavior: without a frame (a hidden page) the task still runs, once', () => {
  vi.useFakeTimers()
  const frame = manualFrames()
  const task = vi.fn()
  afterPaint(task)
  vi.advanceTimersByTime(100)
  expect(task).toHaveBeenCalledTimes(1)
  frame()
  vi.advanceTimersByTime(200)
  expect(task).toHaveBeenCalledTimes(1)
})
