import { expect, test } from 'vitest'
import { numericKey, sanitizeAmount } from '../../../../src/core/utils/numeric-input.js'

/** The field `value` with the caret at `caret` (default: the end), or a selection. */
const at = (value: string, caret = value.length, end = caret) => ({
  value,
  selectionStart: caret,
  selectionEnd: end,
})

/** The field after typing `keys` one by one at the caret, as the browser and the rules do it. */
function typed(keys: string[], start = at('')) {
  let field = start
  for (const key of keys) {
    const result = numericKey({ key }, field)
    if (result.action === 'block') continue
    if (result.action === 'replace') field = at(result.value, result.caret)
    else if (key === 'Backspace') {
      const cut = field.selectionStart === field.selectionEnd ? 1 : 0
      const from = Math.max(0, field.selectionStart - cut)
      field = at(field.value.slice(0, from) + field.value.slice(field.selectionEnd), from)
    } else if (key.length === 1) {
      const value =
        field.value.slice(0, field.selectionStart) + key + field.value.slice(field.selectionEnd)
      field = at(value, field.selectionStart + 1)
    }
  }
  return field.value
}

test('default', () => {
  expect(typed(['1', '2', '.', '5'])).toBe('12.5')
  expect(typed([',', '5'])).toBe('0.5')
})

test('args: every digit is accepted', () => {
  for (const key of '0123456789')
    expect(numericKey({ key }, at('1')), key).toEqual({ action: 'allow' })
})

test('args: one separator, "." or ",", written as "."', () => {
  expect(numericKey({ key: '.' }, at('12'))).toEqual({ action: 'replace', value: '12.', caret: 3 })
  expect(numericKey({ key: ',' }, at('12'))).toEqual({ action: 'replace', value: '12.', caret: 3 })
  expect(numericKey({ key: ',' }, at('12', 1))).toEqual({
    action: 'replace',
    value: '1.2',
    caret: 2,
  })
})

test('behavior: a leading separator becomes "0."', () => {
  expect(numericKey({ key: '.' }, at(''))).toEqual({ action: 'replace', value: '0.', caret: 2 })
  expect(numericKey({ key: ',' }, at(''))).toEqual({ action: 'replace', value: '0.', caret: 2 })
  expect(numericKey({ key: '.' }, at('25', 0))).toEqual({
    action: 'replace',
    value: '0.25',
    caret: 2,
  })
  // Replacing the whole selection: the separator leads again.
  expect(numericKey({ key: ',' }, at('25', 0, 2))).toEqual({
    action: 'replace',
    value: '0.',
    caret: 2,
  })
})

test('behavior: a second separator is blocked, wherever the caret is', () => {
  expect(numericKey({ key: '.' }, at('1.5'))).toEqual({ action: 'block' })
  expect(numericKey({ key: ',' }, at('1.5', 0))).toEqual({ action: 'block' })
  expect(typed(['1', '.', '.', ',', '2'])).toBe('1.2')
  // …unless the selection being replaced holds the first one.
  expect(numericKey({ key: ',' }, at('1.5', 1, 2))).toEqual({
    action: 'replace',
    value: '1.5',
    caret: 2,
  })
})

test('behavior: a leading 0 is replaced by the next digit', () => {
  expect(numericKey({ key: '5' }, at('0'))).toEqual({ action: 'replace', value: '5', caret: 1 })
  expect(numericKey({ key: '0' }, at('0'))).toEqual({ action: 'replace', value: '0', caret: 1 })
  expect(numericKey({ key: '3' }, at('0.5', 1))).toEqual({
    action: 'replace',
    value: '3.5',
    caret: 1,
  })
  expect(typed(['0', '0', '7'])).toBe('7')
  expect(typed(['0', '.', '0', '7'])).toBe('0.07')
  // A 0 that is not leading stays: 10, 100.
  expect(typed(['1', '0', '0'])).toBe('100')
  expect(numericKey({ key: '5' }, at('0', 0))).toEqual({ action: 'allow' })
})

test('behavior: navigation keys are accepted', () => {
  for (const key of [
    'Backspace',
    'Delete',
    'ArrowLeft',
    'ArrowRight',
    'ArrowUp',
    'ArrowDown',
    'Home',
    'End',
    'Tab',
    'Enter',
    'Escape',
  ])
    expect(numericKey({ key }, at('1.5', 1)), key).toEqual({ action: 'allow' })
  expect(typed(['1', '2', 'Backspace', '3'])).toBe('13')
})

test('behavior: copy and paste keys are accepted (Ctrl or ⌘)', () => {
  for (const key of ['c', 'v', 'x', 'a', 'z', 'V'])
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }])
      expect(numericKey({ key, ...modifier }, at('1')), key).toEqual({ action: 'allow' })
})

test('error: every other character is blocked', () => {
  for (const key of ['a', 'e', 'E', '-', '+', ' ', '/', '٣', '１', '€', "'", 'Dead'])
    expect(numericKey({ key }, at('1')), key).toEqual({ action: 'block' })
  // Alt (and AltGr, Ctrl+Alt) types characters: blocked.
  expect(numericKey({ key: '5', altKey: true }, at('1'))).toEqual({ action: 'block' })
  expect(numericKey({ key: '@', ctrlKey: true, altKey: true }, at('1'))).toEqual({
    action: 'block',
  })
  expect(typed(['1', 'e', '3', '-', '2'])).toBe('132')
})

test('behavior: pasted text keeps the digits and the first separator, by the same rules', () => {
  expect(sanitizeAmount(' 0012,50 ETH')).toBe('12.50')
  expect(sanitizeAmount('.5')).toBe('0.5')
  expect(sanitizeAmount('1,5')).toBe('1.5')
  // Grouping as people write it: the last of two kinds is the decimal separator.
  expect(sanitizeAmount('1,234.56')).toBe('1234.56')
  expect(sanitizeAmount('1.234,56')).toBe('1234.56')
  expect(sanitizeAmount('1,234,567')).toBe('1234567')
  expect(sanitizeAmount('1.2.3')).toBe('123')
  expect(sanitizeAmount('-7e3')).toBe('73')
  expect(sanitizeAmount('000')).toBe('0')
  expect(sanitizeAmount('abc')).toBe('')
})

test('behavior: toUnits reads what was typed exactly, never rounding', async () => {
  const { toUnits } = await import('../../../../src/core/utils/units.js')
  expect(toUnits('1.5', 6)).toBe(1_500_000n)
  expect(toUnits('12.', 18)).toBe(12n * 10n ** 18n)
  expect(toUnits('0.000001', 6)).toBe(1n)
  expect(toUnits('.5', 1)).toBe(5n)
  expect(toUnits('0.0000001', 6)).toBeUndefined()
  for (const bad of ['', '.', '1,5', '-1', '1e3', ' 1', 'abc'])
    expect(toUnits(bad, 18), bad).toBeUndefined()
})
