// What runs inside the bench page: the recorder installed before its scripts, open() timed to the
// frame the dialog shows, and WalletConnect timed to the frame its QR code is drawn. Strings, not
// functions, so that nothing the TypeScript loader adds reaches the page.
import { DIALOG_SELECTOR } from '../bench-common'
import { OPEN_TIMEOUT_MS, WALLETCONNECT_TIMEOUT_MS } from './settings'

/**
 * Runs in every document before its scripts: long tasks (buffered) and the time of walletkit:ready.
 * Same observer as the peer benchmark, so the long-task figures compare.
 */
export const INIT_SCRIPT = `(() => {
  if (window.top !== window) return
  try { performance.setResourceTimingBufferSize(100000) } catch (e) {}
  window.__lt = []
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lt.push([e.startTime, e.duration]) })
      .observe({ type: 'longtask', buffered: true })
  } catch (e) { window.__ltUnsupported = String(e) }
  window.__wkReadyAt = null
  window.addEventListener('walletkit:ready', () => {
    if (window.__wkReadyAt === null) window.__wkReadyAt = performance.now()
  })
})()`

/**
 * Opens the modal and resolves at the first animation frame at which the dialog, found through the
 * open shadow root, has a box and is displayed; checked once per frame only, so the result has rAF
 * resolution. A string (not a function) so that nothing the TypeScript loader adds reaches the page.
 */
export const OPEN_SCRIPT = `new Promise((done) => {
  const selector = ${JSON.stringify(DIALOG_SELECTOR)}
  const timeoutMs = ${OPEN_TIMEOUT_MS}
  const shown = () => {
    const host = document.querySelector('walletkit-modal')
    const dialog = host && host.shadowRoot && host.shadowRoot.querySelector(selector)
    if (!dialog) return false
    const box = dialog.getBoundingClientRect()
    if (box.width <= 0 || box.height <= 0) return false
    const style = getComputedStyle(dialog)
    return style.display !== 'none' && style.visibility !== 'hidden'
  }
  const t0 = performance.now()
  let result
  try {
    result = window.__benchKit.open()
  } catch (e) {
    done({ t0, error: String(e) })
    return
  }
  Promise.resolve(result).then(
    () => { window.__benchOpenResolvedAt = performance.now() },
    (e) => { window.__benchOpenError = String(e) },
  )
  let rafCallbacks = 0
  const tick = () => {
    rafCallbacks++
    const now = performance.now()
    if (shown()) done({ t0, t1: now, rafCallbacks })
    else if (now - t0 > timeoutMs) done({ t0, error: 'dialog not visible after ' + timeoutMs + ' ms' })
    else requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})`

/**
 * Picks WalletConnect in the open modal and resolves at the first animation frame at which the QR
 * code is drawn (the client set up, its socket to the relay stand-in open, the pairing URI made).
 */
export const WALLETCONNECT_SCRIPT = `new Promise((done) => {
  const timeoutMs = ${WALLETCONNECT_TIMEOUT_MS}
  const root = document.querySelector('walletkit-modal')?.shadowRoot
  const entry = root && root.querySelector('[data-testid="wk-wallet"][data-wallet-id="walletConnect"]')
  if (!entry) { done({ error: 'no WalletConnect entry' }); return }
  const drawn = () => {
    const qr = root.querySelector('[data-testid="wk-qr"] svg')
    if (!qr) return false
    const box = qr.getBoundingClientRect()
    return box.width > 0 && box.height > 0
  }
  const t0 = performance.now()
  entry.click()
  const tick = () => {
    const now = performance.now()
    if (drawn()) done({ t0, t1: now })
    else if (now - t0 > timeoutMs) done({ t0, error: 'no QR code after ' + timeoutMs + ' ms' })
    else requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})`

/** What the page exposes to the harness (bench.html and INIT_SCRIPT). */
export type BenchWindow = Window & {
  __lt: [number, number][]
  __ltUnsupported?: string
  __wkReadyAt: number | null
  __benchKit?: { open(): Promise<void> }
  __benchInitReturnedAt?: number
  __benchInitError?: string
  __benchOpenResolvedAt?: number
  __benchOpenError?: string
}
