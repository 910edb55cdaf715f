import { HTTP_TIMEOUT_MS } from '../core/constants.js'
import { HttpRequestError } from '../core/errors/http.js'
import { LocalePackError } from '../core/errors/locale.js'
import { readBodyText } from './body.js'

/** The largest locale pack read: a few times the largest real one. */
const PACK_MAX_BYTES = 256 * 1024

/**
 * Creates the locale pack loader: `GET <baseUrl><tag>.json` with the pack's sha384 as the fetch's
 * `integrity`, so the browser refuses any other bytes (a changed file on a CDN). Only tags whose
 * integrity the bundle carries are ever requested.
 *
 * @param parameters.baseUrl - The folder of the packs, ending in `/`.
 * @param parameters.integrity - The sha384 of each pack, by tag, as the build computed them.
 * @returns Loads a pack; rejects with LocalePackError.
 */
export function createLocalePackLoader(parameters: {
  baseUrl: string
  integrity: Readonly<Record<string, string>>
  fetch?: typeof fetch
}): (tag: string) => Promise<unknown> {
  const doFetch = parameters.fetch ?? ((input, init) => globalThis.fetch(input, init))
  return async (tag) => {
    const integrity = Object.hasOwn(parameters.integrity, tag)
      ? parameters.integrity[tag]
      : undefined
    if (!integrity) throw new LocalePackError({ locale: tag })
    const url = new URL(`${encodeURIComponent(tag)}.json`, parameters.baseUrl).href
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS)
    try {
      const response = await doFetch(url, {
        integrity,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        signal: controller.signal,
      })
      if (!response.ok) throw new HttpRequestError({ status: response.status, url })
      return JSON.parse(await readBodyText(response, PACK_MAX_BYTES, url)) as unknown
    } catch (cause) {
      throw new LocalePackError({ locale: tag, cause })
    } finally {
      clearTimeout(timer)
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
