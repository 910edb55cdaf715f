/** Small shape checks for service answers: they copy known fields only, so `__proto__` and extra keys never leak. */

/** Throws when `value` is not a plain object. */
export function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what} is not an object`)
  return value as Record<string, unknown>
}

/** Throws when `value` is not an array. */
export function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not an array`)
  return value
}

/** A string field (throws when missing or not a string). */
export function text(o: Record<string, unknown>, key: string, max = 2048): string {
  const value = Object.hasOwn(o, key) ? o[key] : undefined
  if (typeof value !== 'string' || value.length > max) throw new Error(`${key} is not a string`)
  return value
}

/** An optional string field: null when missing, null or not a string. */
export function optionalText(o: Record<string, unknown>, key: string, max = 2048): string | null {
  const value = Object.hasOwn(o, key) ? o[key] : undefined
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null
}

/** A finite number field. */
export function finite(o: Record<string, unknown>, key: string): number {
  const value = Object.hasOwn(o, key) ? o[key] : undefined
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new Error(`${key} is not a number`)
  return value
}

/** Bounds of a list of strings. */
export type StringListBounds = {
  /** Most entries kept; the rest are dropped. */
  maxCount: number
  /** Longest entry; longer ones are dropped. */
  maxLength: number
  /** Entries must match it, when given. */
  pattern?: RegExp
}

/**
 * The strings of a list from an untrusted source, bounded in count and length (SECURITY.md row 20):
 * anything that is not an array is an empty list, entries that are not strings or break the
 * bounds are dropped, and at most `maxCount` are kept.
 */
export function boundedStrings(value: unknown, bounds: StringListBounds): string[] {
  if (!Array.isArray(value)) return []
  const out: string[] = []
  // Only the first entries are looked at: a list of a million items costs no more than a short one.
  for (const item of value.slice(0, bounds.maxCount * 4)) {
    if (out.length >= bounds.maxCount) break
    if (typeof item !== 'string' || item.length === 0 || item.length > bounds.maxLength) continue
    if (bounds.pattern && !bounds.pattern.test(item)) continue
    out.push(item)
  }
  return out
}
