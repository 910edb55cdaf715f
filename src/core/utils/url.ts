/**
 * Schemes a link from an untrusted source (the catalogue, a custom wallet, storage) never opens:
 * code runners, local files and documents of the page's own origin, and operating-system handlers
 * known to have run programs or searches when a page opened them (SECURITY.md row 12). Plain web
 * schemes other than https are not app links either. Everything else matching RFC 3986's scheme
 * grammar is a wallet app's own scheme.
 */
const BLOCKED_SCHEMES = new Set([
  'javascript',
  'livescript',
  'vbscript',
  'data',
  'file',
  'blob',
  'filesystem',
  'about',
  'chrome',
  'chrome-extension',
  'view-source',
  'jar',
  'mhtml',
  'ms-its',
  'its',
  'mk',
  'res',
  'shell',
  'intent',
  'android-app',
  'ms-msdt',
  'search-ms',
  'search',
  'ms-search',
  'ms-officecmd',
  'ms-word',
  'ms-excel',
  'ms-powerpoint',
  'ms-access',
  'ms-appinstaller',
  'ms-cxh',
  'ms-cxh-full',
  'ms-settings',
  'ms-windows-store',
  'ftp',
  'ws',
  'wss',
])

/** Longest link followed, in characters (a pairing URI with its key fits many times over). */
export const MAX_LINK_LENGTH = 2048

const SCHEME = /^([a-z][a-z0-9+.-]*):/i

/** True for a host name on this machine's loopback: 127.0.0.0/8, `localhost` or `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  )
}

/**
 * True when a link from an untrusted source may be followed. An allowlist (SECURITY.md row 12):
 * `https`, `http` only on loopback (a `wc:` URI carries its key, and must not travel in clear
 * text), and an app's own scheme unless it is one of the {@link BLOCKED_SCHEMES}. Web links may not
 * carry a user name or password (`https://wallet.example@attacker.example`). Whatever the case,
 * and whatever whitespace or control characters a browser would skip, are judged as the browser
 * would read them.
 */
export function isSafeLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LINK_LENGTH)
    return false
  // Browsers skip these while reading a scheme (`java\tscript:` is `javascript:` to them); no
  // app link needs one, so any of them anywhere refuses the link.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a URL parser skips
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value)) return false
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase()
  if (!scheme || BLOCKED_SCHEMES.has(scheme)) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  const protocol = url.protocol.slice(0, -1)
  if (protocol !== scheme || BLOCKED_SCHEMES.has(protocol)) return false
  if (protocol === 'https' || protocol === 'http') {
    if (url.username || url.password) return false
    return protocol === 'https' || isLoopbackHost(url.hostname)
  }
  return true
}

/** True for an absolute https URL without credentials (explorer and on-ramp links, SECURITY.md row 13). */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_LINK_LENGTH) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && !url.username && !url.password
  } catch {
    return false
  }
}

/**
 * True for a web address a page may load or show as a link: https, or plain http on loopback
 * only (the local stack), without a user name or password.
 */
export function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_LINK_LENGTH) return false
  try {
    const url = new URL(value)
    const web =
      url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
    return web && !url.username && !url.password
  } catch {
    return false
  }
}
