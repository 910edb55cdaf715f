import { expect, test, vi } from 'vitest'
import { lazyEvents } from '../../../src/connectors/lazy-events.js'

test('default: the wallet is heard from the first listener to the last, and events reach each', () => {
  const detach = vi.fn()
  const attach = vi.fn(() => detach)
  const { emitter, on } = lazyEvents(attach)
  expect(attach).not.toHaveBeenCalled()
  const first = vi.fn()
  const second = vi.fn()
  const offFirst = on('disconnect', first)
  const offSecond = on('chainChanged', second)
  expect(attach).toHaveBeenCalledTimes(1)
  expect(attach).toHaveBeenCalledWith(emitter)
  emitter.emit('chainChanged', 'eip155:1')
  expect(second).toHaveBeenCalledWith('eip155:1')
  offFirst()
  expect(detach).not.toHaveBeenCalled()
  offSecond()
  expect(detach).toHaveBeenCalledTimes(1)
  // A new listener attaches again.
  on('disconnect', first)
  expect(attach).toHaveBeenCalledTimes(2)
})

test('behavior: an unsubscribe works once; a wallet without events is fine', () => {
  const detach = vi.fn()
  const { on } = lazyEvents(() => detach)
  const off = on('disconnect', () => {})
  const keep = on('disconnect', () => {})
  off()
  off()
  expect(detach).not.toHaveBeenCalled()
  keep()
  expect(detach).toHaveBeenCalledTimes(1)
  const none = lazyEvents(() => undefined)
  expect(() => none.on('disconnect', () => {})()).not.toThrow()
})
