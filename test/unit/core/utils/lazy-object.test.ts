import { expect, test, vi } from 'vitest'
import { lazyObject } from '../../../../src/core/utils/lazy-object.js'

type Thing = { id: string; name: string; count(): number; size: number }

function setup() {
  let calls = 0
  const load = vi.fn((): Thing => ({ id: 'real', name: 'Real', count: () => ++calls, size: 3 }))
  return { load, thing: lazyObject<Thing>({ id: 'known', name: 'Known' }, load) }
}

test('default', () => {
  const { load, thing } = setup()
  expect([thing.id, thing.name]).toEqual(['known', 'Known'])
  expect(load).not.toHaveBeenCalled()
  expect(thing.count()).toBe(1)
  expect(thing.count()).toBe(2)
  expect(thing.size).toBe(3)
  expect(load).toHaveBeenCalledTimes(1)
})

test('behavior: the known fields stay those given, also once loaded', () => {
  const { thing } = setup()
  thing.count()
  expect([thing.id, thing.name]).toEqual(['known', 'Known'])
})

test('behavior: a property the loaded object lacks reads undefined, after one load', () => {
  const { load, thing } = setup()
  expect((thing as Thing & { extra?: unknown }).extra).toBeUndefined()
  expect(load).toHaveBeenCalledTimes(1)
})
