// @vitest-environment node
import { runInNewContext } from 'node:vm'
import { parseSync } from 'vite'
import { expect, test } from 'vitest'
import { dropEmptyInits } from '../../../scripts/drop-empty-inits.js'

// A chunk as the bundler writes it: its runtime's __esmMin, and one init per lazily set-up module.
const CHUNK = `(function() {
	var __esmMin = (fn, res, err) => () => {
		if (err) throw err[0];
		try { return fn && (res = fn(fn = 0)), res; } catch (e) { throw err = [e], e; }
	};
	var log = [];
	var init_types = __esmMin((() => {}));
	var init_text = __esmMin((() => {
		init_types();
	}));
	var label, init_labels = __esmMin((() => {
		init_text();
		init_types();
		label = "Connect";
		log.push("labels");
	}));
	var init_kept = __esmMin((() => {}));
	var kept = init_kept;
	var broken, init_broken = __esmMin((() => {
		init_text();
		throw new Error("broken module");
	}));
	function load() {
		return (init_text(), init_labels(), label);
	}
	exports.run = () => {
		init_types();
		const first = load();
		let failed = 0;
		for (const _ of [1, 2]) try { init_broken(); } catch { failed++; }
		log.push(first, String(failed), typeof kept);
		return log;
	};
})();
`

function run(code: string): string[] {
  const exports: { run?: () => string[] } = {}
  runInNewContext(code, { exports })
  return (exports.run as () => string[])()
}

test('default', () => {
  const { code, dropped } = dropEmptyInits(CHUNK)
  expect(dropped).toEqual(['init_text', 'init_types'])
  expect(code).not.toMatch(/init_(text|types)\b/)
  expect(parseSync('chunk.js', code).errors).toEqual([])
  // The same modules run, in the same order, with the same errors.
  expect(run(code)).toEqual(run(CHUNK))
  expect(run(code)).toEqual(['labels', 'Connect', '2', 'function'])
})

test('behavior: an init read as a value stays, and so do inits with something to run', () => {
  const { code } = dropEmptyInits(CHUNK)
  expect(code).toContain('var init_kept = __esmMin((() => {}));')
  expect(code).toContain('init_labels = __esmMin((() => {\n\t\t\n\t\t\n\t\tlabel = "Connect";')
  expect(code).toContain('return (void 0, init_labels(), label);')
})

test('behavior: a chunk with no module inits is left as it is', () => {
  const plain = 'var a = 1;\nconsole.log(a);\n'
  expect(dropEmptyInits(plain)).toMatchObject({ code: plain, dropped: [] })
})

test('error: a chunk that does not parse fails', () => {
  expect(() => dropEmptyInits('var = ;')).toThrow('the chunk does not parse')
})
