import { expect, test, vi } from 'vitest'
import { lazyCalls } from '../../../src/services/lazy-calls.js'

test('default: the client is made on the first call of any of its calls, once', async () => {
  const client = { double: (n: number) => n * 2, greet: async (name: string) => `hi ${name}` }
  const make = vi.fn(() => client)
  const calls = lazyCalls(make, ['double', 'greet'])
  expect(make).not.toHaveBeenCalled()
  expect(calls.double(21)).toBe(42)
  expect(await calls.greet('ada')).toBe('hi ada')
  expect(make).toHaveBeenCalledTimes(1)
})

test('args: only the calls named are given', () => {
  const calls = lazyCalls(() => ({ a: () => 1, b: () => 2 }), ['a'])
  expect(Object.keys(calls)).toEqual(['a'])
})
