import type { WalletEntry } from './types/wallet.js'
import { isSafeLink } from './utils/url.js'

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
  /** The catalogue's link uses a scheme that runs code (SECURITY.md row 12): never followed. */
  | { status: 'blocked'; kind: WalletLinkKind }

type Links = Pick<WalletEntry, 'mobile_link' | 'desktop_link' | 'webapp_link'>

/**
 * Builds the link that opens a wallet with a `wc:` URI, as each kind of link needs it: a universal
 * link becomes `https://host/path/wc?uri=<encoded>`, a custom scheme `scheme://wc?uri=<encoded>`
 * (a bare `scheme` or `scheme:` gains its `://`).
 *
 * @param appLink - The wallet's link from the catalogue (untrusted).
 * @param uri - The pairing URI.
 * @returns The link, or undefined when `appLink` is unsafe or malformed.
 */
export function formatWalletLink(appLink: string, uri: string): string | undefined {
  if (!isSafeLink(appLink) && !/^[a-z][a-z0-9+.-]*:?$/i.test(appLink)) return undefined
  const encoded = encodeURIComponent(uri)
  let href: string
  if (/^https?:\/\//i.test(appLink)) {
    const base = appLink.replace(/\/+$/, '')
    // Some catalogue entries already name the `/wc` endpoint.
    href = /\/wc$/i.test(base) ? `${base}?uri=${encoded}` : `${base}/wc?uri=${encoded}`
  } else {
    let base = appLink.includes('://') ? appLink : `${appLink.replace(/[:/]/g, '')}://`
    if (!base.endsWith('/')) base = `${base}/`
    href = `${base}wc?uri=${encoded}`
  }
  return isSafeLink(href) ? href : undefined
}

/**
 * The link to open a catalogue wallet with, on this device: on a phone its mobile app (or its web
 * app), on a desktop its desktop app (or its web app). A link with a blocked scheme is reported,
 * never followed; a wallet with no link falls back to the QR code.
 *
 * @param wallet - The catalogue entry (untrusted).
 * @param uri - The pairing URI.
 * @param mobile - True on a phone or tablet.
 */
export function walletConnectLink(wallet: Links, uri: string, mobile: boolean): WalletLinkResult {
  const order: [WalletLinkKind, string | null][] = mobile
    ? [
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
 * before it is followed.
 *
 * @returns False when the link was not followed because it is unsafe.
 */
export function openWalletLink(link: WalletConnectLink, open: OpenWindow): boolean {
  if (!isSafeLink(link.href)) return false
  open(link.href, link.kind === 'webapp' ? '_blank' : '_self', 'noreferrer noopener')
  return true
}
