import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import {
  minifyCss,
  minifyCssLiterals,
  minifyCssLiteralsMapped,
} from '../../../scripts/minify-css.js'

const SRC = join(process.cwd(), 'src')

/** Every `/* css *\/` literal of src/ (the styles folder, the button's and the frame's sheets), as written. */
const sheets = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .flatMap((file) =>
    [...readFileSync(join(SRC, file), 'utf8').matchAll(/\/\* css \*\/ `([^`]*)`/g)].map(
      (m) => [file, m[1] as string] as const,
    ),
  )

test('behavior: the embed sheets are css literals, so the build compacts them', () => {
  const files = sheets.map(([file]) => file.replaceAll('\\', '/'))
  expect(files).toEqual(expect.arrayContaining(['embed/button.ts', 'embed/frame-host.ts']))
  expect(files.filter((file) => file.startsWith('ui/styles/')).length).toBeGreaterThan(5)
})

/** The rules a browser-like parser reads, each with its selector and declarations normalised. */
function rules(css: string): string[] {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  // The parser keeps some selectors and values as written: a space by a comma or a `>`, or after
  // a media feature's colon, is no difference.
  return Array.from(sheet.cssRules, (rule) =>
    rule.cssText
      .replace(/\s+/g, ' ')
      .replace(/\s*([,>])\s*/g, '$1')
      .replace(/\(([\w-]+): /g, '($1:'),
  )
}

/** The CSS as a stream of tokens (strings, words, single marks), without a `;` that ends a block. */
function tokens(css: string): string[] {
  const all = css.replace(/\/\*[\s\S]*?\*\//g, ' ').match(/"[^"]*"|'[^']*'|[\w#.%-]+|\S/g) ?? []
  return all.filter((token, i) => token !== ';' || all[i + 1] !== '}')
}

test('default: comments, spare spaces and the last semicolon of a block go', () => {
  expect(
    minifyCss(
      '/* x */\n.a > .b ,\n.c :focus {\n  color : red ;\n  margin: 0 calc(1px - 2px);\n}\n',
    ),
  ).toBe('.a>.b,.c :focus{color :red;margin:0 calc(1px - 2px)}')
  expect(minifyCss(".a::after { content: ' :  ; { } ' ; }")).toBe(".a::after{content:' :  ; { } '}")
})

test('default: a quote inside a comment opens no string, a comment mark inside a string opens no comment', () => {
  expect(minifyCss("/* the wallets' and\n tokens' images */\n.a { color: red; }")).toBe(
    '.a{color:red}',
  )
  expect(minifyCss(".a { color: red; } /* it's */ .b::after { content: '/* x */'; }")).toBe(
    ".a{color:red}.b::after{content:'/* x */'}",
  )
})

test.each(sheets)('behavior: %s ships without comments', (_, css) => {
  expect(minifyCss(css)).not.toContain('/*')
})

test.each(sheets)('behavior: %s keeps every rule, selector and declaration', (_, css) => {
  const compact = minifyCss(css)
  expect(compact.length).toBeLessThan(css.length)
  expect(tokens(compact)).toEqual(tokens(css))
  expect(rules(compact)).toEqual(rules(css))
})

test('behavior: only css-tagged literals of a module change', () => {
  const source =
    'export const a = /* css */ `\n.a { color: red; }\n`\nexport const b = `\n x  y \n`\n'
  expect(minifyCssLiterals(source)).toBe(
    'export const a = `.a{color:red}`\nexport const b = `\n x  y \n`\n',
  )
})

test('behavior: the mapped form gives the same code, and maps a line after the literal back to itself', () => {
  const source = 'const a = /* css */ `\n.a {\n  color: red;\n}\n`\nconst b = 1\n'
  const { code, map } = minifyCssLiteralsMapped(source)
  expect(code).toBe(minifyCssLiterals(source))
  expect(code).toBe('const a = `.a{color:red}`\nconst b = 1\n')
  // The second generated line (`const b`) starts at the sixth source line's column 0: five lines
  // and ten columns back from the first line's last mapping (VLQ `K` = +5, `V` = -10).
  expect(map.mappings.split(';')[1]).toMatch(/^AAKV,/)
})
