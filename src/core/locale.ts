import { signal } from '@preact/signals-core'
import { matchLocale } from './locale-match.js'

/** The locale controller. */
export type LocaleController = ReturnType<typeof createLocale>

/**
 * Creates the locale controller: which language the modal speaks, and its texts once loaded.
 * English is built in; another locale's pack is loaded through `load` only when the modal first
 * opens or when `set()` asks for it, never before. While a pack loads, and when it fails, the
 * modal stays in the language it had (English at first) and `onError` hears why.
 *
 * @param parameters.requested - The `locale` option, if any.
 * @param parameters.preferences - The page's `<html lang>` and the browser's languages, in order.
 * @param parameters.available - Tags of the packs that exist beside the bundle.
 * @param parameters.load - Fetches a pack (checked against its integrity); resolves to its data.
 */
export function createLocale(parameters: {
  requested: string | undefined
  preferences: () => readonly (string | null | undefined)[]
  available: readonly string[]
  load: (tag: string) => Promise<unknown>
  onError: (error: unknown) => void
}) {
  const { available, load } = parameters
  /** The locale wanted: the option, else the page's and the browser's language. */
  let wanted: string | undefined
  /** The locale whose texts are shown (`'en'` until a pack arrived). */
  const tag = signal('en')
  /** The loaded pack of {@link tag} (undefined for English). */
  const pack = signal<unknown>(undefined)
  const cache = new Map<string, Promise<unknown>>()
  let started = false
  let latest = 0

  function resolveWanted(): string {
    wanted ??= matchLocale(
      parameters.requested !== undefined ? [parameters.requested] : parameters.preferences(),
      available,
    )
    return wanted
  }

  async function show(next: string): Promise<void> {
    const request = ++latest
    if (next === 'en') {
      tag.value = 'en'
      pack.value = undefined
      return
    }
    let pending = cache.get(next)
    if (!pending) {
      pending = load(next)
      cache.set(next, pending)
      // A failed load may be tried again by a later set().
      pending.catch(() => cache.delete(next))
    }
    try {
      const data = await pending
      if (request !== latest) return
      pack.value = data
      tag.value = next
    } catch (error) {
      if (request === latest) parameters.onError(error)
    }
  }

  return {
    /** The tag whose texts the modal shows. */
    tag,
    /** The pack data of {@link tag}; undefined for English. */
    pack,
    /** The locale the kit will speak (resolved now, without loading anything). */
    get wanted(): string {
      return resolveWanted()
    },
    /** Starts loading the wanted locale (the first open calls this); later calls do nothing. */
    start(): Promise<void> {
      if (started) return Promise.resolve()
      started = true
      return show(resolveWanted())
    },
    /**
     * Switches to `requested` (matched along its subtags; English when unknown). Before the first
     * open it only records the choice.
     *
     * @returns The tag chosen.
     */
    set(requested: string): { tag: string; done: Promise<void> } {
      wanted = matchLocale([requested], available)
      return { tag: wanted, done: started ? show(wanted) : Promise.resolve() }
    },
    /** A rejected pack (it did not decode): back to English, reported. */
    reject(error: unknown): void {
      tag.value = 'en'
      pack.value = undefined
      parameters.onError(error)
    },
  }
}
