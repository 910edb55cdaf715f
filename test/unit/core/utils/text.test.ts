import { expect, test } from 'vitest'
import { cleanLabel, hasHiddenCharacters, shortAddress } from '../../../../src/core/utils/text.js'

test('default', () => {
  expect(cleanLabel('Rainbow')).toBe('Rainbow')
  expect(shortAddress('0x70997970C51812dc3A010C7d01b50e79d17dc79C')).toBe('0x7099…c79C')
})

test('args: cleanLabel cuts to 40 characters by default, or to max', () => {
  expect(cleanLabel('a'.repeat(40))).toBe('a'.repeat(40))
  expect(cleanLabel('a'.repeat(41))).toBe(`${'a'.repeat(39)}…`)
  expect(cleanLabel('abcdef', 4)).toBe('abc…')
  expect(Array.from(cleanLabel('a'.repeat(41)))).toHaveLength(40)
})

test('behavior: bidi overrides, isolates and marks are removed (SECURITY 9)', () => {
  expect(cleanLabel('Wallet\u202Etxt.exe')).toBe('Wallettxt.exe')
  for (const c of [
    '\u200E',
    '\u200F',
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ])
    expect(cleanLabel(`a${c}b`), c.codePointAt(0)?.toString(16)).toBe('ab')
})

// Bug: U+061C ARABIC LETTER MARK is a bidi mark like U+200E/U+200F, which are removed, but it is kept.
test('behavior: the Arabic letter mark is removed like the other bidi marks', () => {
  expect(cleanLabel('a\u061Cb')).toBe('ab')
})

test('behavior: C0 and C1 control characters are removed', () => {
  expect(cleanLabel('Meta\u0000Mask\n\r\t\u001b[31m\u007f\u0085\u009f')).toBe('MetaMask[31m')
})

test('behavior: the result is trimmed after cleaning', () => {
  expect(cleanLabel('  \u202E Phantom \n')).toBe('Phantom')
})

test('behavior: a 10 000-character name is cut to the maximum', () => {
  const label = cleanLabel('W'.repeat(10_000))
  expect(label).toBe(`${'W'.repeat(39)}…`)
  expect(cleanLabel(`\u202E${'W'.repeat(10_000)}`, 100)).toHaveLength(100)
})

test('behavior: a long name is cut before it is split into letters, with the same result', () => {
  // What the label would be from the whole string split at once.
  const whole = (value: string, max = 40) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what it removes
    const kept = Array.from(value.replace(/[\u0000-\u001f\u007f-\u009f\u2800\p{DI}]/gu, '').trim())
    return kept.length > max ? `${kept.slice(0, max - 1).join('')}…` : kept.join('')
  }
  const values = [
    // Invisible letters, then the name: as many as they are, the name is what shows.
    `${'\u200B'.repeat(10_000)}MetaMask`,
    `${' '.repeat(5_000)}${'\u202E'.repeat(5_000)} Phantom`,
    `Rainbow${' '.repeat(5_000)}${'\u200B'.repeat(100)}`,
    `Rainbow${' '.repeat(200)}X`,
    // Letters of two UTF-16 units each, up to and past the cut, whole or split.
    ...Array.from({ length: 6 }, (_, i) => '🦊'.repeat(38 + i)),
    ...Array.from({ length: 6 }, (_, i) => `${'a'.repeat(i)}${'🦊'.repeat(40)}`),
    ...Array.from({ length: 6 }, (_, i) => `${'🦊'.repeat(38 + i)}\uD83E`),
  ]
  for (const value of values)
    for (const max of [1, 5, 40]) expect(cleanLabel(value, max)).toBe(whole(value, max))
  expect(cleanLabel(`${'\u200B'.repeat(10_000)}MetaMask`)).toBe('MetaMask')
})

test('behavior: characters outside the BMP are counted and cut whole', () => {
  const emoji = '🦊'.repeat(50)
  const label = cleanLabel(emoji, 10)
  expect(Array.from(label)).toEqual([...Array(9).fill('🦊'), '…'])
})

test('behavior: shortAddress keeps short values and takes head and tail', () => {
  expect(shortAddress('0x1234')).toBe('0x1234')
  expect(shortAddress('12345678901')).toBe('12345678901')
  expect(shortAddress('123456789012')).toBe('123456…9012')
  expect(shortAddress('0x70997970C51812dc3A010C7d01b50e79d17dc79C', 4, 6)).toBe('0x70…7dc79C')
})

test('error: non-strings become an empty label', () => {
  for (const value of [undefined, null, 42, {}, ['a']]) expect(cleanLabel(value)).toBe('')
})

/**
 * Unicode 17.0's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), as ranges: the
 * reference the cleaning is checked against, every code point of it.
 */
const DEFAULT_IGNORABLE: [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
]

test('behavior: every default-ignorable code point, U+2800 and the controls are removed and reported (SECURITY 10)', () => {
  const hidden: number[] = [0x2800]
  for (const [from, to] of DEFAULT_IGNORABLE) for (let c = from; c <= to; c++) hidden.push(c)
  for (let c = 0; c <= 0x1f; c++) hidden.push(c)
  for (let c = 0x7f; c <= 0x9f; c++) hidden.push(c)
  const missed = hidden.filter((c) => {
    const name = `Meta${String.fromCodePoint(c)}Mask`
    return cleanLabel(name) !== 'MetaMask' || !hasHiddenCharacters(name)
  })
  expect(missed.map((c) => c.toString(16))).toEqual([])
})

test('behavior: visible letters, spaces and emoji are kept and not reported', () => {
  for (const name of [
    'MetaMask',
    'Trust Wallet',
    'Ｍｅｔａ',
    'カード',
    '🦊 Fox',
    'Ví của tôi',
    'محفظة',
  ])
    expect([cleanLabel(name), hasHiddenCharacters(name)], name).toEqual([name, false])
  expect(hasHiddenCharacters(42)).toBe(false)
})
