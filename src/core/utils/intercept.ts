/**
 * A stand-in for `target` whose method `name` is `replacement`; everything else (reads, writes,
 * `in`, keys, the prototype) goes to `target`, and its other methods are called on `target`
 * itself. The stand-in is a Proxy over an empty object, so a frozen `target` (a Solana provider)
 * works too, and the same bound function is returned on every read (`p.on === p.on`).
 *
 * @example
 * const watched = interceptMethod(provider, 'request', async (args) => log(await provider.request(args)))
 */
export function interceptMethod<T extends object>(
  target: T,
  name: PropertyKey,
  replacement: (...args: never[]) => unknown,
): T {
  const bound = new Map<PropertyKey, { from: unknown; fn: unknown }>()
  return new Proxy(Object.create(null) as T, {
    get(_, key) {
      if (key === name) return replacement
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function') return value
      const cached = bound.get(key)
      if (cached?.from === value) return cached.fn
      const fn = (value as (...args: unknown[]) => unknown).bind(target)
      bound.set(key, { from: value, fn })
      return fn
    },
    set: (_, key, value) => Reflect.set(target, key, value, target),
    has: (_, key) => key === name || Reflect.has(target, key),
    ownKeys: () => Reflect.ownKeys(target),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key)
      if (!descriptor) return undefined
      // The empty stand-in has no such property: a proxy may only report it as configurable.
      return {
        ...descriptor,
        ...(key === name && 'value' in descriptor ? { value: replacement } : {}),
        configurable: true,
      }
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(target),
  })
}
