import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

const UI = join(__dirname, '../../../src/ui')
/** Attributes a visitor reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'value',
])
/** Letters of any script: a text made only of symbols, digits or spaces needs no translation. */
const WORDS = /\p{L}{2,}/u

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : entry.name.endsWith('.tsx')
        ? [join(dir, entry.name)]
        : [],
  )
}

/** Texts written in the markup itself: JSX text, and string literals in visible attributes. */
function literalTexts(path: string, source = readFileSync(path, 'utf8')): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) found.push(node.text.trim())
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText())) {
      const init = node.initializer
      const literal =
        init && ts.isStringLiteral(init)
          ? init
          : init && ts.isJsxExpression(init) && init.expression
            ? init.expression
            : undefined
      if (
        literal &&
        (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) &&
        WORDS.test(literal.text)
      )
        found.push(`${node.name.getText()}="${literal.text}"`)
    }
    // {'Some text'} as a child of an element.
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      (ts.isStringLiteral(node.expression) ||
        ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      WORDS.test(node.expression.text)
    )
      found.push(node.expression.text)
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

test('default: no view or component writes a visible text itself: every text goes through t()', () => {
  const offenders = files(UI).flatMap((path) =>
    literalTexts(path).map((text) => `${relative(UI, path)}: ${text}`),
  )
  expect(offenders).toEqual([])
})

test('behavior: the check finds literal texts in markup and visible attributes', () => {
  const sample = `
    export const A = () => (
      <div>
        <p>Connect your wallet</p>
        <button aria-label="Close">{t('modal.close')}</button>
        <input placeholder={'Search'} />
        <span>{'Loading'}</span>
        <img alt="" src="x" />
        <b>{count} · 42 %</b>
        <i data-testid="wk-not-visible" className="wk-text" />
      </div>
    )`
  expect(literalTexts('sample.tsx', sample)).toEqual([
    'Connect your wallet',
    'aria-label="Close"',
    'placeholder="Search"',
    'Loading',
  ])
})
