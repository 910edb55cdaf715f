import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { IMAGE_PRELOAD_TIMEOUT_MS } from '../../../src/core/constants.js'
import { createImageCache } from '../../../src/core/images.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A loader whose answers the test gives per id. */
function deferredLoader() {
  const pending = new Map<string, { resolve: (b: Blob) => void; reject: (e: unknown) => void }>()
  const load = vi.fn(
    (id: string) =>
      new Promise<Blob>((resolve, reject) => {
        pending.set(id, { resolve, reject })
      }),
  )
  return { load, pending }
}

const png = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })

test('default', async () => {
  const cache = createImageCache(() => Promise.resolve(png()))
  const state = cache.image('w1')
  expect(state.value).toEqual({ status: 'loading' })
  await vi.advanceTimersByTimeAsync(0)
  expect(state.value).toEqual({ status: 'ready', url: expect.stringMatching(/^blob:/) })
  expect(Object.keys(cache)).toMatchInlineSnapshot(`
    [
      "image",
      "whenLoaded",
      "destroy",
    ]
  `)
})

test('args: the preload time-out is 2 s', () => {
  expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(2000)
})

test('behavior: a blob becomes an object URL of that blob', async () => {
  const blob = png()
  const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:walletkit/1')
  const cache = createImageCache(() => Promise.resolve(blob))
  const state = cache.image('w1')
  await vi.advanceTimersByTimeAsync(0)
  expect(create).toHaveBeenCalledWith(blob)
  expect(state.value).toEqual({ status: 'ready', url: 'blob:walletkit/1' })
})

test('behavior: raster and SVG image types are accepted', async () => {
  for (const type of [
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'image/avif',
    'image/svg+xml',
  ]) {
    const cache = createImageCache(() => Promise.resolve(new Blob(['x'], { type })))
    const state = cache.image('a')
    await vi.advanceTimersByTimeAsync(0)
    expect(state.value.status, type).toBe('ready')
  }
})

test('behavior: non-image blob types fail and never get an object URL', async () => {
  const create = vi.spyOn(URL, 'createObjectURL')
  for (const type of [
    'text/html',
    'application/xhtml+xml',
    'image/svg',
    'image/png; x',
    '',
    'application/octet-stream',
  ]) {
    const cache = createImageCache(() =>
      Promise.resolve(new Blob(['<script>alert(1)</script>'], { type })),
    )
    const state = cache.image('a')
    await vi.advanceTimersByTimeAsync(0)
    expect(state.value, type).toEqual({ status: 'failed' })
  }
  expect(create).not.toHaveBeenCalled()
})

test('behavior: a failed load shows the fallback', async () => {
  const cache = createImageCache(() => Promise.reject(new Error('HTTP status code: 404')))
  const state = cache.image('a')
  await vi.advanceTimersByTimeAsync(0)
  expect(state.value).toEqual({ status: 'failed' })
})

test('behavior: not loaded in 2 s shows the fallback, then the image when it arrives', async () => {
  const { load, pending } = deferredLoader()
  const cache = createImageCache(load)
  const state = cache.image('slow')
  await vi.advanceTimersByTimeAsync(IMAGE_PRELOAD_TIMEOUT_MS - 1)
  expect(state.value).toEqual({ status: 'loading' })
  await vi.advanceTimersByTimeAsync(1)
  expect(state.value).toEqual({ status: 'failed' })
  pending.get('slow')?.resolve(png())
  await vi.advanceTimersByTimeAsync(0)
  expect(state.value.status).toBe('ready')
})

test('behavior: an image loaded in time clears its time-out', async () => {
  const cache = createImageCache(() => Promise.resolve(png()))
  const state = cache.image('a')
  await vi.advanceTimersByTimeAsync(0)
  expect(vi.getTimerCount()).toBe(0)
  await vi.advanceTimersByTimeAsync(IMAGE_PRELOAD_TIMEOUT_MS)
  expect(state.value.status).toBe('ready')
})

test('behavior: each id is loaded once', async () => {
  const { load } = deferredLoader()
  const cache = createImageCache(load)
  const a = cache.image('a')
  expect(cache.image('a')).toBe(a)
  void cache.whenLoaded('a')
  cache.image('b')
  expect(load.mock.calls).toEqual([['a'], ['b']])
})

test('behavior: whenLoaded resolves when the image settles', async () => {
  const { load, pending } = deferredLoader()
  const cache = createImageCache(load)
  let done = false
  void cache.whenLoaded('a').then(() => {
    done = true
  })
  await vi.advanceTimersByTimeAsync(100)
  expect(done).toBe(false)
  pending.get('a')?.reject(new Error('x'))
  await vi.advanceTimersByTimeAsync(0)
  expect(done).toBe(true)
})

test('behavior: whenLoaded gives up after 2 s', async () => {
  const { load } = deferredLoader()
  const cache = createImageCache(load)
  let done = false
  void cache.whenLoaded('a').then(() => {
    done = true
  })
  await vi.advanceTimersByTimeAsync(IMAGE_PRELOAD_TIMEOUT_MS - 1)
  expect(done).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(done).toBe(true)
})

test('behavior: destroy revokes every object URL', async () => {
  vi.spyOn(URL, 'createObjectURL')
    .mockReturnValueOnce('blob:walletkit/a')
    .mockReturnValueOnce('blob:walletkit/b')
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  const cache = createImageCache(() => Promise.resolve(png()))
  cache.image('a')
  cache.image('b')
  await vi.advanceTimersByTimeAsync(0)
  cache.destroy()
  expect(revoke.mock.calls).toEqual([['blob:walletkit/a'], ['blob:walletkit/b']])
})
