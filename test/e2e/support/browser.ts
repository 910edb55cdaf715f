import { type Browser, type BrowserContext, chromium } from 'playwright-core'

/** The Chromium the specs drive: `$CHROMIUM`, or the distribution's. */
export const CHROMIUM_PATH = process.env.CHROMIUM || '/usr/bin/chromium'

/** Starts one headless Chromium with nothing of its own reaching the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** True for URLs that stay on this machine's loopback address (or never leave the page). */
export function isLoopback(url: URL): boolean {
  if (['data:', 'blob:', 'about:'].includes(url.protocol)) return true
  return url.hostname === '127.0.0.1'
}

/**
 * Aborts every request and WebSocket to a host other than 127.0.0.1 and records its URL in
 * `blocked`, so no test can reach (or come to depend on) the internet.
 */
export async function guardNetwork(context: BrowserContext, blocked: string[]): Promise<void> {
  await context.route(
    (url) => !isLoopback(url),
    (route) => {
      blocked.push(route.request().url())
      return route.abort('blockedbyclient')
    },
  )
  await context.routeWebSocket(
    (url) => !isLoopback(url),
    (socket) => {
      blocked.push(socket.url())
      return socket.close()
    },
  )
}
