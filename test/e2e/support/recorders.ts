import type { BrowserContext } from 'playwright-core'
import './globals'

/** Every event name of DESIGN §2, without the `walletkit:` prefix. */
export const EVENT_NAMES = [
  'ready',
  'open',
  'close',
  'connected',
  'disconnected',
  'accountChanged',
  'chainChanged',
  'signedIn',
  'signedOut',
  'transaction',
  'error',
] as const

/**
 * Records every `walletkit:*` event on `window` from the first line of every document, before
 * the bundle runs, into `window.__wkEvents`.
 */
export async function recordEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript((names: readonly string[]) => {
    const log: NonNullable<Window['__wkEvents']> = []
    Object.defineProperty(window, '__wkEvents', { value: log })
    for (const name of names) {
      window.addEventListener(`walletkit:${name}`, (event) => {
        const detail = (event as CustomEvent).detail as unknown
        let cloneable = true
        try {
          structuredClone(detail)
        } catch {
          cloneable = false
        }
        log.push({
          type: name,
          detail: detail === undefined ? undefined : JSON.parse(JSON.stringify(detail)),
          plain:
            typeof detail === 'object' &&
            detail !== null &&
            Object.getPrototypeOf(detail) === Object.prototype,
          cloneable,
        })
      })
    }
  }, EVENT_NAMES)
}

/**
 * Records every `securitypolicyviolation` in every document into `window.__wkViolations`,
 * from before the first script of the page runs.
 */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: NonNullable<Window['__wkViolations']> = []
    Object.defineProperty(window, '__wkViolations', { value: log })
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        log.push({
          directive: event.violatedDirective,
          blockedURI: event.blockedURI,
          sample: event.sample,
          sourceFile: event.sourceFile,
        })
      },
      true,
    )
  })
}

/** How {@link breakStorage} breaks `localStorage`. */
export type StorageFault = 'SecurityError' | 'QuotaExceededError' | 'inaccessible'

/**
 * Breaks web storage before the page runs: `Storage.prototype` methods throw a DOMException of
 * the given name, or (`inaccessible`) reading `window.localStorage` itself throws SecurityError,
 * as in a browser that blocks site data.
 */
export async function breakStorage(context: BrowserContext, fault: StorageFault): Promise<void> {
  await context.addInitScript((kind: string) => {
    if (kind === 'inaccessible') {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError')
        },
      })
      return
    }
    const fail = () => {
      throw new DOMException(`Storage refused: ${kind}`, kind)
    }
    for (const method of ['getItem', 'setItem', 'removeItem', 'clear', 'key'] as const)
      Object.defineProperty(Storage.prototype, method, { configurable: true, value: fail })
  }, fault)
}

/** Writes `localStorage` entries before the page's first script runs (same origin only). */
export async function seedStorage(
  context: BrowserContext,
  entries: Record<string, string>,
): Promise<void> {
  await context.addInitScript((values: Record<string, string>) => {
    // about:blank and other opaque origins have no storage of their own.
    if (location.protocol !== 'http:') return
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
  }, entries)
}
