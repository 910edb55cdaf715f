import type { CDPSession, Page } from 'playwright-core'

/** Event listeners counted per target and event type, e.g. `window:click`. */
export type ListenerCounts = Record<string, number>

/**
 * Counts the event listeners on each target (a name and the page expression that yields it)
 * through the Chrome DevTools Protocol, which sees every listener whoever added it. A target the
 * expression does not yield (an element not in the page) counts nothing.
 */
export async function countListeners(
  cdp: CDPSession,
  targets: readonly (readonly [name: string, expression: string])[],
): Promise<ListenerCounts> {
  const counts: ListenerCounts = {}
  for (const [name, expression] of targets) {
    const { result } = await cdp.send('Runtime.evaluate', { expression })
    if (!result.objectId) continue
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId,
    })
    for (const listener of listeners) {
      const key = `${name}:${listener.type}`
      counts[key] = (counts[key] ?? 0) + 1
    }
  }
  return counts
}

/** The page's own targets: `window` and `document`. */
export const PAGE_TARGETS = [
  ['window', 'window'],
  ['document', 'document'],
] as const

/** Counts the event listeners on `window` and `document`. */
export async function listenerCounts(page: Page): Promise<ListenerCounts> {
  const cdp = await page.context().newCDPSession(page)
  try {
    return await countListeners(cdp, PAGE_TARGETS)
  } finally {
    await cdp.detach()
  }
}
