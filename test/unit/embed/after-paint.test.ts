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

test('behavior: tasks asked for before the same frame share one frame callback and one timer, in order', () => {
  vi.useFakeTimers()
  const frames: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb))
  const timers = vi.spyOn(globalThis, 'setTimeout')
  const ran: string[] = []
  afterPaint(() => ran.push('a'))
  afterPaint(() => ran.push('b'))
  afterPaint(() => ran.push('c'))
  expect(frames).toHaveLength(1)
  expect(timers).toHaveBeenCalledTimes(1)
  for (const cb of frames.splice(0)) cb(performance.now())
  // Asked for after this frame's callback: the next frame's.
  afterPaint(() => ran.push('next'))
  vi.advanceTimersByTime(0)
  expect(ran).toEqual(['a', 'b', 'c'])
  expect(frames).toHaveLength(1)
  for (const cb of frames.splice(0)) cb(performance.now())
  vi.advanceTimersByTime(0)
  expect(ran).toEqual(['a', 'b', 'c', 'next'])
})

test('behavior: a task that throws does not stop the others; its error is thrown from a task of its own', () => {
  vi.useFakeTimers()
  const frame = manualFrames()
  const ran: string[] = []
  afterPaint(() => {
    throw new Error('boom')
  })
  afterPaint(() => ran.push('after'))
  frame()
  vi.advanceTimersByTime(0)
  expect(ran).toEqual(['after'])
  expect(() => vi.runOnlyPendingTimers()).toThrow('boom')
})

test('behavior: a task asked for by a task runs after the next frame', () => {
  vi.useFakeTimers()
  const frame = manualFrames()
  const ran: string[] = []
  afterPaint(() => {
    ran.push('first')
    afterPaint(() => ran.push('second'))
  })
  frame()
  vi.advanceTimersByTime(0)
  expect(ran).toEqual(['first'])
  frame()
  vi.advanceTimersByTime(0)
  expect(ran).toEqual(['first', 'second'])
})
