import type { Page } from 'playwright-core'

/** Event listeners on `window` and `document`, counted per event type, e.g. `window:click`. */
export type ListenerCounts = Record<string, number>

/**
 * Counts the event listeners on `window` and `document` through the Chrome DevTools Protocol,
 * which sees every listener whoever added it.
 */
export async function listenerCounts(page: Page): Promise<ListenerCounts> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const counts: ListenerCounts = {}
    for (const target of ['window', 'document']) {
      const { result } = await cdp.send('Runtime.evaluate', { expression: target })
      if (!result.objectId) throw new Error(`no remote object for ${target}`)
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
        objectId: result.objectId,
      })
      for (const listener of listeners) {
        const key = `${target}:${listener.type}`
        counts[key] = (counts[key] ?? 0) + 1
      }
    }
    return counts
  } finally {
    await cdp.detach()
  }
}
