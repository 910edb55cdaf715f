// The settings every part of `npm run bench` (scripts/bench.ts) shares: where the bundle is, the
// bench server's paths, how long a load may take to settle, the targets and the pages measured.
import { join, resolve } from 'node:path'
import { PROJECT_ROOT } from '../../test/stack/static-server'

/** The project's root folder. */
export const ROOT = resolve(PROJECT_ROOT)
/** The bundle measured unless `--bundle` names another. */
export const BUNDLE = join(ROOT, 'cdn-dist', 'walletkit.js')
/** The URL the bench page loads the bundle from; served from a snapshot taken at start. */
export const BUNDLE_URL_PATH = '/cdn-dist/walletkit.js'
/** A blank page of the same server, loaded (not measured) before each measured load. */
export const WARMUP_PATH = '/__bench/warmup'
/** Where bench.html?report=1 posts what it recorded itself (loads without a protocol client). */
export const REPORT_PATH = '/__bench/report'
/** Settled = no new request and no new long task for this long after ready … */
export const QUIET_MS = 1000
/** … or this long after ready, whichever comes first. */
export const SETTLE_CAP_MS = 15_000
/** How long open() may take to show the dialog before the sample fails. */
export const OPEN_TIMEOUT_MS = 20_000
/** How long picking WalletConnect may take to show its QR code before the sample fails. */
export const WALLETCONNECT_TIMEOUT_MS = 20_000
/** Wait after the dialog is visible before measuring the heap. */
export const AFTER_OPEN_MS = 1000
/** One frame at 60 Hz, as the figures are quoted. */
export const FRAME_MS = 16.7

/** What the figures are judged against (a missed target is reported, never an exit code). */
export const TARGETS = {
  /** gzip -9 of walletkit.js, every feature included: at most 256 KiB (the size rule). */
  gzipBytes: 256 * 1024,
  /** open() → dialog painted: in the first requestAnimationFrame after open(), within one frame. */
  openFrames: 1,
  /** No long task over 50 ms during load (a long task is by definition over 50 ms: none at all). */
  longTaskLoadMaxMs: 50,
}

/** A page measured: analytics off (the reference) or on. */
export type VariantId = 'off' | 'on'
/** Each variant's label in the output and the query it adds to the bench page's URL. */
export const VARIANTS: Record<VariantId, { label: string; query: string }> = {
  off: { label: 'analytics off', query: '' },
  on: { label: 'analytics on', query: '?analytics=on' },
}
