import { expect, test, vi } from 'vitest'
import { createRemoteImageLoader } from '../../../src/services/images.js'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>'

test('default', async () => {
  const fetch = vi.fn(async () => new Response(new Blob([SVG], { type: 'image/svg+xml' })))
  const load = createRemoteImageLoader({ fetch: fetch as typeof globalThis.fetch })
  const blob = await load('https://game.example/icon.svg')
  expect(blob.type).toBe('image/svg+xml')
  expect(fetch).toHaveBeenCalledWith(
    'https://game.example/icon.svg',
    expect.objectContaining({ credentials: 'omit', referrerPolicy: 'no-referrer' }),
  )
})

test('behavior: a base64 data:image URI is decoded without a request', async () => {
  const fetch = vi.fn()
  const load = createRemoteImageLoader({ fetch: fetch as typeof globalThis.fetch })
  const blob = await load(`data:image/svg+xml;base64,${btoa(SVG)}`)
  expect(blob.type).toBe('image/svg+xml')
  expect(await blob.text()).toBe(SVG)
  expect(fetch).not.toHaveBeenCalled()
})

test('error: other schemes, plain http elsewhere, non-image data URIs and failures are refused', async () => {
  const fetch = vi.fn(async () => new Response('x', { status: 404 }))
  const load = createRemoteImageLoader({ fetch: fetch as typeof globalThis.fetch })
  for (const url of [
    'javascript:alert(1)',
    'http://game.example/icon.png',
    'data:text/html;base64,PHNjcmlwdD4=',
    'file:///etc/passwd',
    'not a url',
  ])
    await expect(load(url)).rejects.toThrow()
  expect(fetch).not.toHaveBeenCalled()
  await expect(load('http://127.0.0.1:9/icon.png')).rejects.toThrow('HTTP status code: 404')
})
