// @vitest-environment node
import { runInNewContext } from 'node:vm'
import { parseSync } from 'vite'
import { expect, test } from 'vitest'
import { dropRedundantInits } from '../../../scripts/drop-redundant-inits.js'

// The bundler's runtime, as it writes it in a chunk.
const RUNTIME = `var __esmMin = (fn, res, err) => () => {
		if (err) throw err[0];
		try { return fn && (res = fn(fn = 0)), res; } catch (e) { throw err = [e], e; }
	};`

/** A chunk in the bundler's wrapper: the runtime, `log`, then `body`. */
const chunk = (body: string): string =>
  `(function() {\n\t${RUNTIME}\n\tvar log = [];\n${body}\n})();\n`

/** Runs a chunk; it reads `steps` and `fail`, and writes what ran, in order, to `out`. */
function run(code: string, steps: number[] = [], fail: string[] = []): string[] {
  const out: string[] = []
  runInNewContext(code, { steps, fail, out, Promise })
  return out
}

/** {@link run}, in this realm: the same chunk without the cost of a new context per run. */
function runHere(code: string, steps: number[], fail: string[]): string[] {
  const out: string[] = []
  new Function('steps', 'fail', 'out', code)(steps, fail, out)
  return out
}

const CHUNK = chunk(`
	var init_a = __esmMin((() => { log.push("a"); }));
	var init_b = __esmMin((() => { init_a(); log.push("b"); }));
	var init_c = __esmMin((() => { init_b(); init_a(); init_b(); log.push("c"); }));
	var init_d = __esmMin((() => { init_c(), init_a(); log.push("d"); }));
	var init_e = __esmMin((() => { init_c(), init_d(), init_b(); log.push("e"); }));
	init_e();
	out.push(...log);
`)

test('default', () => {
  const { code, dropped } = dropRedundantInits(CHUNK)
  expect(dropped).toBe(4)
  expect(code).toContain('init_c = __esmMin((() => { init_b();   log.push("c"); }));')
  expect(code).toContain('init_d = __esmMin((() => { init_c(), void 0; log.push("d"); }));')
  expect(code).toContain(
    'init_e = __esmMin((() => { init_c(), init_d(), void 0; log.push("e"); }));',
  )
  expect(parseSync('chunk.js', code).errors).toEqual([])
  expect(run(code)).toEqual(run(CHUNK))
  expect(run(code)).toEqual(['a', 'b', 'c', 'd', 'e'])
})

test('behavior: an import cycle keeps its calls', () => {
  // Entered at init_a: init_b's init_a() returns at once, so init_b has not run init_x when
  // init_c is reached from init_a's list; init_c's own init_x() runs it first.
  const cycle = chunk(`
	var init_x = __esmMin((() => { log.push("x"); }));
	var init_a = __esmMin((() => { init_b(); log.push("a"); }));
	var init_c = __esmMin((() => { init_a(); init_x(); log.push("c"); }));
	var init_b = __esmMin((() => { init_c(); init_x(); log.push("b"); }));
	init_a();
	out.push(...log);
`)
  expect(dropRedundantInits(cycle).dropped).toBe(0)
  expect(run(cycle)).toEqual(['x', 'c', 'b', 'a'])
})

test('behavior: an init a function runs, or one passed as a value, keeps the calls it could cut', () => {
  // init_b's code loads init_a's module by a function: init_c's init_a() may then return at once.
  const lazy = chunk(`
	var init_x = __esmMin((() => { log.push("x"); }));
	var init_a = __esmMin((() => { init_c(); log.push("a"); }));
	var init_b = __esmMin((() => { load(); log.push("b"); }));
	var init_c = __esmMin((() => { init_b(); init_d(); init_x(); log.push("c"); }));
	var init_d = __esmMin((() => { init_x(); log.push("d"); }));
	var init_kept = __esmMin((() => { log.push("kept"); }));
	var init_y = __esmMin((() => { init_d(); init_x(); init_kept(); log.push("y"); }));
	var init_z = __esmMin((() => { init_y(); init_kept(); log.push("z"); }));
	function load() { init_a(); }
	var kept = init_kept;
	init_b();
	init_z();
	out.push(...log, typeof kept);
`)
  const { code, dropped } = dropRedundantInits(lazy)
  // init_a is an entry (load() runs it), and init_kept (passed as a value): any running init may
  // run them. So init_d counts for nothing (init_d, init_a, init_c: a cycle) and init_y's
  // init_x() stays; init_y counts (no cycle, no way back from init_y to init_z): init_z's
  // init_kept() goes.
  expect(dropped).toBe(1)
  expect(code).toContain(
    'init_y = __esmMin((() => { init_d(); init_x(); init_kept(); log.push("y"); }));',
  )
  expect(code).toContain('init_z = __esmMin((() => { init_y();  log.push("z"); }));')
  expect(run(code)).toEqual(run(lazy))
  expect(run(code)).toEqual(['x', 'd', 'c', 'a', 'b', 'kept', 'y', 'z', 'function'])
})

test('behavior: a module loaded by import() is no entry: its callback runs with no init running', () => {
  const imported = chunk(`
	var init_x = __esmMin((() => { log.push("x"); }));
	var init_a = __esmMin((() => { init_x(); log.push("a"); }));
	var init_b = __esmMin((() => { init_a(); init_x(); log.push("b"); }));
	Promise.resolve().then(() => (init_b(), out.push(...log)));
`)
  const { code, dropped } = dropRedundantInits(imported)
  expect(dropped).toBe(1)
  expect(code).toContain('init_b = __esmMin((() => { init_a();  log.push("b"); }));')
})

test('behavior: a chunk with no module inits is left as it is', () => {
  const plain = 'var a = 1;\nconsole.log(a);\n'
  expect(dropRedundantInits(plain)).toMatchObject({ code: plain, dropped: 0 })
})

test('error: a chunk that does not parse fails', () => {
  expect(() => dropRedundantInits('var = ;')).toThrow('the chunk does not parse')
})

/** A seeded generator, so that every run draws the same graphs. */
function random(seed: number): (below: number) => number {
  let state = seed
  return (below) => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return (((t ^ (t >>> 14)) >>> 0) % 2 ** 31) % below
  }
}

/**
 * A module graph drawn at random: lists with repeated and cyclic imports, some modules loading
 * another through a function (as `require()` does), some failing; the top level runs the inits
 * `steps` names, catching their errors, then writes the log.
 */
function randomChunk(draw: (below: number) => number): string {
  const size = 4 + draw(7)
  const lines: string[] = []
  for (let m = 0; m < size; m++) {
    const list = Array.from({ length: draw(5) }, () => {
      const group = Array.from({ length: 1 + draw(2) }, () => `init_m${draw(size)}()`)
      return `${group.join(', ')};`
    })
    const code = [`log.push("m${m}");`]
    if (draw(3) === 0) code.push(`load${draw(size)}();`)
    if (draw(3) === 0) code.push(`if (fail.includes("m${m}")) throw new Error("m${m}");`)
    lines.push(`\tvar init_m${m} = __esmMin((() => { ${list.join(' ')} ${code.join(' ')} }));`)
    lines.push(`\tfunction load${m}() { init_m${m}(); }`)
  }
  const cases = Array.from({ length: size }, (_, m) => `case ${m}: init_m${m}(); break;`)
  lines.push(
    `\tfor (const step of steps) try { switch (step) { ${cases.join(' ')} } } catch (e) { log.push("!" + e.message); }`,
    '\tout.push(...log);',
  )
  return chunk(lines.join('\n'))
}

test('property: random module graphs run the same modules in the same order, with the same errors', () => {
  const draw = random(30)
  let dropped = 0
  for (let graph = 0; graph < 400; graph++) {
    const original = randomChunk(draw)
    const result = dropRedundantInits(original)
    dropped += result.dropped
    for (let order = 0; order < 6; order++) {
      const steps = Array.from({ length: 1 + draw(4) }, () => draw(10))
      const fail = Array.from({ length: draw(3) }, () => `m${draw(10)}`)
      expect(runHere(result.code, steps, fail)).toEqual(runHere(original, steps, fail))
    }
  }
  // The graphs give the rule calls to drop, not only ones to keep.
  expect(dropped).toBeGreaterThan(200)
})
