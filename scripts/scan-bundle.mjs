// The built bundle must never load or build code at run time (SECURITY.md row 2): no eval in any
// spelling, no Function constructor however it is reached, no import(), no workers or worklets, no
// WebAssembly, no string timers, no document.write, no script injection.
//
// React DOM carries code that creates <script>, <style> and <link> elements and appends them to
// <head>, but only when a component renders such an element or calls preinit/preload. Our source
// never does (checked below), so those React DOM occurrences are allowed by exact count: a new
// occurrence anywhere fails the build. See docs/bundle-safety.md. `scan()` is exported so that a
// unit test can prove each rule on planted samples (test/unit/scripts/scan-bundle.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Not part of a longer identifier, before or after. */
const ID_START = '(?<![\\w$])'
const ID_END = '(?![\\w$])'

/**
 * [name, pattern, occurrences allowed (React DOM's own, react-dom 19.3.1; `events`' one message)].
 * Identifiers are matched as words anywhere, so `globalThis.eval`, `(0, eval)`, `window['eval']`
 * and `Reflect.construct(Function, …)` are caught as well as a direct call.
 */
export const RULES = [
  ['eval', new RegExp(`${ID_START}eval${ID_END}`, 'g'), 0],
  ['execScript', /execScript/g, 0],
  // `Function` as a value: called, constructed, passed on, or reached through `.constructor`.
  // Only `Function.prototype.<method>` and the events package's error text are allowed.
  [
    'Function constructor',
    new RegExp(`${ID_START}Function${ID_END}(?!\\.prototype\\.(apply|call|bind)\\b)`, 'g'),
    1,
  ],
  // A function's constructor (Function, AsyncFunction, …) reached from a function or its
  // prototype: `.constructor.constructor`, `(()=>{}).constructor`, `getPrototypeOf(f).constructor`.
  [
    'Function through .constructor',
    /\.constructor\s*\.\s*constructor|\[\s*["'`]constructor["'`]\s*\]|[)}\]]\s*\.\s*constructor\b/g,
    0,
  ],
  ['constructor called with code', /constructor\s*\(\s*["'`]/g, 0],
  // Anything called or constructed through `.constructor`: React DOM's replay of an event and
  // noble-hashes' clone of a hash, both `new x.constructor(…)` on objects, are allowed by count.
  ['call through .constructor', /\.constructor\s*\(/g, 2],
  ['prototype of a function literal', /getPrototypeOf\s*\(\s*(async\b|function\b|\()/g, 0],
  [
    'async or generator function constructor',
    /(AsyncFunction|GeneratorFunction|AsyncGeneratorFunction)/g,
    0,
  ],
  ['dynamic import()', new RegExp(`${ID_START}import\\s*\\(`, 'g'), 0],
  ['importScripts', /importScripts/g, 0],
  ['Worker', new RegExp(`${ID_START}(Worker|SharedWorker|ServiceWorker)${ID_END}`, 'g'), 0],
  ['service worker registration', /serviceWorker\s*\.\s*register/g, 0],
  ['worklet module', /addModule\s*\(/g, 0],
  ['WebAssembly', /WebAssembly/g, 0],
  ['document.write', /document\s*\.\s*write(ln)?\s*\(/g, 0],
  // A timer's first argument must be a function: a function or arrow expression, a name, a member
  // or a bound function. Anything else (a string, a template, a concatenation, a call) may be code.
  [
    'string timer',
    /set(Timeout|Interval)\s*\(\s*(?!(?:async\b|function\b|\([\w$\s,:{}[\]=.]*\)\s*=>|[\w$]+\s*=>|[\w$.]+\s*[,)]|[\w$.]+\.bind\s*\())/g,
    0,
  ],
  ['HTML parsed into a fragment', /createContextualFragment|parseHTMLUnsafe|setHTMLUnsafe/g, 0],
  ['srcdoc', /srcdoc/gi, 0],
  ['script element creation', /createElement(NS)?\s*\([^()]{0,80}["'`]script["'`]/gi, 3],
  // An element whose tag is not written out could be a script: React DOM creates the elements a
  // component renders this way (6 createElement, 4 createElementNS), and nothing else may.
  [
    'element with a non-literal tag',
    /createElement\s*\(\s*(?!["'`])|createElementNS\s*\([^,()]{0,80},\s*(?!["'`])/g,
    10,
  ],
  ['<script in markup', /<script[\s>]/gi, 1],
  ['style element creation', /createElement\s*\(\s*["'`]style["'`]/gi, 1],
  ['head insertion', /\.head\s*\.\s*(append|appendChild|insertBefore|prepend)\s*\(/g, 11],
  ['javascript: URL', /javascript:/gi, 4],
]

/** What our own source may never contain, whatever the bundle allows. */
export const SOURCE_RULES = [
  ['<script> element', /<script[\s>]/],
  ['<style> element', /<style[\s>]/],
  ['<link> element', /<link[\s>]/],
  [
    'React DOM resource API',
    /\b(preinit|preinitModule|preload|preloadModule|preconnect|prefetchDNS)\s*\(/,
  ],
  ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML/],
  ['innerHTML/outerHTML write', /\.(inner|outer)HTML\s*=/],
  ['insertAdjacentHTML', /insertAdjacentHTML/],
  ['eval', /(?<![\w$.])eval\s*\(/],
]

/**
 * Scans bundle code: every rule whose matches pass its allowance, with where the first extra one is.
 *
 * @param {string} code - The bundle's text.
 * @returns {{ rule: string, found: number, allowed: number, at: string }[]}
 */
export function scan(code) {
  const findings = []
  for (const [rule, pattern, allowed] of RULES) {
    const matches = [...code.matchAll(pattern)]
    if (matches.length > allowed) {
      const index = matches[allowed]?.index ?? 0
      findings.push({
        rule,
        found: matches.length,
        allowed,
        at: code.slice(Math.max(0, index - 60), index + 60),
      })
    }
  }
  return findings
}

/** Scans our own source files: each file and rule it breaks. */
export function scanSource(dir = 'src') {
  const walk = (d) =>
    readdirSync(d).flatMap((name) => {
      const path = join(d, name)
      return statSync(path).isDirectory() ? walk(path) : /\.(ts|tsx)$/.test(name) ? [path] : []
    })
  const findings = []
  for (const path of walk(dir)) {
    const source = readFileSync(path, 'utf8')
    for (const [rule, pattern] of SOURCE_RULES)
      if (pattern.test(source)) findings.push({ path, rule })
  }
  return findings
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? 'cdn-dist/walletkit.js'
  const findings = scan(readFileSync(file, 'utf8'))
  for (const f of findings)
    console.error(`✗ ${f.rule}: ${f.found} found, ${f.allowed} allowed …${f.at}…`)
  const source = process.argv.includes('--no-source') ? [] : scanSource()
  for (const f of source) console.error(`✗ ${f.path}: ${f.rule}`)
  if (findings.length || source.length) process.exit(1)
  console.log(`${file}: no run-time code loading (${RULES.length} bundle rules, source clean)`)
}
