import type { BrowserContext, Route } from 'playwright-core'

/** The kit's time-out of one service call (`HTTP_TIMEOUT_MS`), in ms. */
export const SERVICE_TIMEOUT_MS = 10_000

/** What a failing service answers (G2 of the hostile-world figures). */
export const FAULTS = [
  '429',
  '500',
  '503',
  'an HTML page',
  'truncated JSON',
  'the wrong shape',
  'a reset',
  'a slow answer past the time-out',
  '403',
] as const

/** One of {@link FAULTS}. */
export type Fault = (typeof FAULTS)[number]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Answers `route` with `fault`. */
async function answer(route: Route, fault: Fault): Promise<void> {
  const json = (body: string, status = 200) =>
    route.fulfill({
      status,
      body,
      headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
    })
  switch (fault) {
    case '429':
    case '500':
    case '503':
    case '403':
      return json('{"message":"Injected failure"}', Number(fault))
    case 'an HTML page':
      return route.fulfill({
        status: 200,
        body: '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>',
        headers: { 'content-type': 'text/html', 'access-control-allow-origin': '*' },
      })
    case 'truncated JSON':
      return json('{"data":[{"id":"x","name":"Tru')
    case 'the wrong shape':
      return json('{"unexpected":["the","wrong","shape"],"data":"none","quotes":7}')
    case 'a reset':
      return route.abort('connectionreset')
    case 'a slow answer past the time-out':
      // Held past the kit's time-out; by then the kit has given up on it.
      await sleep(SERVICE_TIMEOUT_MS + 1500)
      return route.abort('timedout').catch(() => undefined)
  }
}

/** A fault armed on the requests whose URL `matches`; `disarm()` lets them through again. */
export type ArmedFault = {
  /** How many requests got the fault so far. */
  readonly hits: number
  disarm(): Promise<void>
}

/**
 * Answers every request of `context` whose URL `matches` with `fault` (the page's own requests:
 * preflights and beacons included) until disarmed. A request the page sends while the fault is
 * armed never reaches the stand-in.
 */
export async function armFault(
  context: BrowserContext,
  matches: (url: URL) => boolean,
  fault: Fault,
): Promise<ArmedFault> {
  let hits = 0
  const handler = async (route: Route) => {
    hits++
    await answer(route, fault).catch(() => undefined)
  }
  const predicate = (url: URL) => matches(url)
  await context.route(predicate, handler)
  return {
    get hits() {
      return hits
    },
    disarm: () => context.unroute(predicate, handler),
  }
}
