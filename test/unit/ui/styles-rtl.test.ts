import { expect, test } from 'vitest'
import { modalStyles } from '../../../src/ui/styles/index.js'

/**
 * Properties that name a physical side: they would not mirror in Arabic or Hebrew. A box centred
 * with `left: 50%` and `translateX(-50%)` is the same either way and is allowed.
 */
const PHYSICAL = [
  /(margin|padding|border)-(left|right)(-\w+)?\s*:/,
  /(?<![\w-])(left|right)\s*:(?!\s*50%)/,
  /text-align\s*:\s*(left|right)/,
  /float\s*:\s*(left|right)/,
  /(padding|margin)\s*:\s*[^;{}]+\s[^;{}]+\s[^;{}]+\s[^;{}]+;/,
]

test('default: the style sheets use logical properties, so right to left mirrors the layout', () => {
  const found = modalStyles.flatMap((css) =>
    css
      .split('\n')
      .filter((line) => PHYSICAL.some((rule) => rule.test(line)))
      .map((line) => line.trim()),
  )
  expect(found).toEqual([])
})

test('behavior: the rules catch physical sides', () => {
  const samples = [
    '.a { margin-left: 4px; }',
    '.a { right: 0; }',
    '.a { text-align: right; }',
    '.a { padding: 1px 2px 3px 4px; }',
    '.a { border-right-width: 1px; }',
  ]
  for (const sample of samples)
    expect(
      PHYSICAL.some((rule) => rule.test(sample)),
      sample,
    ).toBe(true)
  for (const sample of [
    '.a { margin-inline-start: 4px; }',
    '.a { left: 50%; }',
    '.a { padding: 0 16px; }',
  ])
    expect(
      PHYSICAL.some((rule) => rule.test(sample)),
      sample,
    ).toBe(false)
})

test('behavior: pointing icons turn round in right to left', () => {
  const css = modalStyles.join('\n')
  expect(css).toMatch(/\[dir='rtl'\] svg\[data-icon='back'\]/)
  expect(css).toMatch(/\[dir='rtl'\] svg\[data-icon='chevron'\]/)
})

test('behavior: a short address never breaks across lines (only the full one, in its groups)', () => {
  const css = modalStyles.join('\n')
  expect(css).toMatch(/\.wk-address\[data-short\]\s*\{\s*white-space:\s*nowrap;/)
  expect(css).toMatch(/\.wk-address\s*\{[^}]*overflow-wrap:\s*anywhere/)
})
