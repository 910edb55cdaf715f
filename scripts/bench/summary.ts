// A variant's samples summed up: each figure's median, min and max, how many samples met each target,
// and the notes printed under the tables (failures, aborted requests, the requests the kit made).
import type { RequestRecord } from './browser'
import type { Sample, SampleFailed, SampleOk } from './sample'
import { AFTER_OPEN_MS, SETTLE_CAP_MS, TARGETS, VARIANTS, type VariantId } from './settings'
import { stats } from './stats'

/** The figures of a variant's samples, and how many met each target. */
export function summarise(samples: Sample[]) {
  const ok = samples.filter((s): s is SampleOk => s.ok)
  const pick = (f: (s: SampleOk) => number | null) => stats(ok.map(f))
  const within = (f: (s: SampleOk) => boolean) => ok.filter(f).length
  const merge = (f: (s: Sample) => Record<string, number>) => {
    const m: Record<string, number> = {}
    for (const s of samples) for (const [k, n] of Object.entries(f(s))) m[k] = (m[k] ?? 0) + n
    return m
  }
  const distinct = (f: (s: SampleOk) => Omit<RequestRecord, 'phase'>[]) => {
    const m: Record<string, number> = {}
    for (const s of ok)
      for (const r of f(s)) {
        const key = `${r.method} ${r.service} ${new URL(r.url).pathname} (${r.resourceType})`
        m[key] = (m[key] ?? 0) + 1
      }
    return m
  }
  return {
    samplesOk: ok.length,
    samplesTotal: samples.length,
    failures: samples.filter((s): s is SampleFailed => !s.ok).map((s) => s.reason),
    readyMs: pick((s) => s.readyMs),
    initReturnedMs: pick((s) => s.initReturnedMs),
    loadEventMs: pick((s) => s.loadEventMs),
    busyUntilMs: pick((s) => s.busyUntilMs),
    longTaskLoadCount: pick((s) => s.longTaskLoadCount),
    longTaskLoadSumMs: pick((s) => s.longTaskLoadSumMs),
    longTaskLoadMaxMs: pick((s) => s.longTaskLoadMaxMs),
    longTaskOpenSumMs: pick((s) => s.longTaskOpenSumMs),
    longTaskOpenMaxMs: pick((s) => s.longTaskOpenMaxMs),
    scriptDurationMs: pick((s) => s.scriptDurationMs),
    openMs: pick((s) => s.openMs),
    openFrames: pick((s) => s.openFrames),
    openRafCallbacks: pick((s) => s.openRafCallbacks),
    openResolvedMs: pick((s) => s.openResolvedMs),
    heapUsedAfterOpenBytes: pick((s) => s.heapUsedAfterOpenBytes),
    heapUsedAfterOpenPreGcBytes: pick((s) => s.heapUsedAfterOpenPreGcBytes),
    walletConnectMs: pick((s) => s.walletConnectMs),
    walletConnectLongTaskMaxMs: pick((s) => s.walletConnectLongTaskMaxMs),
    heapUsedWithQrBytes: pick((s) => s.heapUsedWithQrBytes),
    requestsBeforeOpen: pick((s) => s.requestsBeforeOpen),
    requestsAfterOpen: pick((s) => s.requestsAfterOpen),
    requestsBeforeOpenSeen: distinct((s) => s.requests),
    requestsAfterOpenSeen: distinct((s) => s.requestsAfter),
    settleCappedSamples: within((s) => s.settleCapped),
    notVisibleAfterWait: ok.length - within((s) => s.stillVisibleAfterWait),
    samplesOpenWithinTarget: within((s) => openWithinTarget(s)),
    samplesOpenWithinFrameTime: within((s) => s.openFrames <= TARGETS.openFrames),
    samplesWithoutLoadLongTask: within((s) => s.longTaskLoadMaxMs <= TARGETS.longTaskLoadMaxMs),
    longTaskUnsupported: ok.find((s) => s.longTaskUnsupported)?.longTaskUnsupported ?? null,
    blocked: merge((s) => s.blocked),
    errorsFirstSample: samples[0]?.errors ?? [],
  }
}
/** What summarise() gives. */
export type Summary = ReturnType<typeof summarise>

/** Painted in the first animation frame after open() (one frame at rAF resolution). */
function openWithinTarget(s: { openRafCallbacks: number }): boolean {
  return s.openRafCallbacks <= TARGETS.openFrames
}

/** Prints, under the tables, each variant's notes: failures, aborted requests, requests seen. */
export function printNotes(variants: Partial<Record<VariantId, Summary>>): void {
  for (const [id, s] of Object.entries(variants)) {
    if (!s) continue
    const notes: string[] = []
    if (s.failures.length)
      notes.push(`${s.failures.length} failed sample(s): ${[...new Set(s.failures)].join('; ')}`)
    if (s.longTaskUnsupported) notes.push(`longtask observer unsupported: ${s.longTaskUnsupported}`)
    if (s.settleCappedSamples)
      notes.push(`${s.settleCappedSamples} load(s) never settled (capped at ${SETTLE_CAP_MS} ms)`)
    if (s.notVisibleAfterWait)
      notes.push(`${s.notVisibleAfterWait} dialog(s) closed again within ${AFTER_OPEN_MS} ms`)
    if (Object.keys(s.blocked).length)
      notes.push(
        `aborted: ${Object.entries(s.blocked)
          .map(([k, n]) => `${k} ×${n}`)
          .join(', ')}`,
      )
    if (s.errorsFirstSample.length)
      notes.push(`errors in the first sample: ${s.errorsFirstSample.join(' | ')}`)
    const seen = (m: Record<string, number>) =>
      Object.entries(m)
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ') || 'none'
    notes.push(`requests before open: ${seen(s.requestsBeforeOpenSeen)}`)
    notes.push(`requests after open: ${seen(s.requestsAfterOpenSeen)}`)
    console.log(`\n${VARIANTS[id as VariantId].label}:\n${notes.map((n) => `- ${n}`).join('\n')}`)
  }
}
