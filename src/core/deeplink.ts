import type { WalletEntry } from './types/wallet.js'
import { isLoopbackHost, isSafeLink } from './utils/url.js'

/** Where a wallet's link leads: its mobile app, its desktop app or its web app. */
export type WalletLinkKind = 'mobile' | 'desktop' | 'webapp'

/** A wallet's link with the pairing URI in it, ready to open. */
export type WalletConnectLink = {
  kind: WalletLinkKind
  /** The link to open. */
  href: string
  /** A universal link (http/https) rather than a custom scheme. */
  universal: boolean
}

/** What {@link walletConnectLink} found for a wallet. */
export type WalletLinkResult =
  | { status: 'ok'; link: WalletConnectLink }
  /** The wallet has no link for this device: show the QR code. */
  | { status: 'none' }
  /** The catalogue's link is not one a wallet's app uses (SECURITY.md row 12): never followed. */
  | { status: 'blocked'; kind: WalletLinkKind }

type Links = Pick<WalletEntry, 'mobile_link' | 'desktop_link' | 'webapp_link' | 'link_mode'>

/**
 * The only shape of a custom scheme a wallet's link may have: `scheme://`, optionally followed by
 * plain path segments (`zerion://app/`). No bare `scheme` or `scheme:`, no `@`, `:`, `%`, `?` or
 * `#` after the scheme: nothing that could carry another URL or a credential.
 */
const SCHEME_LINK = /^([a-z][a-z0-9+.-]{0,31}):\/\/(?:[a-z0-9._~-]+(?:\/[a-z0-9._~-]+)*\/?)?$/i

/**
 * Schemes no wallet uses and operating systems or browsers act on (SECURITY.md row 12): the web
 * itself without a host, Windows and Apple handlers (`ms-*`, `microsoft-*`, `itms-*`), editors,
 * file shares, mail, calls and messages, and browsers' schemes that open a URL given inside them.
 * The code runners and local schemes are refused before, by `isSafeLink`.
 */
const REFUSED_SCHEME =
  /^(?:https?|wss?|ftps?|ms-.*|microsoft-.*|itms.*|vscode.*|smb|nfs|afp|mailto|tel|sms|mms|callto|facetime.*|webcal|shortcuts|x-apple-.*|x-safari-.*|googlechromes?|firefox|opera-https?|brave|x-web-search)$/i

/**
 * The base of a wallet's app link when it has one of the accepted shapes: an https universal link
 * with a host and no query, fragment or credentials (http only on this machine's loopback, as the
 * local stack serves its wallets), or a custom scheme in the `scheme://` form whose name is not
 * refused.
 *
 * @param appLink - A link from the catalogue or a site's `customWallets` (untrusted).
 * @returns Whether it is universal, or undefined when the link is refused.
 */
export function appLinkShape(appLink: string): { universal: boolean } | undefined {
  if (/^https?:\/\/[^/\\?#]/i.test(appLink)) {
    let url: URL
    try {
      url = new URL(appLink)
    } catch {
      return undefined
    }
    if (url.username || url.password || url.search || url.hash || appLink.includes('\\'))
      return undefined
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return undefined
    return { universal: true }
  }
  const scheme = SCHEME_LINK.exec(appLink)?.[1]
  if (!scheme || REFUSED_SCHEME.test(scheme)) return undefined
  return { universal: false }
}

/**
 * Builds the link that opens a wallet with a `wc:` URI, in the form its link has: a universal
 * link becomes `https://host/path/wc?uri=<encoded>`, a custom scheme `scheme://wc?uri=<encoded>`.
 *
 * @param appLink - The wallet's link from the catalogue (untrusted).
 * @param uri - The pairing URI.
 * @returns The link, or undefined when `appLink` does not have an accepted shape.
 */
export function formatWalletLink(appLink: string, uri: string): string | undefined {
  const shape = appLinkShape(appLink)
  if (!shape) return undefined
  const encoded = encodeURIComponent(uri)
  let href: string
  if (shape.universal) {
    const base = appLink.replace(/\/+$/, '')
    // Some catalogue entries already name the `/wc` endpoint.
    href = /\/wc$/i.test(base) ? `${base}?uri=${encoded}` : `${base}/wc?uri=${encoded}`
  } else href = `${appLink.endsWith('/') ? appLink : `${appLink}/`}wc?uri=${encoded}`
  return isSafeLink(href) ? href : undefined
}

/**
 * The link to open a catalogue wallet with, on this device: on a phone its app, by its universal
 * link (`link_mode`) before its own `mobile_link` (a universal link falls back to the wallet's web
 * page where a custom scheme would end in an error, and in-app browsers often block schemes), then
 * its web app; on a desktop its desktop app, then its web app. A link of a refused shape is
 * reported, never followed; a wallet with no link falls back to the QR code.
 *
 * @param wallet - The catalogue entry (untrusted).
 * @param uri - The pairing URI.
 * @param mobile - True on a phone or tablet.
 */
export function walletConnectLink(wallet: Links, uri: string, mobile: boolean): WalletLinkResult {
  const order: [WalletLinkKind, string | null | undefined][] = mobile
    ? [
        ['mobile', wallet.link_mode],
        ['mobile', wallet.mobile_link],
        ['webapp', wallet.webapp_link],
      ]
    : [
        ['desktop', wallet.desktop_link],
        ['webapp', wallet.webapp_link],
      ]
  const found = order.find(([, link]) => typeof link === 'string' && link.trim() !== '')
  if (!found) return { status: 'none' }
  const [kind, appLink] = found as [WalletLinkKind, string]
  const href = formatWalletLink(appLink.trim(), uri)
  if (!href) return { status: 'blocked', kind }
  return { status: 'ok', link: { kind, href, universal: /^https?:/i.test(href) } }
}

/** How a link is opened: the page's `window.open` (given by `embed/`). */
export type OpenWindow = (url: string, target: string, features: string) => unknown

/**
 * Opens a wallet link: apps (custom schemes and universal links) in this tab, so the operating
 * system hands them to the app; a web app in a new tab. The link is checked once more right
 * before it is followed. Call it from the visitor's tap (its click handler): iOS and in-app
 * browsers hand a link to an app only inside the gesture.
 *
 * @returns False when the link was not followed because it is unsafe.
 */
export function openWalletLink(link: WalletConnectLink, open: OpenWindow): boolean {
  if (!isSafeLink(link.href)) return false
  open(link.href, link.kind === 'webapp' ? '_blank' : '_self', 'noreferrer noopener')
  return true
}
