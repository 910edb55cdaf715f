import { LocalePackError } from '../core/errors/locale.js'
import { fetchPinnedJson } from './packs.js'

/** The largest locale pack read: a few times the largest real one. */
const PACK_MAX_BYTES = 256 * 1024

/**
 * Creates the locale pack loader. The bundle carries the packs' tags and the sha384 of their
 * manifest (`<baseUrl>index.json`, each pack's sha384 by tag); the manifest is fetched once with
 * that `integrity`, then `GET <baseUrl><tag>.json` with the pack's own, so the browser refuses any
 * other bytes (a changed file on a CDN). Only tags the bundle lists are ever requested.
 *
 * @param parameters.baseUrl - The folder of the packs, ending in `/`.
 * @param parameters.tags - The tags of the packs built beside the bundle.
 * @param parameters.manifestIntegrity - The manifest's sha384, as the build computed it.
 * @returns Loads a pack; rejects with LocalePackError.
 */
export function createLocalePackLoader(parameters: {
  baseUrl: string
  tags: readonly string[]
  manifestIntegrity: string
  fetch?: typeof fetch
}): (tag: string) => Promise<unknown> {
  let manifest: Promise<unknown> | undefined
  const get = (name: string, integrity: string) =>
    fetchPinnedJson(
      new URL(name, parameters.baseUrl).href,
      integrity,
      PACK_MAX_BYTES,
      parameters.fetch,
    )
  return async (tag) => {
    if (!parameters.tags.includes(tag)) throw new LocalePackError({ locale: tag })
    try {
      manifest ??= get('index.json', parameters.manifestIntegrity)
      const hashes = await manifest.catch((cause: unknown) => {
        manifest = undefined // a failed read is tried again with the next language asked for
        throw cause
      })
      const integrity =
        typeof hashes === 'object' && hashes !== null && Object.hasOwn(hashes, tag)
          ? (hashes as Record<string, unknown>)[tag]
          : undefined
      if (typeof integrity !== 'string' || !integrity.startsWith('sha384-'))
        throw new LocalePackError({ locale: tag })
      return await get(`${encodeURIComponent(tag)}.json`, integrity)
    } catch (cause) {
      if (cause instanceof LocalePackError) throw cause
      throw new LocalePackError({ locale: tag, cause })
    }
  }
}

/**
 * The folder of the packs: `localesUrl` when the site set it, else `locales/` beside the script
 * that loaded WalletKit (or beside the page, when no script source is known).
 */
export function localesBaseUrl(
  localesUrl: string | undefined,
  scriptSrc: string | undefined,
): string {
  if (localesUrl) return localesUrl.endsWith('/') ? localesUrl : `${localesUrl}/`
  return new URL('locales/', scriptSrc || document.baseURI).href
}
