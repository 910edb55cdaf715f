import { UnsafeCheckoutUrlError } from '../errors/onramp.js'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Checks a checkout link from the service before any window shows it (SECURITY.md row 13): an
 * absolute https URL, or plain http on this machine (the local stack); no credentials in it.
 * @returns the link, normalised by the URL parser.
 * @throws UnsafeCheckoutUrlError for anything else (`javascript:`, `data:`, plain http elsewhere…).
 */
export function checkCheckoutUrl(value: unknown): string {
  let url: URL | undefined
  try {
    if (typeof value === 'string' && value.length <= 8192) url = new URL(value)
  } catch {}
  const secure =
    url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK.has(url.hostname))
  if (!url || !secure || url.username || url.password)
    throw new UnsafeCheckoutUrlError({ url: value })
  return url.href
}
