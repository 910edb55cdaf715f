import { isPairingReuseEnvironment } from '../core/pairing.js'
import { type InAppBrowser, inAppBrowser } from '../core/phone/browser.js'

/**
 * The browser's user agent, with "iPad" added when an iPad shows the desktop site (Safari's
 * default on iPadOS: a Mac's user agent, but touch points no Mac has).
 */
export function userAgent(): string {
  const ua = navigator.userAgent
  return /Macintosh/.test(ua) && navigator.maxTouchPoints > 1 ? `${ua} iPad` : ua
}

/** True on iOS Safari and in Telegram, where a WalletConnect pairing still valid is reused. */
export function reusesPairing(): boolean {
  const telegram = (globalThis as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp
  return isPairingReuseEnvironment(userAgent(), telegram)
}

/** True on a phone or tablet: a coarse pointer and a mobile user agent (an iPad's included). */
export function isMobileDevice(): boolean {
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
  return coarse && /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent())
}

/** The app whose in-app browser shows the page (its user agent, Telegram's bridge objects). */
export function currentInAppBrowser(): InAppBrowser | undefined {
  const w = globalThis as { TelegramWebviewProxy?: unknown; Telegram?: { WebApp?: unknown } }
  return inAppBrowser(navigator.userAgent, !!(w.TelegramWebviewProxy || w.Telegram?.WebApp))
}
