/** Deep equality for option objects: plain data by value, functions and other objects by identity. */
export function sameOptions(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  const proto = Object.getPrototypeOf(a)
  if (!Array.isArray(a) && proto !== Object.prototype && proto !== null) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  return ka.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameOptions((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}
