import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import {
  IMAGE_MAX_BYTES,
  IMAGE_PRELOAD_TIMEOUT_MS,
  IMAGE_STARTS_PER_TASK,
  IMAGE_URL_FETCH_MAX,
} from '../../../src/core/constants.js'
import { createImageCache } from '../../../src/core/images.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/**
 * Lets the loads asked for start and settle. They start IMAGE_STARTS_PER_TASK per task, each task
 * a timer of 0 ms, which the fake clock places 1 ms later when set from another timer: 1 ms steps,
 * enough for the 1 000 images of the longest test and far below the 2 s preload time-out.
 */
async function settle() {
  for (let i = 0; i < 260; i++) await vi.advanceTimersByTimeAsync(1)
}

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

/** The first bytes of each image type, as its files start. */
const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0, 16],
  'image/gif': [...'GIF89a'].map((c) => c.charCodeAt(0)),
  'image/webp': [...'RIFF\0\0\0\0WEBPVP8 '].map((c) => c.charCodeAt(0)),
  'image/avif': [0, 0, 0, 28, ...'ftypavif'].map((c) =>
    typeof c === 'string' ? c.charCodeAt(0) : c,
  ),
}
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
const bytes = (type: string) => new Uint8Array(SIGNATURES[type] ?? [])
const png = () => new Blob([bytes('image/png')], { type: 'image/png' })

test('default', async () => {
  const cache = createImageCache(() => Promise.resolve(png()))
  const state = cache.image('w1')
  expect(state.value).toEqual({ status: 'loading' })
  await settle()
  expect(state.value).toEqual({ status: 'ready', url: expect.stringMatching(/^blob:/) })
  expect(Object.keys(cache)).toMatchInlineSnapshot(`
    [
      "image",
      "catalog",
      "fromUrl",
      "whenLoaded",
      "destroy",
    ]
  `)
})

test('args: the preload time-out is 2 s', () => {
  expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(2000)
})

test('behavior: a raster image is an object URL of a blob of the type its bytes show', async () => {
  const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:walletkit/1')
  for (const type of Object.keys(SIGNATURES)) {
    create.mockClear()
    // The server's claim does not matter: the bytes decide.
    const cache = createImageCache(() =>
      Promise.resolve(new Blob([bytes(type)], { type: 'image/x-claimed' })),
    )
    const state = cache.image('a')
    await settle()
    expect(state.value, type).toEqual({ status: 'ready', url: 'blob:walletkit/1' })
    const blob = create.mock.calls[0]?.[0] as Blob
    expect(blob.type, type).toBe(type)
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes(type))
  }
})

test('behavior: an SVG is never an object URL: a data: URL, which no tab opens in the page’s origin (SECURITY 8)', async () => {
  const create = vi.spyOn(URL, 'createObjectURL')
  for (const type of ['image/svg+xml', 'image/png', 'image/x-icon']) {
    const cache = createImageCache(() => Promise.resolve(new Blob([SVG], { type })))
    const state = cache.image('a')
    await settle()
    expect(state.value, type).toEqual({
      status: 'ready',
      url: `data:image/svg+xml;base64,${btoa(SVG)}`,
    })
  }
  expect(create).not.toHaveBeenCalled()
})

test('behavior: bytes that are no image, or too many, fail', async () => {
  const create = vi.spyOn(URL, 'createObjectURL')
  const cases: [string, BlobPart][] = [
    ['html', '<html><script>alert(1)</script></html>'],
    ['text', 'GIF8'],
    ['empty', ''],
    [
      'too large',
      new Uint8Array(IMAGE_MAX_BYTES + 1)
        .fill(0x20)
        .map((b, i) => (i < 8 ? (bytes('image/png')[i] as number) : b)),
    ],
  ]
  for (const [label, body] of cases) {
    const cache = createImageCache(() => Promise.resolve(new Blob([body], { type: 'image/png' })))
    const state = cache.image('a')
    await settle()
    expect(state.value, label).toEqual({ status: 'failed' })
  }
  expect(create).not.toHaveBeenCalled()
})

test('behavior: catalog loads token, currency and asset images through the catalogue, each once, checked as any image', async () => {
  const loadPublic = vi.fn((kind: string, _id: string) =>
    kind === 'currency'
      ? Promise.resolve(new Blob(['<html>'], { type: 'text/html' }))
      : Promise.resolve(new Blob([SVG], { type: 'image/svg+xml' })),
  )
  const cache = createImageCache(() => Promise.reject(new Error('no')), { loadPublic })
  const eth = cache.catalog('token', 'ETH')
  const usd = cache.catalog('currency', 'USD')
  const network = cache.catalog('asset', 'eip155:31337')
  const odd = cache.catalog('token', '../getWallets')
  expect(cache.catalog('token', 'ETH')).toBe(eth)
  await settle()
  expect(eth.value).toEqual({ status: 'ready', url: `data:image/svg+xml;base64,${btoa(SVG)}` })
  expect(network.value.status).toBe('ready')
  // Not an image, or an id that is no symbol or CAIP id: the caller's letter mark shows.
  expect(usd.value).toEqual({ status: 'failed' })
  expect(odd.value).toEqual({ status: 'failed' })
  expect(loadPublic.mock.calls).toEqual([
    ['token', 'ETH'],
    ['currency', 'USD'],
    ['asset', 'eip155:31337'],
  ])
  // A wallet image and a token image of the same id are two images.
  const noCatalogue = createImageCache(() => Promise.resolve(png()))
  const token = noCatalogue.catalog('token', 'w1')
  await settle()
  expect(token.value).toEqual({ status: 'failed' })
  expect(noCatalogue.image('w1')).not.toBe(token)
})

test('behavior: fromUrl decodes data: URIs in memory and fetches nothing for them', async () => {
  const fetchUrl = vi.fn(() => Promise.resolve(png()))
  const cache = createImageCache(() => Promise.reject(new Error('no')), { fetchUrl })
  const svg = cache.fromUrl(`data:image/svg+xml;utf8,${encodeURIComponent(SVG)}`, 'service')
  const raster = cache.fromUrl(
    `data:image/png;base64,${btoa(String.fromCharCode(...bytes('image/png')))}`,
    'service',
  )
  const html = cache.fromUrl('data:text/html,<script>alert(1)</script>', 'service')
  await settle()
  expect(svg.value).toEqual({ status: 'ready', url: `data:image/svg+xml;base64,${btoa(SVG)}` })
  expect(raster.value).toEqual({ status: 'ready', url: expect.stringMatching(/^blob:/) })
  expect(html.value).toEqual({ status: 'failed' })
  expect(fetchUrl).not.toHaveBeenCalled()
})

test('behavior: fromUrl fetches a site’s URL from any https host, a service’s only from the service origins', async () => {
  const fetchUrl = vi.fn(() => Promise.resolve(png()))
  const cache = createImageCache(() => Promise.reject(new Error('no')), {
    fetchUrl,
    serviceOrigins: ['https://rpc.example'],
  })
  const site = cache.fromUrl('https://cdn.site.example/wallet.png', 'site')
  const service = cache.fromUrl('https://rpc.example/avatar/alice.png', 'service')
  const tracker = cache.fromUrl('https://tracker.example/alice.png', 'service')
  const plain = cache.fromUrl('http://cdn.site.example/wallet.png', 'site')
  const loopback = cache.fromUrl('http://127.0.0.1:9/wallet.png', 'site')
  const credentials = cache.fromUrl('https://user:pw@cdn.site.example/w.png', 'site')
  await settle()
  expect([site, service, tracker, plain, loopback, credentials].map((s) => s.value.status)).toEqual(
    ['ready', 'ready', 'failed', 'failed', 'ready', 'failed'],
  )
  expect(fetchUrl.mock.calls).toEqual([
    ['https://cdn.site.example/wallet.png'],
    ['https://rpc.example/avatar/alice.png'],
    ['http://127.0.0.1:9/wallet.png'],
  ])
})

test('behavior: at most IMAGE_URL_FETCH_MAX images are fetched by URL; the others show the fallback', async () => {
  const fetchUrl = vi.fn(() => Promise.resolve(png()))
  const cache = createImageCache(() => Promise.reject(new Error('no')), {
    fetchUrl,
    serviceOrigins: ['https://rpc.example'],
  })
  // A service listing a thousand sessions, each with its own icon.
  const icons = Array.from({ length: 1000 }, (_, i) =>
    cache.fromUrl(`https://rpc.example/icons/${i}.png`, 'service'),
  )
  // Data URIs cost no request and are not counted.
  const inline = cache.fromUrl(
    `data:image/png;base64,${btoa(String.fromCharCode(...bytes('image/png')))}`,
    'service',
  )
  await settle()
  expect(IMAGE_URL_FETCH_MAX).toBe(48)
  expect(fetchUrl).toHaveBeenCalledTimes(IMAGE_URL_FETCH_MAX)
  expect(icons.filter((s) => s.value.status === 'ready')).toHaveLength(IMAGE_URL_FETCH_MAX)
  expect(icons.at(-1)?.value).toEqual({ status: 'failed' })
  expect(inline.value.status).toBe('ready')
  // The same URL again is the cached answer, not another request.
  cache.fromUrl('https://rpc.example/icons/0.png', 'service')
  expect(fetchUrl).toHaveBeenCalledTimes(IMAGE_URL_FETCH_MAX)
})

test('behavior: fromUrl refuses other schemes, non-image data: URIs and no URL without a request', async () => {
  const fetchUrl = vi.fn(() => Promise.resolve(png()))
  const cache = createImageCache(() => Promise.reject(new Error('no')), { fetchUrl })
  const states = [
    'javascript:alert(1)',
    'file:///etc/passwd',
    'blob:https://game.example/1',
    'data:text/html;base64,PHNjcmlwdD4=',
    'not a url',
  ].map((url) => cache.fromUrl(url, 'site'))
  await settle()
  expect(states.map((s) => s.value.status)).toEqual(Array(5).fill('failed'))
  expect(fetchUrl).not.toHaveBeenCalled()
})

test('behavior: fromUrl keeps each scope’s answer apart for the same URL', async () => {
  const fetchUrl = vi.fn(() => Promise.resolve(png()))
  const cache = createImageCache(() => Promise.reject(new Error('no')), { fetchUrl })
  const url = 'https://game.example/icon.png'
  const service = cache.fromUrl(url, 'service')
  const site = cache.fromUrl(url, 'site')
  await settle()
  expect([service.value.status, site.value.status]).toEqual(['failed', 'ready'])
  expect(cache.fromUrl(url, 'site')).toBe(site)
  expect(fetchUrl.mock.calls).toEqual([[url]])
})

test('behavior: blobs not declared as images fail and never get an object URL', async () => {
  const create = vi.spyOn(URL, 'createObjectURL')
  for (const type of ['text/html', 'application/xhtml+xml', '', 'application/octet-stream']) {
    const cache = createImageCache(() => Promise.resolve(new Blob([bytes('image/png')], { type })))
    const state = cache.image('a')
    await settle()
    expect(state.value, type).toEqual({ status: 'failed' })
  }
  expect(create).not.toHaveBeenCalled()
})

test('behavior: a failed load shows the fallback', async () => {
  const cache = createImageCache(() => Promise.reject(new Error('HTTP status code: 404')))
  const state = cache.image('a')
  await settle()
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
  await settle()
  expect(state.value.status).toBe('ready')
})

test('behavior: an image loaded in time clears its time-out', async () => {
  const cache = createImageCache(() => Promise.resolve(png()))
  const state = cache.image('a')
  await settle()
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
  await settle()
  expect(load.mock.calls).toEqual([['a'], ['b']])
})

test('behavior: loads start after the call that asked for them, IMAGE_STARTS_PER_TASK per task', async () => {
  // A page of All Wallets asks for 40 images while it renders: none starts inside that render.
  const { load } = deferredLoader()
  const cache = createImageCache(load)
  for (let i = 0; i < 10; i++) cache.image(`w${i}`)
  expect(load).not.toHaveBeenCalled()
  expect(IMAGE_STARTS_PER_TASK).toBe(4)
  await vi.advanceTimersToNextTimerAsync()
  expect(load.mock.calls.map(([id]) => id)).toEqual(['w0', 'w1', 'w2', 'w3'])
  await vi.advanceTimersToNextTimerAsync()
  expect(load).toHaveBeenCalledTimes(8)
  await vi.advanceTimersToNextTimerAsync()
  expect(load.mock.calls.map(([id]) => id)).toEqual(Array.from({ length: 10 }, (_, i) => `w${i}`))
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
  await settle()
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
  await settle()
  cache.destroy()
  expect(revoke.mock.calls).toEqual([['blob:walletkit/a'], ['blob:walletkit/b']])
})
