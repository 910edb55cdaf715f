import MagicString from 'magic-string'
import type { Plugin } from 'vite'

/**
 * The module-level errors of one package file that only serve as sentinels (thrown and caught
 * inside the package, compared by identity), created at build time without `new Error`.
 */
export type Sentinels = {
  /** The file's path below `node_modules/`. */
  file: string
  /** The exact call that makes each one, as the published file spells it. */
  calls: string[]
}

/**
 * React DOM's five: Suspense's, the Suspensey commit's, an action's, hydration's mismatch and
 * selective hydration's. React throws each and recognises it by identity (`=== SuspenseException`).
 */
export const REACT_DOM_SENTINELS: Sentinels = {
  file: 'react-dom/cjs/react-dom-client.production.js',
  calls: [460, 474, 542, 519, 461].map((code) => `Error(formatProdErrorMessage(${code}))`),
}

const HELPER = '__walletkitSentinel'

/**
 * An object of `Error.prototype` with its own `message`, as `Error(message)` makes it, but made
 * without the constructor, so no stack is captured.
 */
export const SENTINEL_HELPER = `function ${HELPER}(m){return Object.create(Error.prototype,{message:{value:m,writable:!0,configurable:!0}})}\n`

/**
 * `code` with each of `calls` (each exactly once) replaced by the helper's call.
 *
 * @throws When a call is missing or appears more than once (the package changed: review it).
 */
export function rewriteSentinels(code: string, { file, calls }: Sentinels) {
  const s = new MagicString(code)
  for (const call of calls) {
    const at = code.indexOf(call)
    if (at < 0 || code.indexOf(call, at + 1) >= 0)
      throw new Error(`${file}: expected ${call} exactly once (check scripts/error-sentinels.ts)`)
    s.overwrite(at, at + 'Error'.length, HELPER)
  }
  s.prepend(SENTINEL_HELPER)
  return { code: s.toString(), map: s.generateMap({ hires: true, source: file }) }
}

/**
 * React DOM makes its sentinel errors while its module evaluates. Each `Error` made while a
 * DevTools protocol client has the page's Runtime domain on (an open DevTools window, Playwright)
 * gets a stack trace with source positions, which V8 then computes for every function on the stack
 * by parsing it again: React DOM's whole module body, 35–48 ms at 4× (docs/benchmarks.md). Made
 * without the constructor, they cost nothing under an inspector either. The build fails when the
 * file was not loaded or a call was not found.
 */
export function errorSentinels(list: Sentinels[] = [REACT_DOM_SENTINELS]): Plugin {
  const applied = new Set<string>()
  return {
    name: 'walletkit:error-sentinels',
    enforce: 'pre',
    buildStart() {
      applied.clear()
    },
    transform(code, id) {
      const path = id.replaceAll('\\', '/')
      const entry = list.find((e) => path.endsWith(`/node_modules/${e.file}`))
      if (!entry) return null
      try {
        const result = rewriteSentinels(code, entry)
        applied.add(entry.file)
        return result
      } catch (error) {
        this.error((error as Error).message)
      }
    },
    buildEnd(error) {
      const missed = list.filter((e) => !applied.has(e.file)).map((e) => e.file)
      if (!error && missed.length) this.error(`sentinels for files never loaded: ${missed}`)
    },
  }
}
