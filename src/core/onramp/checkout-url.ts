import {
  CheckoutAddressError,
  CheckoutOriginError,
  UnsafeCheckoutUrlError,
} from '../errors/onramp.js'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export { ONRAMP_CHECKOUT_ORIGINS } from '../constants.js'

/**
 * Query parameters in which providers put the destination: `walletAddress` (Meld, MoonPay,
 * Transak), `userAddress` (Ramp), `address`; JSON: Coinbase Pay's `destinationWallets`
 * (`[{ address, … }]`) and `addresses` (`{ "<address>": [networks] }`), MoonPay's `walletAddresses`
 * (`{ "<currency>": "<address>" }`).
 */
const PLAIN = ['walletAddress', 'userAddress', 'address']
const JSON_PARAMS = ['destinationWallets', 'addresses', 'walletAddresses']

/** The addresses a JSON parameter names; throws when it cannot be read. */
function addressesIn(name: string, value: string): unknown[] {
  const parsed: unknown = JSON.parse(value)
  if (name === 'destinationWallets') {
    if (!Array.isArray(parsed)) throw 0
    return parsed.map((w) =>
      typeof w === 'object' && w !== null ? (w as { address?: unknown }).address : w,
    )
  }
  if (Array.isArray(parsed)) return parsed
  if (typeof parsed !== 'object' || parsed === null) throw 0
  return name === 'addresses' ? Object.keys(parsed) : Object.values(parsed)
}

/** What a checkout link must satisfy besides being safe: where it may lead, and for whom. */
export type CheckoutExpectation = {
  /** Allowed origins (exact), e.g. `https://pay.coinbase.com`. */
  origins: readonly string[]
  /** The buyer's address: every destination the link names must be it. */
  address: string
  /** Compares addresses (EVM addresses case-insensitively). */
  sameAddress: (a: string, b: string) => boolean
}

/**
 * Checks a checkout link from the service before any window shows it: an absolute https URL, or
 * plain http on this machine (the local stack), without credentials (SECURITY.md row 13); on a known
 * provider's origin; and, where the link names a destination address, the buyer's own (row 28).
 * @returns the link, normalised by the URL parser.
 * @throws UnsafeCheckoutUrlError, CheckoutOriginError or CheckoutAddressError; nothing is opened.
 */
export function checkCheckoutUrl(value: unknown, expected: CheckoutExpectation): string {
  let url: URL | undefined
  try {
    if (typeof value === 'string' && value.length <= 8192) url = new URL(value)
  } catch {}
  const secure =
    url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK.has(url.hostname))
  if (!url || !secure || url.username || url.password)
    throw new UnsafeCheckoutUrlError({ url: value })
  if (!expected.origins.includes(url.origin)) throw new CheckoutOriginError({ origin: url.origin })
  for (const [name, raw] of url.searchParams) {
    if (!PLAIN.includes(name) && !JSON_PARAMS.includes(name)) continue
    let named: unknown[]
    try {
      named = PLAIN.includes(name) ? [raw] : addressesIn(name, raw)
    } catch {
      throw new CheckoutAddressError({ found: `${name}=${raw}` })
    }
    for (const address of named)
      if (typeof address !== 'string' || !expected.sameAddress(address, expected.address))
        throw new CheckoutAddressError({ found: `${name}=${raw}` })
  }
  return url.href
}
