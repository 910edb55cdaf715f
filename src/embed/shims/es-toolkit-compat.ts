/**
 * `isEqual` and `merge` with lodash's rules, for the plain data WalletConnect's client compares and
 * merges (stored records, session namespaces). `es-toolkit/compat` carries every lodash edge case.
 */

const isObjectLike = (value: unknown): value is object =>
  typeof value === 'object' && value !== null

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObjectLike(value) || Object.prototype.toString.call(value) !== '[object Object]')
    return false
  const proto = Object.getPrototypeOf(value)
  return proto === null || proto === Object.prototype
}

/**
 * Deep equality: same-value-zero for primitives (NaN equals NaN), element-wise for arrays and
 * typed arrays, key-wise for objects with the same prototype, by time for dates.
 */
export function isEqual(a: unknown, b: unknown): boolean {
  return equal(a, b, [])
}

function equal(a: unknown, b: unknown, seen: [unknown, unknown][]): boolean {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true
  if (!isObjectLike(a) || !isObjectLike(b)) return false
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  if (seen.some(([x, y]) => x === a && y === b)) return true
  if (a instanceof Date) return a.getTime() === (b as Date).getTime()
  if (a instanceof RegExp) return String(a) === String(b)
  const next: [unknown, unknown][] = [...seen, [a, b]]
  if (Array.isArray(a) || ArrayBuffer.isView(a)) {
    const x = a as ArrayLike<unknown>
    const y = b as ArrayLike<unknown>
    if (x.length !== y.length) return false
    for (let i = 0; i < x.length; i++) if (!equal(x[i], y[i], next)) return false
    return true
  }
  if (a instanceof Map || a instanceof Set) {
    const x = [...(a as Map<unknown, unknown>)]
    const y = [...(b as Map<unknown, unknown>)]
    return x.length === y.length && x.every((entry, i) => equal(entry, y[i], next))
  }
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], next),
  )
}

/**
 * Merges each source into `target` and returns it: plain objects and arrays merge recursively
 * (arrays index by index), an `undefined` source value leaves a defined target value alone,
 * anything else replaces the target value. Keys that would reach a prototype are skipped.
 */
export function merge<T extends object>(target: T, ...sources: unknown[]): T {
  for (const source of sources) if (isObjectLike(source)) mergeInto(target, source)
  return target
}

function mergeInto(target: object, source: object): void {
  const t = target as Record<string, unknown>
  for (const key of Object.keys(source)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
    const from = (source as Record<string, unknown>)[key]
    const to = t[key]
    if (Array.isArray(from)) {
      t[key] = mergeValue(
        Array.isArray(to) ? to : isArrayLikeObject(to) ? Array.from(to) : [],
        from,
      )
    } else if (isPlainObject(from)) {
      t[key] = mergeValue(isPlainObject(to) || Array.isArray(to) ? to : {}, from)
    } else if (from !== undefined || !Object.hasOwn(t, key)) {
      t[key] = from
    }
  }
}

function mergeValue(to: object, from: object): object {
  mergeInto(to, from)
  return to
}

function isArrayLikeObject(value: unknown): value is ArrayLike<unknown> {
  return (
    isObjectLike(value) &&
    typeof (value as { length?: unknown }).length === 'number' &&
    !ArrayBuffer.isView(value)
  )
}
