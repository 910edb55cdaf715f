// The built bundle must never load or build code at run time (SECURITY.md row 2): no eval, no
// new Function, no import(), no string timers, no document.write, no script injection.
//
// React DOM carries code that creates <script>, <style> and <link> elements and appends them to
// <head>, but only when a component renders such an element or calls preinit/preload. Our source
// never does (checked below), so those React DOM occurrences are allowed by exact count: a new
// occurrence anywhere fails the build. See docs/bundle-safety.md.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const file = process.argv[2] ?? 'cdn-dist/walletkit.js'
const code = readFileSync(file, 'utf8')

/** [name, pattern, occurrences allowed (React DOM's own, react-dom 19.3.1)] */
const rules = [
  ['eval', /(?<![\w$.])eval\s*\(/g, 0],
  ['new Function', /new\s+Function\s*\(/g, 0],
  ['Function constructor call', /(?<![\w$.])Function\s*\(\s*["'`]/g, 0],
  ['dynamic import()', /(?<![\w$.])import\s*\(/g, 0],
  ['importScripts', /importScripts\s*\(/g, 0],
  ['document.write', /document\.write(ln)?\s*\(/g, 0],
  ['string timer', /set(Timeout|Interval)\s*\(\s*["'`]/g, 0],
  ['script element creation', /createElement\s*\(\s*["'`]script["'`]/gi, 3],
  ['<script in markup', /<script[\s>]/gi, 1],
  ['style element creation', /createElement\s*\(\s*["'`]style["'`]/gi, 1],
  ['head insertion', /\.head\.(append|appendChild|insertBefore|prepend)\s*\(/g, 11],
]

let failures = 0
for (const [name, pattern, allowed] of rules) {
  const matches = [...code.matchAll(pattern)]
  if (matches.length > allowed) {
    failures++
    const at = matches[allowed]?.index ?? 0
    console.error(
      `✗ ${name}: ${matches.length} found, ${allowed} allowed …${code.slice(Math.max(0, at - 60), at + 60)}…`,
    )
  }
}

// Our own source: never render script/style/link elements, never call React DOM's resource APIs,
// never set HTML from strings.
const banned = [
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
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : /\.(ts|tsx)$/.test(name) ? [path] : []
  })
for (const path of walk('src')) {
  const source = readFileSync(path, 'utf8')
  for (const [name, pattern] of banned)
    if (pattern.test(source)) {
      failures++
      console.error(`✗ ${path}: ${name}`)
    }
}
if (failures) process.exit(1)
console.log(`${file}: no run-time code loading (${rules.length} bundle rules, source clean)`)
