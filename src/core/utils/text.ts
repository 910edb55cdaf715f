/**
 * Makes an untrusted string safe to show as one line: control and bidi-override characters are
 * removed and the result is cut to `max` characters with an ellipsis. Rendering still isolates
 * it (`<bdi>`), this only bounds it.
 */
export function cleanLabel(value: unknown, max = 40): string {
  if (typeof value !== 'string') return ''
  // C0/C1 controls and the bidi embedding/override/isolate characters.
  const cleaned = value.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim()
  const chars = Array.from(cleaned)
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : cleaned
}

/** `0x1234…abcd`: the start and end of an address. */
export function shortAddress(address: string, head = 6, tail = 4): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`
}
