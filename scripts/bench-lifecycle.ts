// SECURITY.md row 27 as a benchmark (not a test: nothing here fails on a figure): 1 000 open/close
// cycles and 100 init/destroy cycles in Chromium, with the JS heap after garbage collection and
// the listeners on window and document, before and after, through the DevTools protocol.
//
//   npx tsx scripts/bench-lifecycle.ts [--open-close N] [--init-destroy N] [--bundle FILE]
//
// `npm run bench` runs it after its own figures (`--skip-lifecycle` leaves it out). Every view,
// connected and not, with an exit code on a regression: `npm run bench:lifecycle` (bench-churn.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type CDPSession, chromium, type Page } from 'playwright-core'
import { countListeners, PAGE_TARGETS } from '../test/e2e/support/listeners'
import { type Stack, startStack } from '../test/stack/index'

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium'
const PAGE_PATH = '/test/e2e/pages/bench.html'
/** Growth allowed by SECURITY.md row 27, shown beside the figures. */
const TARGET_GROWTH_BYTES = 1024 * 1024

/** What one lifecycle run measured. */
export type LifecycleResult = {
  openClose: { cycles: number; heapBefore: number; heapAfter: number; listeners: Counts }
  initDestroy: { cycles: number; heapBefore: number; heapAfter: number; listeners: Counts }
  durationS: number
}

type Counts = { before: number; after: number; byType: Record<string, [number, number]> }

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  // Twice: the first pass may only queue finalisers that free more on the second.
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize
}

/** Listeners on window and document, by type. */
const listeners = (cdp: CDPSession) => countListeners(cdp, PAGE_TARGETS)

function compare(before: Record<string, number>, after: Record<string, number>): Counts {
  const sum = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0)
  const byType: Record<string, [number, number]> = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if ((before[key] ?? 0) !== (after[key] ?? 0)) byType[key] = [before[key] ?? 0, after[key] ?? 0]
  return { before: sum(before), after: sum(after), byType }
}

// In-page code is kept as text: tsx would otherwise add helpers the page does not have.
const FRAME = 'const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));'
const DIALOG = `const dialog = () => document.querySelector('walletkit-modal')?.shadowRoot?.querySelector('[data-testid="wk-dialog"]');`

/** Runs `cycles` opens and closes in the page, each waiting for the dialog and for its removal. */
function openClose(page: Page, cycles: number): Promise<unknown> {
  return page.evaluate(`(async () => {
    ${FRAME} ${DIALOG}
    const kit = window.__benchKit
    for (let i = 0; i < ${cycles}; i++) {
      await kit.open()
      while (!dialog()?.open) await frame()
      kit.close()
      while (dialog()?.open) await frame()
    }
  })()`)
}

/** Runs `cycles` inits and destroys, each waiting for walletkit:ready and opening once. */
function initDestroy(
  page: Page,
  cycles: number,
  options: Record<string, unknown>,
): Promise<unknown> {
  return page.evaluate(`(async () => {
    window.__benchKit?.destroy()
    window.__benchKit = undefined
    for (let i = 0; i < ${cycles}; i++) {
      const ready = new Promise((r) => addEventListener('walletkit:ready', r, { once: true }))
      const kit = WalletKit.init(${JSON.stringify(options)})
      await ready
      await kit.open()
      kit.destroy()
    }
  })()`)
}

/**
 * Measures row 27 on the stack's bench page: one Chromium, one page, analytics off.
 *
 * @param stack - A running stack (its app server serves the bench page and the bundle).
 */
export async function runLifecycleBench(
  stack: Stack,
  {
    openCloseCycles = 1000,
    initDestroyCycles = 100,
    bundle,
  }: { openCloseCycles?: number; initDestroyCycles?: number; bundle?: string } = {},
): Promise<LifecycleResult> {
  const started = Date.now()
  // Another build may be measured in place of cdn-dist/walletkit.js (before/after comparisons).
  const unmount = bundle
    ? stack.static.mount('/cdn-dist/walletkit.js', (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
        res.end(readFileSync(bundle))
      })
    : undefined
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort('blockedbyclient'),
    )
    const page = await context.newPage()
    await page.goto(new URL(PAGE_PATH, stack.urls.app).href)
    await page.waitForFunction("document.querySelector('walletkit-modal') !== null")
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.enable')

    // Warm-up: the first opens load the views and the wallet list.
    await openClose(page, 10)
    const ocListenersBefore = await listeners(cdp)
    const ocHeapBefore = await heapAfterGc(cdp)
    await openClose(page, openCloseCycles)
    const ocHeapAfter = await heapAfterGc(cdp)
    const ocListenersAfter = await listeners(cdp)

    const options = {
      projectId: stack.projectId,
      apiUrl: stack.urls.api,
      analyticsUrl: stack.urls.analytics,
      relayUrl: stack.urls.relay,
      networks: ['eip155:31337'],
      features: { analytics: false },
    }
    await initDestroy(page, 5, options)
    const idListenersBefore = await listeners(cdp)
    const idHeapBefore = await heapAfterGc(cdp)
    await initDestroy(page, initDestroyCycles, options)
    const idHeapAfter = await heapAfterGc(cdp)
    const idListenersAfter = await listeners(cdp)
    return {
      openClose: {
        cycles: openCloseCycles,
        heapBefore: ocHeapBefore,
        heapAfter: ocHeapAfter,
        listeners: compare(ocListenersBefore, ocListenersAfter),
      },
      initDestroy: {
        cycles: initDestroyCycles,
        heapBefore: idHeapBefore,
        heapAfter: idHeapAfter,
        listeners: compare(idListenersBefore, idListenersAfter),
      },
      durationS: Math.round((Date.now() - started) / 1000),
    }
  } finally {
    await browser.close()
    unmount?.()
  }
}

/** The result as a Markdown table, with the row's target beside it. */
export function renderLifecycle(r: LifecycleResult): string {
  const kb = (b: number) => `${(b / 1024).toFixed(0)} KiB`
  const row = (label: string, x: LifecycleResult['openClose']) => {
    const growth = x.heapAfter - x.heapBefore
    const listenersOk = x.listeners.after <= x.listeners.before
    const changed = Object.entries(x.listeners.byType)
      .map(([k, [a, b]]) => `${k} ${a}→${b}`)
      .join(', ')
    return `| ${label} | ${kb(x.heapBefore)} → ${kb(x.heapAfter)} | ${growth >= 0 ? '+' : ''}${kb(growth)} | ${growth < TARGET_GROWTH_BYTES ? 'PASS' : 'FAIL'} | ${x.listeners.before} → ${x.listeners.after}${changed ? ` (${changed})` : ''} | ${listenersOk ? 'PASS' : 'FAIL'} |`
  }
  return [
    '| cycles | JS heap after GC | growth | < 1 MB | listeners on window + document | back to baseline |',
    '|---|--:|--:|---|---|---|',
    row(`${r.openClose.cycles} open/close`, r.openClose),
    row(`${r.initDestroy.cycles} init/destroy`, r.initDestroy),
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name)
    return i > 0 ? Number(process.argv[i + 1]) : fallback
  }
  const stack = await startStack()
  try {
    const result = await runLifecycleBench(stack, {
      openCloseCycles: arg('--open-close', 1000),
      initDestroyCycles: arg('--init-destroy', 100),
      ...(process.argv.includes('--bundle')
        ? { bundle: resolve(process.argv[process.argv.indexOf('--bundle') + 1] as string) }
        : {}),
    })
    console.log(renderLifecycle(result))
    const out = join(resolve(fileURLToPath(new URL('..', import.meta.url))), 'test-results')
    mkdirSync(out, { recursive: true })
    writeFileSync(join(out, 'bench-lifecycle.json'), `${JSON.stringify(result, null, 2)}\n`)
    console.log(`(${result.durationS} s; test-results/bench-lifecycle.json)`)
  } finally {
    await stack.stop()
  }
}
