import { expect } from 'vitest'

/** How long a polled expectation waits for the page to get there (vitest's default is 1 s). */
export const POLL_TIMEOUT_MS = 15_000

/**
 * `expect.poll` with a time-out that suits a browser on a busy 2-core machine: the page gets
 * there when it gets there; a wrong value still fails, only later. `timeout` shortens the wait
 * where the page has already rendered what the expectation depends on.
 */
export function poll<T>(fn: () => T | Promise<T>, message?: string, timeout = POLL_TIMEOUT_MS) {
  return expect.poll(fn, { timeout, interval: 50, ...(message && { message }) })
}

/** How long a count must stay the same for {@link untilQuiet} to call it quiet. */
export const QUIET_MS = 500

/**
 * Resolves once `count()` (requests a stand-in has received, say) has not changed for
 * {@link QUIET_MS}: a page of an earlier test may still have a request on its way, and only what
 * arrives after that counts.
 */
export async function untilQuiet(count: () => number): Promise<void> {
  for (let seen = -1; seen !== count(); ) {
    seen = count()
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
  }
}
