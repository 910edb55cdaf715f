import { HTTP_TIMEOUT_MS } from '../core/constants.js'

/** Images larger than this are not shown. */
const MAX_IMAGE_BYTES = 512 * 1024
const DATA_IMAGE =
  /^data:(image\/(?:png|jpeg|gif|webp|avif|svg\+xml));base64,([A-Za-z0-9+/]+={0,2})$/

/** True for https, or plain http on this machine (the local stack). */
function fetchable(url: URL): boolean {
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost'
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopback)
}

/**
 * Loads an image a service named by URL (a site's icon) as a Blob, for the kit's image cache to
 * show through an object URL: a base64 `data:image/…` URI is decoded here; an https URL (http only
 * on 127.0.0.1 or localhost) is fetched without credentials or referrer, with a time-out. Anything
 * else, or more than 512 KiB, is refused; the cache checks the type.
 */
export function createRemoteImageLoader(
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): (url: string) => Promise<Blob> {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  return async (value) => {
    const data = DATA_IMAGE.exec(value)
    if (data) {
      const binary = atob(data[2] ?? '')
      if (binary.length > MAX_IMAGE_BYTES) throw new Error('image too large')
      const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
      return new Blob([bytes], { type: data[1] ?? '' })
    }
    const url = new URL(value)
    if (!fetchable(url)) throw new Error('not an image URL the kit loads')
    const response = await doFetch(url.href, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
    const blob = await response.blob()
    if (blob.size > MAX_IMAGE_BYTES) throw new Error('image too large')
    return blob
  }
}
