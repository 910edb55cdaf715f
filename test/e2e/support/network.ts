import type { Page, Request } from 'playwright-core'

/** What a page requested, as seen from the browser. */
export type RequestLog = {
  /** Every request URL, oldest first. */
  readonly urls: string[]
  /**
   * Resolves once no request has been in flight for `quietMs`: the only way to let "nothing
   * more is coming" be observed. It waits for a debounce to elapse, not for a guessed duration.
   */
  quiet(quietMs?: number): Promise<void>
}

/** Starts logging the page's requests (attach before the navigation you want to see). */
export function trackRequests(page: Page): RequestLog {
  const urls: string[] = []
  const inFlight = new Set<Request>()
  let lastChange = Date.now()
  const settle = (request: Request) => {
    inFlight.delete(request)
    lastChange = Date.now()
  }
  page.on('request', (request) => {
    urls.push(request.url())
    inFlight.add(request)
    lastChange = Date.now()
  })
  // A response counts as settled: Chromium never reports the end of a body nobody reads (the
  // analytics POST), and only new requests matter here.
  page.on('response', (response) => settle(response.request()))
  page.on('requestfinished', settle)
  page.on('requestfailed', settle)
  return {
    urls,
    async quiet(quietMs = 500) {
      const giveUp = Date.now() + 15_000
      for (;;) {
        const idleFor = Date.now() - lastChange
        if (inFlight.size === 0 && idleFor >= quietMs) return
        if (Date.now() > giveUp)
          throw new Error(
            `network never went quiet: ${[...inFlight].map((r) => r.url()).join(', ')}`,
          )
        await new Promise((resolve) => setTimeout(resolve, Math.max(20, quietMs - idleFor)))
      }
    },
  }
}
