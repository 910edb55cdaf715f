import { effect } from '@preact/signals-core'
import { expect, test, vi } from 'vitest'
import { lazy } from '../../../src/core/lazy.js'

test('default: nothing is made until the first call, then the one made is kept', () => {
  const create = vi.fn(() => ({ id: 1 }))
  const feature = lazy(create)
  expect(create).not.toHaveBeenCalled()
  expect(feature.made.peek()).toBeUndefined()
  const first = feature()
  expect(feature()).toBe(first)
  expect(create).toHaveBeenCalledTimes(1)
  expect(feature.made.peek()).toBe(first)
})

test('behavior: `made` tells an effect when the controller is made', () => {
  const feature = lazy(() => 'controller')
  const seen: (string | undefined)[] = []
  const stop = effect(() => {
    seen.push(feature.made.value)
  })
  feature()
  feature()
  stop()
  expect(seen).toEqual([undefined, 'controller'])
})
