import { expect, test } from 'vitest'
import { en } from '../../../src/ui/i18n/en.js'
import { modalStyles } from '../../../src/ui/styles/index.js'

/**
 * Texts written in Title Case on purpose: view titles, the labels that name a view (the button's
 * "Connect Wallet", Connect's "All Wallets"), the names of the site's documents and the spec's error
 * texts, quoted word for word (SPEC §8).
 */
const TITLES =
  /^(view\.|error\.)|^(button\.connect|connect\.allWallets|connect\.terms|connect\.privacy)$/

/** Two capitalised words in a row: Title Case ("Buy Crypto"), outside placeholders. */
const titleCase = (text: string) => /\b[A-Z][a-z]+ [A-Z][a-z]+/.test(text.replace(/\{[^}]*\}/g, ''))

test('default: every label, button and message is in sentence case', () => {
  const found = Object.entries(en).flatMap(([key, value]) =>
    TITLES.test(key)
      ? []
      : (typeof value === 'string' ? [value] : Object.values(value))
          .filter(titleCase)
          .map((text) => `${key}: ${text}`),
  )
  expect(found).toEqual([])
})

test('behavior: the check tells Title Case from sentence case', () => {
  expect(titleCase('Buy Crypto')).toBe(true)
  expect(titleCase('Continue with {name}')).toBe(false)
  expect(titleCase('Send a new code in {seconds} s')).toBe(false)
})

test('default: no style changes the case of a label or spaces its letters (Arabic letters join)', () => {
  const found = modalStyles.flatMap((css) =>
    css
      .split('\n')
      .filter((line) => /text-transform\s*:\s*(?!none)|letter-spacing\s*:/.test(line))
      .map((line) => line.trim()),
  )
  expect(found).toEqual([])
})
