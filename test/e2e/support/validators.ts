import { expect } from 'vitest'
import type { RequestRecord } from '../../stack/http-util'
import type { Stack } from '../../stack/index'
import type { RecordedEvent } from './globals'
import type { ModalPage, ViewId } from './modal-page'
import { decodePng, diffPixels } from './png'
import { poll } from './poll'

// ── The modal ───────────────────────────────────────────────────────────────────────────

/** The modal shows `view` (and, when given, the title `title`). */
export async function expectView(modal: ModalPage, view: ViewId, title?: string): Promise<void> {
  await modal.view(view).waitFor()
  await poll(() => modal.viewTestId()).toBe(`wk-view-${view}`)
  if (title !== undefined) await poll(() => modal.titleText()).toBe(title)
}

/** The wallet buttons show exactly `names`, in this order. */
export async function expectWalletNames(modal: ModalPage, names: readonly string[]): Promise<void> {
  await poll(() => modal.walletNames()).toEqual(names)
}

/** Exactly `count` wallets are listed (All Wallets' set size, else the buttons on screen). */
export async function expectWalletCount(modal: ModalPage, count: number): Promise<void> {
  await poll(() => modal.listedCount()).toBe(count)
}

/** The dialog is shown as a modal (`showModal()`), in the top layer. */
export async function expectModalOpen(modal: ModalPage): Promise<void> {
  await modal.waitForOpen()
  const open = await modal.dialog.evaluate(
    (d) => (d as HTMLDialogElement).open && d.matches(':modal'),
  )
  expect(open, 'the <dialog> is open and modal').toBe(true)
}

/**
 * Tiles All Wallets renders at least, at the tests' 1280×800 window: three rows of four in view.
 * The grid keeps only the rows near the view, and how many that is follows the view's height as
 * the dialog opens, so a count read once is no minimum to wait for.
 */
export const TILES_IN_VIEW = 12

/**
 * Every wallet image on screen is an `<img>` shown from memory that has loaded: an SVG as a
 * `data:image/svg+xml` URL (never a `blob:` one, which a tab would open in the page's origin), a
 * raster image as a `blob:` URL of this page. At least `min` of them are there.
 */
export async function expectBlobImages(modal: ModalPage, min: number): Promise<void> {
  const images = modal.wallets.locator('img')
  await poll(() => images.count()).toBeGreaterThanOrEqual(min)
  await poll(() =>
    images.evaluateAll((list) => list.every((img) => (img as HTMLImageElement).complete)),
  ).toBe(true)
  const sources = await images.evaluateAll((list) =>
    list.map((img) => ({
      src: (img as HTMLImageElement).src,
      loaded: (img as HTMLImageElement).naturalWidth > 0,
    })),
  )
  for (const image of sources) {
    expect(image.src).toMatch(/^(blob:http:\/\/127\.0\.0\.1:\d+\/|data:image\/svg\+xml;base64,)/)
    expect(image.loaded, `${image.src.slice(0, 60)} decoded`).toBe(true)
  }
}

// ── Events ──────────────────────────────────────────────────────────────────────────────

/** The events' names, in order. */
export function eventTypes(events: readonly RecordedEvent[]): string[] {
  return events.map((e) => e.type)
}

/** Every recorded detail was a plain, structured-cloneable object. */
export function expectPlainDetails(events: readonly RecordedEvent[]): void {
  for (const event of events) {
    expect(event.plain, `walletkit:${event.type} detail is a plain object`).toBe(true)
    expect(event.cloneable, `walletkit:${event.type} detail is cloneable`).toBe(true)
  }
}

// ── The stand-ins ───────────────────────────────────────────────────────────────────────

/** The catalogue requests under `path`, oldest first. */
export function catalogRequests(stack: Stack, path: string): RequestRecord[] {
  return stack.catalog.requests.filter((r) => r.path === path || r.path.startsWith(`${path}/`))
}

/** Waits for a catalogue request under `path` whose query contains `query`; returns it. */
export async function expectCatalogRequest(
  stack: Stack,
  path: string,
  query: Record<string, string> = {},
): Promise<RequestRecord> {
  const matches = () =>
    catalogRequests(stack, path).filter((r) =>
      Object.entries(query).every(([key, value]) => r.query[key] === value),
    )
  await poll(() => matches().length, `${path} ${JSON.stringify(query)} requested`).toBeGreaterThan(
    0,
  )
  return matches()[0] as RequestRecord
}

/** Every request any stand-in logged, as `path?query` lines (for messages). */
export function standInRequests(stack: Stack): string[] {
  return [...stack.catalog.requests, ...stack.analytics.requests].map(
    (r) => `${r.method} ${r.path}?${new URLSearchParams(r.query)}`,
  )
}

// ── Images ──────────────────────────────────────────────────────────────────────────────

/**
 * Two screenshots show the same picture: same size, and at most `maxRatio` of the pixels differ
 * by more than a small per-channel threshold (anti-aliasing noise).
 */
export function expectSamePicture(
  actual: Buffer,
  expected: Buffer,
  { maxRatio = 0.002, label = 'screenshot' }: { maxRatio?: number; label?: string } = {},
): void {
  const diff = diffPixels(decodePng(actual), decodePng(expected))
  expect(diff.sameSize, `${label}: same size`).toBe(true)
  expect(diff.ratio, `${label}: ${diff.differing} pixels differ`).toBeLessThanOrEqual(maxRatio)
}

// ── Accessibility ───────────────────────────────────────────────────────────────────────

/** One axe-core violation, as much as a message needs. */
export type AxeViolation = {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown; failureSummary?: string | undefined }[]
}

/** No axe violation of `serious` or `critical` impact; prints them when there are. */
export function expectNoSeriousA11yViolations(violations: readonly AxeViolation[]): void {
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  if (serious.length) console.log('axe violations:', JSON.stringify(serious, null, 2))
  expect(
    serious.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} nodes)`),
    'serious or critical axe violations',
  ).toEqual([])
}
