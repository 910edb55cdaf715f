import { HTTP_TIMEOUT_MS } from '../core/constants.js'
import { HttpRequestError } from '../core/errors/http.js'
import { EnsTablesError } from '../core/errors/names.js'
import { readBodyText } from './body.js'

/** The largest ENSIP-15 pack read: a few times the real one (about 100 KiB). */
const ENSIP15_MAX_BYTES = 512 * 1024

/**
 * Fetches a data pack beside the bundle (a locale, ENSIP-15's tables) as JSON, with the sha384 the
 * bundle carries as `integrity`: the browser refuses any other bytes. No credentials, no referrer;
 * bounded in time and size.
 * @throws HttpRequestError for a failed status; the browser's TypeError for a refused integrity.
 */
export async function fetchPinnedJson(
  url: string,
  integrity: string,
  maxBytes: number,
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<unknown> {
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
    return JSON.parse(await readBodyText(response, maxBytes, url)) as unknown
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The ENSIP-15 pack's loader: `GET <url>` checked against `integrity`; any failure is an
 * EnsTablesError.
 */
export function createEnsip15Loader(parameters: {
  url: string
  integrity: string
  fetch?: typeof fetch
}): () => Promise<unknown> {
  return () =>
    fetchPinnedJson(
      parameters.url,
      parameters.integrity,
      ENSIP15_MAX_BYTES,
      parameters.fetch,
    ).catch((cause: unknown) => {
      throw new EnsTablesError({ cause })
    })
}

/**
 * Where a data pack sits: `<path>` beside the script that loaded WalletKit (or the page), or, when
 * the site moved the packs with `localesUrl`, beside that folder (`<localesUrl>/../<path>`).
 */
export function dataPackUrl(
  path: string,
  localesUrl: string | undefined,
  scriptSrc: string | undefined,
): string {
  if (localesUrl)
    return new URL(`../${path}`, localesUrl.endsWith('/') ? localesUrl : `${localesUrl}/`).href
  return new URL(path, scriptSrc || document.baseURI).href
}
