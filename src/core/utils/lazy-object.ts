/**
 * An object that is `known` until something else of it is read: each other property is that of
 * `load()`'s object, `load` being called once, on the first such read. What a first frame shows of
 * a feature (a connector's name and icon, whether login is offered) is known at once, and the
 * feature's code is evaluated only when a property of the rest is read (docs/architecture.md,
 * "Short tasks while a page loads"). The loaded object's methods must not read `this`.
 *
 * @example
 * const connector = lazyObject<Connector>({ id, name, type: 'ANNOUNCED' }, createConnector)
 * connector.name // no call
 * await connector.connect({}) // createConnector() once, then its connect
 */
export function lazyObject<T extends object>(known: Partial<T>, load: () => T): T {
  let loaded: T | undefined
  const real = () => (loaded ??= load())
  return new Proxy(known, {
    get: (target, key) => (key in target ? target : real())[key as keyof T],
  }) as T
}
