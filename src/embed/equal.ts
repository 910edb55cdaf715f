/** Deep equality for option objects: plain data by value, functions and other objects by identity. */
export function sameOptions(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  const proto = Object.getPrototypeOf(a)
  if (!Array.isArray(a) && proto !== Object.prototype && proto !== null) return false
  // A key set to undefined is the same as a key left out.
  const defined = (o: object) =>
    Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined)
  const ka = Array.isArray(a) ? Object.keys(a) : defined(a)
  const kb = Array.isArray(b) ? Object.keys(b) : defined(b)
  if (ka.length !== kb.length) return false
  return ka.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameOptions((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}
