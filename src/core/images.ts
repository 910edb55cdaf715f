import { type ReadonlySignal, type Signal, signal } from '@preact/signals-core'
import { IMAGE_PRELOAD_TIMEOUT_MS } from './constants.js'

/** An image's state: loading, an object URL, or failed (show the fallback icon). */
export type ImageState =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed' }

/** The image cache. */
export type ImageCache = ReturnType<typeof createImageCache>

/**
 * Creates a cache of images fetched as Blobs and shown through object URLs (never as documents,
 * SECURITY.md row 8). An image not loaded within IMAGE_PRELOAD_TIMEOUT_MS shows the fallback until
 * it arrives; only raster and SVG image types are accepted.
 */
export function createImageCache(load: (id: string) => Promise<Blob>) {
  const entries = new Map<string, { state: Signal<ImageState>; done: Promise<void> }>()
  const urls: string[] = []
  let destroyed = false

  function get(id: string) {
    let entry = entries.get(id)
    if (entry) return entry
    const state = signal<ImageState>({ status: 'loading' })
    const timer = setTimeout(() => {
      if (state.value.status === 'loading') state.value = { status: 'failed' }
    }, IMAGE_PRELOAD_TIMEOUT_MS)
    const done = load(id)
      .then((blob) => {
        if (!/^image\/(png|jpeg|gif|webp|avif|svg\+xml)$/.test(blob.type))
          throw new Error('not an image')
        if (destroyed) return
        const url = URL.createObjectURL(blob)
        urls.push(url)
        state.value = { status: 'ready', url }
      })
      .catch(() => {
        state.value = { status: 'failed' }
      })
      .finally(() => clearTimeout(timer))
    entry = { state, done }
    entries.set(id, entry)
    return entry
  }

  return {
    /** The image's state signal; starts loading on first call. */
    image(id: string): ReadonlySignal<ImageState> {
      return get(id).state
    },
    /** Resolves when the image loaded or failed, or after the preload time-out. */
    whenLoaded(id: string): Promise<void> {
      const { done } = get(id)
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
