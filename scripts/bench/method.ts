// How and on what the figures were measured, as the results JSON records it: the machine, the
// browser and the method, so that figures from two runs can be told apart before they are compared.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { CHROME_ARGS, CHROMIUM, PAGE_PATH, VIEWPORT } from '../bench-common'
import { AFTER_OPEN_MS, QUIET_MS, ROOT, SETTLE_CAP_MS } from './settings'

/** The version line of the Chromium the bench runs, or null when it does not start. */
export function chromiumVersion(): string | null {
  const result = spawnSync(CHROMIUM, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  return result.status === 0 ? result.stdout.trim() : null
}

/**
 * The machine at the end of the run: CPUs, memory, versions, and the load average then and at start.
 *
 * @param loadAtStart - `os.loadavg()` when the run started, rounded as this rounds the one at the end.
 * @param userAgent - The browser's user agent, from a sample that measured (null when none did).
 */
export function describeMachine(loadAtStart: number[], userAgent: string | null) {
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? null,
    memGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium: chromiumVersion(),
    userAgent,
    playwrightCore: (
      JSON.parse(
        readFileSync(join(ROOT, 'node_modules', 'playwright-core', 'package.json'), 'utf8'),
      ) as { version: string }
    ).version,
    loadavgAtStart: loadAtStart,
    loadavgAtEnd: os.loadavg().map((x) => +x.toFixed(2)),
  }
}

/** How each figure is measured, in words (the results JSON's `method`). */
export const METHOD = {
  chromiumArgs: CHROME_ARGS,
  viewport: VIEWPORT,
  page: `${PAGE_PATH} from the local stack's app server: a plain <script src="/cdn-dist/walletkit.js">, then WalletKit.init({ projectId, apiUrl, analyticsUrl, networks: ['eip155:31337'], features: { analytics } }) inline`,
  cold: 'each sample is a fresh Chromium with a fresh user-data-dir; a warm-up navigation to a blank page of the same server precedes the measured one',
  network:
    'every request to a host other than 127.0.0.1 is aborted by a context route; WebSockets to other hosts are closed',
  readyMs:
    'performance.now() at the walletkit:ready event on window (0 = navigation start), recorded by an init script',
  longTasks: `PerformanceObserver longtask (buffered); load = tasks that ended before open() was called (open = tasks overlapping open() → visible), which is once the page has been quiet (no request, no new long task) for ${QUIET_MS} ms, at most ${SETTLE_CAP_MS} ms after ready`,
  openMs:
    'from just before kit.open() to the first requestAnimationFrame callback at which the dialog (through the open shadow root of <walletkit-modal>) has a non-zero box and is not display:none / visibility:hidden; frames = ms / 16.7',
  heap: `CDP HeapProfiler.collectGarbage then Runtime.getHeapUsage usedSize, ${AFTER_OPEN_MS} ms after the dialog became visible`,
  requests:
    'requests the page made other than the page itself and walletkit.js: before open = after navigation until open() is called; after open = from open() to the heap measurement',
  sizes: 'gzip level 9 and brotli quality 11 of cdn-dist/walletkit.js, with Node zlib',
  plain: `diagnostic only: ${PAGE_PATH}?report=1 (analytics off) in a cold Chromium with the same flags and no DevTools protocol client; the page records long tasks and walletkit:ready itself and posts them 1500 ms after the load event`,
}
