import { readFileSync } from 'node:fs'
import { SourceMap, type SourceMapPayload } from 'node:module'
import { join } from 'node:path'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { PROJECT_ROOT } from '../../stack/static-server'

type Coverage = {
  result: {
    url: string
    functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[]
  }[]
}

/**
 * Records which functions of the page's scripts run (V8's precise coverage, call counts only),
 * from before the page loads.
 */
export async function recordCoverage(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
  return {
    /**
     * The source files (`src/…`, or `npm:<package>/…`) of the bundle with at least one function
     * that ran so far, a module's own evaluation (its init function) included.
     */
    async ranFiles(): Promise<Set<string>> {
      const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as unknown as Coverage
      return filesOf(result)
    },
    /**
     * The functions of the bundle that ran since the last call, by their start offset in it, with
     * their size in bytes and source file.
     */
    async ranFunctions(): Promise<Map<number, { file: string; bytes: number }>> {
      const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as unknown as Coverage
      return new Map(
        [...functionsOf(result)].map(({ start, end, file }) => [
          start,
          { file: file ?? '', bytes: end - start },
        ]),
      )
    },
  }
}

let bundle: { lineStarts: number[]; map: SourceMap } | undefined

/** The built bundle's line starts and source map, read once (the page loads the same file). */
function builtBundle() {
  if (bundle) return bundle
  const file = join(PROJECT_ROOT, 'cdn-dist', 'walletkit.js')
  const text = readFileSync(file, 'utf8')
  const lineStarts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload)
  bundle = { lineStarts, map }
  return bundle
}

/**
 * The source file of the code at `[start, end)` of the bundle: that of the first mapped segment
 * inside it. (The segment before `start` may be the previous module's, when the bundler's own
 * code, such as a module's init function, starts there.)
 */
function sourceAt(start: number, end: number): string | undefined {
  const { lineStarts, map } = builtBundle()
  let line = 0
  for (let hi = lineStarts.length - 1; line < hi; ) {
    const mid = (line + hi + 1) >> 1
    if ((lineStarts[mid] as number) <= start) line = mid
    else hi = mid - 1
  }
  const lineStart = lineStarts[line] as number
  const lineEnd = (lineStarts[line + 1] ?? Number.POSITIVE_INFINITY) - 1
  for (let column = start - lineStart; lineStart + column < Math.min(end, lineEnd); column += 1) {
    const entry = map.findEntry(line, column)
    if (!('originalSource' in entry)) continue
    if (entry.generatedLine === line && entry.generatedColumn >= start - lineStart)
      return entry.originalSource.replace(/^(\.\.\/)+/, '')
  }
  return undefined
}

/** The bundle's functions that ran, with their source file (the bundle's outer function left out). */
function* functionsOf(result: Coverage['result']) {
  for (const script of result) {
    if (!script.url.endsWith('/cdn-dist/walletkit.js')) continue
    for (const fn of script.functions) {
      const range = fn.ranges[0]
      // The script itself and the bundle's outer function ran, of course.
      if (!range?.count || range.startOffset <= 1) continue
      const { startOffset: start, endOffset: end } = range
      yield { start, end, file: sourceAt(start, end) }
    }
  }
}

function filesOf(result: Coverage['result']): Set<string> {
  const files = new Set<string>()
  for (const { file } of functionsOf(result)) {
    if (!file) continue
    const at = file.lastIndexOf('node_modules/')
    files.add(at < 0 ? file : `npm:${file.slice(at + 'node_modules/'.length)}`)
  }
  return files
}
