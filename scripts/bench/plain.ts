// Loads without a protocol client (diagnostic, `--skip-plain` turns them off): the bench page in a
// Chromium that no DevTools client is attached to, reporting its own long tasks to the bench server.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import type { Stack } from '../../test/stack/index'
import { CHROME_ARGS, CHROMIUM, PAGE_PATH, sleep, VIEWPORT } from '../bench-common'
import { longestMs, totalMs } from './long-tasks'
import { TARGETS } from './settings'
import { stats } from './stats'

/** What bench.html?report=1 posts to REPORT_PATH. */
interface PlainReport {
  longTasks: [number, number][]
  readyAt: number | null
  initReturnedAt: number | null
  error: string | null
}
/** One load without a protocol client: its long tasks and ready time, or why it failed. */
export type PlainSample =
  | {
      ok: true
      readyMs: number
      longTaskLoadCount: number
      longTaskLoadSumMs: number
      longTaskLoadMaxMs: number
      longTasks: [number, number][]
    }
  | { ok: false; reason: string }

/**
 * Diagnostic, not comparable with the peer figures: the same page (analytics off) in a cold Chromium
 * started with the same flags but with no DevTools protocol client at all. A client must enable the
 * Runtime domain to evaluate anything (Playwright always does), and with it enabled V8 records a
 * detailed stack for every Error created, which makes it re-parse the functions on the stack for
 * their source positions. The page records its own long tasks and posts them to REPORT_PATH.
 */
export async function samplePlain(
  stack: Stack,
  nextReport: () => Promise<string>,
): Promise<PlainSample> {
  const userDataDir = mkdtempSync(join(os.tmpdir(), 'walletkit-bench-plain-'))
  const url = `${stack.urls.app}${PAGE_PATH}?report=1`
  const args = [
    ...CHROME_ARGS,
    `--user-data-dir=${userDataDir}`,
    `--window-size=${VIEWPORT.width},${VIEWPORT.height}`,
    url,
  ]
  // Its own process group, so that the whole browser (every child process) can be stopped.
  const browser = spawn(CHROMIUM, args, { stdio: 'ignore', detached: true })
  const exited = new Promise<void>((r) => browser.once('exit', () => r()))
  try {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no report from the page within 30 s')), 30_000).unref(),
    )
    const report = JSON.parse(await Promise.race([nextReport(), timeout])) as PlainReport
    if (report.error || report.readyAt === null)
      throw new Error(`init failed: ${report.error ?? 'no walletkit:ready'}`)
    // As for the other loads: only tasks that started before the page was settled.
    const lt = report.longTasks
    return {
      ok: true,
      readyMs: report.readyAt,
      longTaskLoadCount: lt.length,
      longTaskLoadSumMs: totalMs(lt),
      longTaskLoadMaxMs: longestMs(lt),
      longTasks: lt,
    }
  } catch (error) {
    return { ok: false, reason: String((error as Error).message ?? error) }
  } finally {
    const stop = (signal: NodeJS.Signals) => {
      try {
        if (browser.pid !== undefined) process.kill(-browser.pid, signal)
      } catch {
        // Already gone.
      }
    }
    stop('SIGTERM')
    await Promise.race([exited, sleep(5000)])
    stop('SIGKILL')
    await sleep(200)
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
    } catch {
      console.warn(`could not remove ${userDataDir}`)
    }
  }
}

/** Median, min and max of the loads without a protocol client, and how many had no long task. */
export function summarisePlain(samples: PlainSample[]) {
  const ok = samples.filter((s) => s.ok)
  const pick = (f: (s: (typeof ok)[number]) => number) => stats(ok.map(f))
  return {
    samplesOk: ok.length,
    samplesTotal: samples.length,
    failures: samples.flatMap((s) => (s.ok ? [] : [s.reason])),
    readyMs: pick((s) => s.readyMs),
    longTaskLoadCount: pick((s) => s.longTaskLoadCount),
    longTaskLoadMaxMs: pick((s) => s.longTaskLoadMaxMs),
    longTaskLoadSumMs: pick((s) => s.longTaskLoadSumMs),
    samplesWithoutLoadLongTask: ok.filter((s) => s.longTaskLoadMaxMs <= TARGETS.longTaskLoadMaxMs)
      .length,
  }
}

/** What summarisePlain() gives. */
export type PlainSummary = ReturnType<typeof summarisePlain>
