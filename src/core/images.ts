import { type ReadonlySignal, type Signal, signal } from '@preact/signals-core'
import {
  IMAGE_MAX_BYTES,
  IMAGE_PRELOAD_TIMEOUT_MS,
  IMAGE_STARTS_PER_TASK,
  IMAGE_URL_FETCH_MAX,
} from './constants.js'
import { dataUriBytes, sniffImageType, toBase64 } from './utils/image-type.js'
import { isWebUrl } from './utils/url.js'

/** An image's state: loading, a URL to show it from memory, or failed (show the fallback icon). */
export type ImageState =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed' }

/**
 * Who chose an image URL. `site`: the host page's own image (its custom wallets), fetched from any
 * https host it names. `service`: what a service returned about the visitor (an identity's avatar,
 * the icon of a site a smart session belongs to), which is only fetched from the kit's own service
 * origins, so no third party learns the visitor's address.
 */
export type ImageUrlScope = 'site' | 'service'

/**
 * The catalogue API's public images (SPEC §7): a token's by its symbol, a currency's by its code
 * (USD), an asset's by its id (a network's: its CAIP-2 id).
 */
export type PublicImageKind = 'asset' | 'currency' | 'token'

/** Where images come from beside the catalogue's wallet images. */
export type ImageCacheOptions = {
  /** Loads a token, currency or asset image of the catalogue API. */
  loadPublic?: ((kind: PublicImageKind, id: string) => Promise<Blob>) | undefined
  /** Fetches an image URL with the size cap (the HTTP layer's `fetchBlob`). */
  fetchUrl?: ((url: string) => Promise<Blob>) | undefined
  /** Origins of the services the kit talks to: `service` images may come from these. */
  serviceOrigins?: readonly string[] | undefined
}

/** The image cache. */
export type ImageCache = ReturnType<typeof createImageCache>

/** Why an image is not shown. */
class ImageRefusedError extends Error {
  override name = 'ImageRefusedError'
}

/**
 * Creates the cache of every image the modal shows that did not come with the bundle. Each is
 * read into memory, limited to IMAGE_MAX_BYTES, and its type is taken from its bytes: a raster
 * image (PNG, JPEG, GIF, WebP, AVIF) is shown from a `blob:` URL of that exact type; an SVG only
 * from a `data:` URL, which a browser never opens in the page's origin, so a scripted SVG cannot run
 * even when a visitor opens or drags it into a tab (SECURITY.md row 8). An image not loaded within
 * IMAGE_PRELOAD_TIMEOUT_MS shows the fallback until it arrives.
 *
 * @param load - Loads a catalogue wallet image by its image id.
 * @param options - How other image URLs are fetched, and from which origins.
 */
export function createImageCache(
  load: (id: string) => Promise<Blob>,
  options: ImageCacheOptions = {},
) {
  const entries = new Map<string, { state: Signal<ImageState>; done: Promise<void> }>()
  const urls: string[] = []
  let destroyed = false
  let fetched = 0

  /** A URL that shows `bytes` from memory, or a refusal. */
  function display(bytes: Uint8Array): string {
    if (bytes.length === 0 || bytes.length > IMAGE_MAX_BYTES)
      throw new ImageRefusedError('size out of bounds')
    const type = sniffImageType(bytes)
    if (!type) throw new ImageRefusedError('not an image')
    if (type === 'image/svg+xml') return `data:${type};base64,${toBase64(bytes)}`
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }))
    urls.push(url)
    return url
  }

  async function fromBlob(blob: Blob): Promise<Uint8Array> {
    if (!/^image\//i.test(blob.type)) throw new ImageRefusedError('not an image type')
    if (blob.size > IMAGE_MAX_BYTES) throw new ImageRefusedError('too large')
    return new Uint8Array(await blob.arrayBuffer())
  }

  function allowedUrl(url: string, scope: ImageUrlScope): boolean {
    if (!isWebUrl(url) || !options.fetchUrl) return false
    return scope === 'site' || (options.serviceOrigins ?? []).includes(new URL(url).origin)
  }

  /**
   * Loads waiting to start. A view asks for its images while it renders (a page of All Wallets:
   * 40 at once), and starting a request is costly (a `fetch`, its abort timer): started there, a
   * page's requests made one render task of hundreds of ms on a slow phone. They start after the
   * render instead, IMAGE_STARTS_PER_TASK per task.
   */
  const waiting: (() => void)[] = []
  function startSome() {
    for (const start of waiting.splice(0, IMAGE_STARTS_PER_TASK)) start()
    if (waiting.length) setTimeout(startSome)
  }

  function get(key: string, bytes: () => Promise<Uint8Array>) {
    let entry = entries.get(key)
    if (entry) return entry
    const state = signal<ImageState>({ status: 'loading' })
    const done = new Promise<void>((start) => {
      if (waiting.push(start) === 1) setTimeout(startSome)
    }).then(() => {
      if (destroyed) return
      const timer = setTimeout(() => {
        if (state.value.status === 'loading') state.value = { status: 'failed' }
      }, IMAGE_PRELOAD_TIMEOUT_MS)
      return bytes()
        .then((data) => {
          if (destroyed) return
          state.value = { status: 'ready', url: display(data) }
        })
        .catch(() => {
          state.value = { status: 'failed' }
        })
        .finally(() => clearTimeout(timer))
    })
    entry = { state, done }
    entries.set(key, entry)
    return entry
  }

  const wallet = (id: string) => get(`id:${id}`, () => load(id).then(fromBlob))

  return {
    /** A catalogue wallet image's state; starts loading on first call. */
    image(id: string): ReadonlySignal<ImageState> {
      return wallet(id).state
    },
    /**
     * A token, currency or asset image of the catalogue API, by the same loader, checks and cache
     * as every other image. An id that is no plain symbol or CAIP id fails at once (the caller's
     * letter mark shows), as does every id while no catalogue loader is given.
     */
    catalog(kind: PublicImageKind, id: string): ReadonlySignal<ImageState> {
      return get(`${kind}:${id}`, async () => {
        if (!options.loadPublic || !/^[\w.:-]{1,64}$/.test(id))
          throw new ImageRefusedError('no such image')
        return fromBlob(await options.loadPublic(kind, id))
      }).state
    },
    /**
     * An image given as a URL: a `data:` URI is decoded in memory; a web URL is fetched when its
     * `scope` allows it and fewer than IMAGE_URL_FETCH_MAX were, else the image fails (the
     * fallback shows) without any request. The fetch itself refuses redirects.
     */
    fromUrl(url: string, scope: ImageUrlScope): ReadonlySignal<ImageState> {
      // Keyed by scope too: a URL refused as a service's may still be a site's own image.
      return get(`${scope}:${url}`, async () => {
        if (/^data:/i.test(url)) {
          const bytes = dataUriBytes(url, IMAGE_MAX_BYTES)
          if (!bytes) throw new ImageRefusedError('not an image data URI')
          return bytes
        }
        if (!allowedUrl(url, scope) || !options.fetchUrl)
          throw new ImageRefusedError('host not allowed')
        if (++fetched > IMAGE_URL_FETCH_MAX) throw new ImageRefusedError('too many images')
        return fromBlob(await options.fetchUrl(url))
      }).state
    },
    /** Resolves when the wallet image loaded or failed, or after the preload time-out. */
    whenLoaded(id: string): Promise<void> {
      const { done } = wallet(id)
      return Promise.race([done, new Promise<void>((r) => setTimeout(r, IMAGE_PRELOAD_TIMEOUT_MS))])
    },
    /** Revokes every object URL. */
    destroy() {
      destroyed = true
      for (const url of urls) URL.revokeObjectURL(url)
      urls.length = 0
      entries.clear()
    },
  }
}
