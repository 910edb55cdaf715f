import type { CheckoutWindow } from '../core/onramp/controller.js'

/** Size of the checkout window, in CSS pixels. */
const FEATURES = 'popup,width=480,height=720'

/**
 * Opens an empty window for the on-ramp checkout. It must run inside the visitor's click, or a
 * pop-up blocker stops it; the link comes later (`navigate`). The window's `opener` is cut before
 * it leaves this origin, so the checkout page cannot reach or redirect the site (SECURITY.md
 * row 29); the kit keeps its handle to see the window close. Having cut it loose, the kit may not
 * be allowed to close it once it shows the checkout's origin (Chromium ignores the call): the
 * checkout's own page ends there.
 * @returns null when the browser blocked the window.
 */
export function openCheckoutWindow(): CheckoutWindow | null {
  const popup = window.open('about:blank', '_blank', FEATURES)
  if (!popup) return null
  try {
    popup.opener = null
  } catch {}
  return {
    navigate(url) {
      popup.location.replace(url)
    },
    close() {
      popup.close()
    },
    get closed() {
      return popup.closed
    },
  }
}
