// @vitest-environment node
import { runInNewContext } from 'node:vm'
import { parseSync } from 'vite'
import { expect, test } from 'vitest'
import { dropUnreadExports } from '../../../scripts/drop-unread-exports.js'

// The bundler's runtime for modules loaded by require(), as it writes it.
const RUNTIME = `
	var __defProp = Object.defineProperty;
	var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
	var __getOwnPropNames = Object.getOwnPropertyNames;
	var __hasOwnProp = Object.prototype.hasOwnProperty;
	var __exportAll = (all, no_symbols) => {
		let target = {};
		for (var name of Object.keys(all)) __defProp(target, name, { get: all[name], enumerable: true });
		if (!no_symbols) __defProp(target, Symbol.toStringTag, { value: "Module" });
		return target;
	};
	var __copyProps = (to, from, except, desc) => {
		if (from && typeof from === "object" || typeof from === "function") {
			for (var keys = __getOwnPropNames(from), i = 0, n = keys.length, key; i < n; i++) {
				key = keys[i];
				if (!__hasOwnProp.call(to, key) && key !== except) __defProp(to, key, {
					get: ((k) => from[k]).bind(null, key),
					enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable
				});
			}
		}
		return to;
	};
	var __toCommonJS = (mod) => __hasOwnProp.call(mod, "module.exports") ? mod["module.exports"] : __copyProps(__defProp({}, "__esModule", { value: true }), mod);
`

/** A chunk: the runtime, a module loaded by require() with an export its loader never reads. */
function chunk(body: string): string {
  return `(function() {${RUNTIME}
	var names_exports = /* @__PURE__ */ __exportAll({
		createNamesCalls: () => createNamesCalls,
		parseProfile: () => parseProfile
	});
	function parseProfile(value) { return { name: String(value) }; }
	function createNamesCalls(http) { return { lookup: (x) => parseProfile(http + x) }; }
	exports.run = () => {
		${body}
	};
})();
`
}

function run(code: string): unknown {
  const exports: { run?: () => unknown } = {}
  runInNewContext(code, { exports })
  return (exports.run as () => unknown)()
}

test('default: an entry no read names goes, the read ones stay', () => {
  const source = chunk(
    'return (0, __toCommonJS(names_exports)).createNamesCalls("a:").lookup("b").name;',
  )
  const { code, dropped } = dropUnreadExports(source)
  expect(dropped).toEqual(['names_exports.parseProfile'])
  expect(code).toContain('__exportAll({ createNamesCalls: () => createNamesCalls })')
  expect(parseSync('chunk.js', code).errors).toEqual([])
  expect(run(code)).toBe('a:b')
  expect(run(code)).toEqual(run(source))
})

test('default: a loader that returns the namespace counts the reads of its calls', () => {
  const source = chunk(
    'function load() { return 0, __toCommonJS(names_exports); } return load().createNamesCalls("a:").lookup("c").name;',
  )
  const { code, dropped } = dropUnreadExports(source)
  expect(dropped).toEqual(['names_exports.parseProfile'])
  expect(run(code)).toBe('a:c')
})

test.each([
  [
    'a computed key',
    'const key = "parseProfile"; return __toCommonJS(names_exports)[key](1).name;',
  ],
  ['the object kept', 'const ns = __toCommonJS(names_exports); return ns.parseProfile(1).name;'],
  ['the namespace itself', 'return names_exports.parseProfile(1).name;'],
  [
    'a loader that returns it',
    'const load = () => (0, __toCommonJS(names_exports)); return load().parseProfile(1).name;',
  ],
  [
    'a loader passed as a value',
    'function load() { return 0, __toCommonJS(names_exports); } const f = load; return f().parseProfile(1).name;',
  ],
  [
    'a loader with a parameter',
    'function load(k) { return 0, __toCommonJS(names_exports); } return load().parseProfile(1).name;',
  ],
  [
    'a loader whose call is read by a computed key',
    'function load() { return 0, __toCommonJS(names_exports); } const key = "parseProfile"; return load()[key](1).name;',
  ],
  [
    'a binding of the same name',
    'const f = (names_exports) => names_exports.parseProfile(1).name; return f(names_exports);',
  ],
  [
    '__toCommonJS bound again',
    '{ const __toCommonJS = (x) => ({ createNamesCalls: x.parseProfile }); return __toCommonJS(names_exports).createNamesCalls(1).name; }',
  ],
])('behavior: every entry stays when the namespace is reached otherwise: %s', (_, body) => {
  // A read the rule would follow, beside the other way in.
  const source = chunk(`(0, __toCommonJS(names_exports)).createNamesCalls; ${body}`)
  const { code, dropped } = dropUnreadExports(source)
  expect(dropped).toEqual([])
  expect(code).toBe(source)
  expect(run(code)).toEqual(run(source))
})
