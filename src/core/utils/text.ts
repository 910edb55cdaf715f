/**
 * What a label never shows: C0/C1 controls, every default-ignorable code point (Unicode's
 * Default_Ignorable_Code_Point, complete as the browser's Unicode knows it: the bidi marks,
 * embeddings, overrides and isolates, zero-width characters, joiners, the soft hyphen, variation
 * selectors, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, tag characters, …) and U+2800
 * BRAILLE PATTERN BLANK, a letter that shows as nothing. A look-alike name could hide behind any.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what it removes
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u2800\p{DI}]/gu

/** True when the value holds a character {@link cleanLabel} removes (a control or an invisible one). */
export function hasHiddenCharacters(value: unknown): boolean {
  return typeof value === 'string' && value.search(HIDDEN) >= 0
}

/**
 * Makes an untrusted string safe to show as one line: control, bidi-override and invisible
 * characters are removed and the result is cut to `max` characters with an ellipsis. Rendering still isolates
 * it (`<bdi>`), this only bounds it.
 */
export function cleanLabel(value: unknown, max = 40): string {
  if (typeof value !== 'string') return ''
  // Past 2 × max + 2 UTF-16 units, what follows cannot change the first max - 1 letters, nor that
  // there are more than max: a 10 000-letter name is not split into letters.
  const kept = Array.from(
    value
      .replace(HIDDEN, '')
      .trim()
      .slice(0, 2 * max + 2),
  )
  return kept.length > max ? `${kept.slice(0, max - 1).join('')}…` : kept.join('')
}

/** `0x1234…abcd`: the start and end of an address. */
export function shortAddress(address: string, head = 6, tail = 4): string {
  return address.length <= head + tail + 1
    ? address
    : `${address.slice(0, head)}…${address.slice(-tail)}`
}
