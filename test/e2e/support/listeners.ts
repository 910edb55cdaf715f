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

/**
 * Waits for `periods` idle periods in a row: the kit's idle warm-up makes one controller per idle
 * period (swap's adds its `visibilitychange` listener for the kit's life), each step queueing the
 * next, so once the page has been idle that often the warm-up has run to its end.
 */
export function settleIdle(page: Page, periods = 30): Promise<unknown> {
  return page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) await new Promise((done) => requestIdleCallback(done))
  }, periods)
}

/** Counts the event listeners on `window` and `document`, once the page's idle work is done. */
export async function listenerCounts(page: Page): Promise<ListenerCounts> {
  await settleIdle(page)
  const cdp = await page.context().newCDPSession(page)
  try {
    return await countListeners(cdp, PAGE_TARGETS)
  } finally {
    await cdp.detach()
  }
}
