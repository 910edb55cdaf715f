import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Browser, chromium } from 'playwright-core'
import { type Listening, listen } from '../http-util.js'

/** Launches the system Chromium headless, as the project's browser tests do. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
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

/**
 * A page that behaves like a dapp's discovery code: it collects EIP-6963 announcements, records
 * provider events and exposes `__call(method, params)` → `{ result } | { error }` (the error's
 * own fields, as the page sees them).
 */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>wallet test page</title>
__HEAD__
<script>
  window.__providers = [];
  window.__events = [];
  window.addEventListener('eip6963:announceProvider', (e) => window.__providers.push(e.detail));
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  window.__provider = (name) => {
    const found = window.__providers.find((d) => d.info.name === (name || 'Devnet Wallet'));
    if (!found) throw new Error('no wallet announced as ' + (name || 'Devnet Wallet'));
    return found.provider;
  };
  window.__listen = (name) => {
    for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
      window.__provider(name).on(event, (payload) => window.__events.push([event, payload]));
    }
  };
  window.__call = async (method, params, name) => {
    try {
      return { result: await window.__provider(name).request({ method, params }) };
    } catch (e) {
      return { error: { code: e.code, message: e.message, data: e.data, isError: e instanceof Error } };
    }
  };
</script></head><body>wallet test page</body></html>`

/** Path of the test page (a file-like path keeps page stack traces readable for the test runner). */
export const TEST_PAGE_PATH = '/wallet-test.html'

/** Serves the test page at {@link TEST_PAGE_PATH} on 127.0.0.1; `head` is inserted first in <head>; `routes` answer first. */
export function serveTestPage(
  options: { head?: string; routes?: (req: IncomingMessage, res: ServerResponse) => boolean } = {},
): Promise<Listening> {
  const html = PAGE.replace('__HEAD__', () => options.head ?? '')
  return listen((req, res) => {
    if (options.routes?.(req, res)) return
    if (req.url === TEST_PAGE_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html)
      return
    }
    res.writeHead(404).end()
  })
}
