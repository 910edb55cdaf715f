import { afterEach, expect, test, vi } from 'vitest'
import { createEmitter } from '../../../src/core/emitter.js'

type Events = { open: { view: string }; close: { view: string } }

afterEach(() => {
  vi.useRealTimers()
})

test('default', () => {
  const emitter = createEmitter<Events>()
  const listener = vi.fn()
  emitter.on('open', listener)
  emitter.emit('open', { view: 'Connect' })
  expect(listener).toHaveBeenCalledWith({ view: 'Connect' })
  expect(Object.keys(emitter)).toEqual(['on', 'emit', 'clear'])
})

test('behavior: listeners hear only their event, in order', () => {
  const emitter = createEmitter<Events>()
  const calls: string[] = []
  emitter.on('open', () => calls.push('open 1'))
  emitter.on('close', () => calls.push('close'))
  emitter.on('open', () => calls.push('open 2'))
  emitter.emit('open', { view: 'Connect' })
  expect(calls).toEqual(['open 1', 'open 2'])
})

test('behavior: on returns its own unsubscribe', () => {
  const emitter = createEmitter<Events>()
  const a = vi.fn()
  const b = vi.fn()
  const offA = emitter.on('open', a)
  emitter.on('open', b)
  offA()
  offA()
  emitter.emit('open', { view: 'Connect' })
  expect(a).not.toHaveBeenCalled()
  expect(b).toHaveBeenCalledTimes(1)
})

test('behavior: a listener removed during emit does not stop the others', () => {
  const emitter = createEmitter<Events>()
  const b = vi.fn()
  const offB = emitter.on('open', () => offB())
  emitter.on('open', b)
  emitter.emit('open', { view: 'Connect' })
  expect(b).toHaveBeenCalledTimes(1)
})

test('behavior: clear removes every listener', () => {
  const emitter = createEmitter<Events>()
  const listener = vi.fn()
  emitter.on('open', listener)
  emitter.on('close', listener)
  emitter.clear()
  emitter.emit('open', { view: 'Connect' })
  emitter.emit('close', { view: 'Connect' })
  expect(listener).not.toHaveBeenCalled()
})

test('error: a throwing listener never stops the others and its error is rethrown later', async () => {
  const emitter = createEmitter<Events>()
  const after = vi.fn()
  const boom = new Error('listener failed')
  emitter.on('open', () => {
    throw boom
  })
  emitter.on('open', after)
  const queued: (() => void)[] = []
  vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((fn) => {
    queued.push(fn)
  })
  expect(() => emitter.emit('open', { view: 'Connect' })).not.toThrow()
  expect(after).toHaveBeenCalledTimes(1)
  expect(queued).toHaveLength(1)
  expect(() => queued[0]?.()).toThrow(boom)
})
