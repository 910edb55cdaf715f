// @vitest-environment node
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { runInNewContext } from 'node:vm'
import { expect, test } from 'vitest'
import {
  REACT_DOM_SENTINELS,
  rewriteSentinels,
  SENTINEL_HELPER,
  type Sentinels,
} from '../../../scripts/error-sentinels.js'

const SAMPLE = `function formatProdErrorMessage(c){return "Minified React error #"+c}
var A = Error(formatProdErrorMessage(1)), B = Error(formatProdErrorMessage(2));
function work(x){ if (x) throw A; return B }
exports.A = A; exports.B = B; exports.work = work;
exports.other = function(){ return Error(formatProdErrorMessage(3)) };
`
const ONE_TWO: Sentinels = {
  file: 'pkg/index.js',
  calls: [1, 2].map((c) => `Error(formatProdErrorMessage(${c}))`),
}

function run(code: string) {
  const exports: Record<string, unknown> = {}
  runInNewContext(code, { exports, Error, Object })
  return exports as { A: Error; B: Error; work(x: boolean): Error; other(): Error }
}

test('each listed call becomes an Error.prototype object with its message; nothing else changes', () => {
  const { code } = rewriteSentinels(SAMPLE, ONE_TWO)
  expect(code.startsWith(SENTINEL_HELPER)).toBe(true)
  const m = run(code)
  expect(m.A).toBeInstanceOf(Error)
  expect(m.A.message).toBe('Minified React error #1')
  expect(String(m.B)).toBe('Error: Minified React error #2')
  expect(Object.getOwnPropertyDescriptor(m.A, 'message')).toEqual({
    value: 'Minified React error #1',
    writable: true,
    enumerable: false,
    configurable: true,
  })
  // Identity, which is all the package reads of them.
  expect(() => m.work(true)).toThrow(m.A)
  expect(m.work(false)).toBe(m.B)
  // Not captured: no stack was taken when it was made.
  expect(Object.hasOwn(m.A, 'stack')).toBe(false)
  // A call that is not listed stays a real error.
  expect(Object.hasOwn(m.other(), 'stack')).toBe(true)
})

test('a listed call missing or twice fails the build', () => {
  expect(() =>
    rewriteSentinels(SAMPLE, { ...ONE_TWO, calls: ['Error(formatProdErrorMessage(9))'] }),
  ).toThrow(/Error\(formatProdErrorMessage\(9\)\) exactly once/)
  expect(() => rewriteSentinels(`${SAMPLE}${SAMPLE}`, ONE_TWO)).toThrow(/exactly once/)
})

test('the installed React DOM has each of its five sentinels exactly once', () => {
  const path = createRequire(import.meta.url).resolve(
    `../../../node_modules/${REACT_DOM_SENTINELS.file}`,
  )
  const { code } = rewriteSentinels(readFileSync(path, 'utf8'), REACT_DOM_SENTINELS)
  for (const call of REACT_DOM_SENTINELS.calls) expect(code).not.toContain(call)
})
