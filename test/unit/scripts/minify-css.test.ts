import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { minifyCss, minifyCssLiterals } from '../../../scripts/minify-css.js'

const STYLES = join(process.cwd(), 'src/ui/styles')

/** Every `/* css *\/` literal of the styles folder, as written. */
const sheets = readdirSync(STYLES)
  .filter((file) => file.endsWith('.ts'))
  .flatMap((file) =>
    [...readFileSync(join(STYLES, file), 'utf8').matchAll(/\/\* css \*\/ `([^`]*)`/g)].map(
      (m) => [file, m[1] as string] as const,
    ),
  )

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
