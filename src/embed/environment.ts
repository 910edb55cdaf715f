import { isPairingReuseEnvironment } from '../core/pairing.js'
import { type InAppBrowser, inAppBrowser } from '../core/phone/browser.js'

/** True on iOS Safari and in Telegram, where a WalletConnect pairing still valid is reused. */
export function reusesPairing(): boolean {
  const telegram = (globalThis as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp
  return isPairingReuseEnvironment(navigator.userAgent, telegram)
}

/** True on a phone or tablet: a coarse pointer and a mobile user agent. */
export function isMobileDevice(): boolean {
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
  return coarse && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
}

/** The app whose in-app browser shows the page (its user agent, Telegram's bridge objects). */
export function currentInAppBrowser(): InAppBrowser | undefined {
  const w = globalThis as { TelegramWebviewProxy?: unknown; Telegram?: { WebApp?: unknown } }
  return inAppBrowser(navigator.userAgent, !!(w.TelegramWebviewProxy || w.Telegram?.WebApp))
}
