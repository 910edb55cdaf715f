import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { pollUntil } from '../../../../src/core/utils/poll.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const options = (signal = new AbortController().signal) => ({
  signal,
  intervalMs: 1000,
  timeoutMs: 10_000,
  onTimeout: (last: unknown) => new Error(`timed out after ${String(last)}`),
})

test('default', async () => {
  const answers = [undefined, undefined, 'receipt']
  const read = vi.fn(async () => answers.shift())
  const result = pollUntil(read, options())
  await vi.advanceTimersByTimeAsync(0)
  expect(read).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(999)
  expect(read).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(read).toHaveBeenCalledTimes(2)
  await vi.advanceTimersByTimeAsync(1000)
  await expect(result).resolves.toBe('receipt')
  await vi.advanceTimersByTimeAsync(5000)
  expect(read).toHaveBeenCalledTimes(3)
})

test('behavior: a read that throws counts as "not yet"', async () => {
  const read = vi
    .fn<() => Promise<string | undefined>>()
    .mockRejectedValueOnce(new Error('node down'))
    .mockResolvedValueOnce('ok')
  const result = pollUntil(read, options())
  await vi.advanceTimersByTimeAsync(1000)
  await expect(result).resolves.toBe('ok')
})

test('error: the time-out ends the wait with the last failure', async () => {
  const read = vi.fn(async () => {
    throw 'unreachable'
  })
  const result = pollUntil(read, options())
  const settled = result.catch((e: unknown) => e)
  await vi.advanceTimersByTimeAsync(10_000)
  expect(await settled).toEqual(new Error('timed out after unreachable'))
  const calls = read.mock.calls.length
  await vi.advanceTimersByTimeAsync(5000)
  expect(read.mock.calls.length).toBe(calls)
})

test('error: the signal ends the wait at once, also before it starts', async () => {
  const controller = new AbortController()
  const read = vi.fn(async () => undefined)
  const result = pollUntil(read, options(controller.signal))
  await vi.advanceTimersByTimeAsync(0)
  controller.abort(new Error('left'))
  await expect(result).rejects.toThrow('left')
  await vi.advanceTimersByTimeAsync(5000)
  expect(read).toHaveBeenCalledTimes(1)
  await expect(pollUntil(read, options(controller.signal))).rejects.toThrow('left')
  expect(read).toHaveBeenCalledTimes(1)
})
