/** A key press in an amount field, as a keydown event describes it. */
export type NumericKey = {
  /** `KeyboardEvent.key`. */
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
}

/** The field's text and selection when the key was pressed. */
export type NumericField = { value: string; selectionStart: number; selectionEnd: number }

/**
 * What to do with a key: let the browser apply it, block it, or block it and show `value` with the
 * caret at `caret` instead (the rewrites of SPEC §5).
 */
export type NumericKeyResult =
  | { action: 'allow' }
  | { action: 'block' }
  | { action: 'replace'; value: string; caret: number }

/** Keys that move or delete without typing (SPEC §5 "navigation keys"). */
const NAVIGATION = new Set([
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Tab',
  'Enter',
  'Escape',
])
const SEPARATORS = new Set(['.', ','])

/**
 * SPEC §5's rules for a numeric field, key by key: digits, one decimal separator ('.' or ',',
 * written as '.'), navigation keys and copy/paste (Ctrl or ⌘ shortcuts) are accepted; a leading separator
 * becomes '0.'; a second separator is blocked; a leading 0 is replaced by the digit typed after
 * it; anything else that would type a character is blocked.
 *
 * @example
 * numericKey({ key: ',' }, { value: '', selectionStart: 0, selectionEnd: 0 })
 * // { action: 'replace', value: '0.', caret: 2 }
 */
export function numericKey(press: NumericKey, field: NumericField): NumericKeyResult {
  const { key } = press
  // Ctrl or ⌘ shortcuts type nothing: copy, cut, paste (its text is checked on input), select all,
  // the browser's own. With Alt too it is AltGr, which types characters.
  if ((press.ctrlKey || press.metaKey) && !press.altKey) return { action: 'allow' }
  if (NAVIGATION.has(key)) return { action: 'allow' }
  const digit = /^[0-9]$/.test(key)
  const separator = SEPARATORS.has(key)
  if (press.altKey || (!digit && !separator)) return { action: 'block' }

  const before = field.value.slice(0, field.selectionStart)
  const after = field.value.slice(field.selectionEnd)
  if (separator) {
    if (/[.,]/.test(before + after)) return { action: 'block' }
    const inserted = before === '' ? '0.' : '.'
    return {
      action: 'replace',
      value: before + inserted + after,
      caret: before.length + inserted.length,
    }
  }
  const next = before + key + after
  // A leading 0 followed by a digit: the digit takes its place ('0' then '5' is '5', not '05').
  if (/^0[0-9]/.test(next))
    return { action: 'replace', value: next.slice(1), caret: Math.max(before.length, 1) }
  return { action: 'allow' }
}

/**
 * The same rules for text that arrives whole (a paste, an autofill, an input method): only digits
 * and one separator are kept, written as '.'; a leading separator gets its 0; leading zeros go.
 * Grouping is read as people write it: with both '.' and ',' the last one is the decimal
 * separator ('1,234.56' and '1.234,56' are 1234.56); one of them repeated groups thousands.
 *
 * @example
 * sanitizeAmount(' 0012,50 ETH') // '12.50'
 */
export function sanitizeAmount(text: string): string {
  const kept = text.replace(/[^0-9.,]/g, '')
  const separators = kept.replace(/[0-9]/g, '')
  const last = separators.at(-1)
  const decimal =
    last !== undefined && (separators.length === 1 || separators.replaceAll(last, '') !== '')
      ? kept.lastIndexOf(last)
      : -1
  let out = ''
  for (let i = 0; i < kept.length; i++) {
    const char = kept.charAt(i)
    if (i === decimal) out += '.'
    else if (char !== '.' && char !== ',') out += char
  }
  if (out.startsWith('.')) out = `0${out}`
  return out.replace(/^0+(?=[0-9])/, '')
}
