/**
 * `detect()` for browsers only, with detect-browser's names: WalletConnect's client puts the
 * operating system, browser name and version into the user-agent field it sends the relay.
 */

/** A browser as detect-browser describes it. */
export interface BrowserInfo {
  type: 'browser'
  name: string
  version: string
  os: string | null
}

/** Browser names and the user-agent pattern that captures their version; first match wins. */
const BROWSERS: [string, RegExp][] = [
  ['edge-ios', /EdgiOS\/([0-9._]+)/],
  ['samsung', /SamsungBrowser\/([0-9.]+)/],
  ['edge-chromium', /EdgA?\/([0-9.]+)/],
  ['yandexbrowser', /YaBrowser\/([0-9._]+)/],
  ['opera', /(?:OPR|Opera)\/([0-9.]+)/],
  ['fxios', /FxiOS\/([0-9.]+)/],
  ['firefox', /Firefox\/([0-9.]+)(?:\s|$)/],
  ['crios', /CriOS\/([0-9.]+)(?::?\s|$)/],
  ['chrome', /(?!Chrom.*OPR)Chrom(?:e|ium)\/([0-9.]+)(?::?\s|$)/],
  ['ios', /Version\/([0-9._]+).*Mobile.*Safari.*/],
  ['safari', /Version\/([0-9._]+).*Safari/],
  ['ios-webview', /AppleWebKit\/([0-9.]+).*Mobile/],
]

const SYSTEMS: [string, RegExp][] = [
  ['iOS', /iP(hone|od|ad)/],
  ['Android OS', /Android/],
  ['Windows 10', /Windows NT 10\.0/],
  ['Windows', /Windows/],
  ['Chrome OS', /CrOS/],
  ['Mac OS', /Macintosh|Mac OS X/],
  ['Linux', /Linux|X11/],
]

/** The browser, its version (at least `major.minor.patch`) and operating system, or `null`. */
export function detect(userAgent?: string): BrowserInfo | null {
  const ua = userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent)
  if (!ua) return null
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua)
    if (!match?.[1]) continue
    const parts = match[1].split(/[._]/).slice(0, 3)
    while (parts.length < 3) parts.push('0')
    const os = SYSTEMS.find(([, test]) => test.test(ua))?.[0] ?? null
    return { type: 'browser', name, version: parts.join('.'), os }
  }
  return null
}
