/**
 * C0/C1 controls, the bidi marks (incl. the Arabic letter mark), embedding, override and isolate characters, and the invisible
 * characters a look-alike name could hide behind (zero-width space, joiners, word joiner, BOM,
 * soft hyphen, Mongolian vowel separator).
 */
function isUnsafe(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0xad ||
    code === 0x61c ||
    code === 0x180e ||
    (code >= 0x200b && code <= 0x200d) ||
    code === 0x2060 ||
    code === 0xfeff ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  )
}

/**
 * Makes an untrusted string safe to show as one line: control, bidi-override and invisible
 * characters are removed and the result is cut to `max` characters with an ellipsis. Rendering still isolates
 * it (`<bdi>`), this only bounds it.
 */
export function cleanLabel(value: unknown, max = 40): string {
  if (typeof value !== 'string') return ''
  const chars = Array.from(value).filter((c) => !isUnsafe(c.codePointAt(0) ?? 0))
  const cleaned = chars.join('').trim()
  const kept = Array.from(cleaned)
  return kept.length > max ? `${kept.slice(0, max - 1).join('')}…` : cleaned
}

/** `0x1234…abcd`: the start and end of an address. */
export function shortAddress(address: string, head = 6, tail = 4): string {
  return address.length <= head + tail + 1
    ? address
    : `${address.slice(0, head)}…${address.slice(-tail)}`
}
