/**
 * Node's `EventEmitter`, as the `events` package gives it to browsers, for WalletConnect's client
 * (its core, sign client, provider, relay connections and heartbeat all extend it). The same order,
 * the same `once` wrappers and removal from the last match, the same 'newListener' and
 * 'removeListener' events, the same unhandled 'error' throw and the same leak warning;
 * test/unit/embed/shims/events.test.ts drives both with random calls and compares every result.
 */

// biome-ignore lint/suspicious/noExplicitAny: listeners take whatever the emitter passes
type Listener = (...args: any[]) => void
/** A `once` wrapper carries the listener it wraps, as in `events`. */
type Wrapped = Listener & { listener?: Listener }
type Key = string | symbol

let defaultMaxListeners = 10
const warnings = console

/** Node's `EventEmitter` API, as `events` 3 implements it. */
export class EventEmitter {
  // A null-prototype object, as in `events`: the same key coercion and the same key order.
  #events: Record<Key, Wrapped[] & { warned?: boolean }> = Object.create(null)
  #max: number | undefined

  /** Listeners an emitter may hold for one event before a leak warning (10). */
  static get defaultMaxListeners(): number {
    return defaultMaxListeners
  }
  static set defaultMaxListeners(n: number) {
    defaultMaxListeners = checkedCount(n, 'defaultMaxListeners')
  }

  setMaxListeners(n: number): this {
    this.#max = checkedCount(n, 'n')
    return this
  }

  getMaxListeners(): number {
    return this.#max ?? defaultMaxListeners
  }

  emit(type: Key, ...args: unknown[]): boolean {
    const list = this.#events[type]
    if (!list) {
      if (type !== 'error') return false
      const er = args[0]
      if (er instanceof Error) throw er
      const err = new Error(
        `Unhandled error.${er ? ` (${(er as { message?: unknown }).message})` : ''}`,
      ) as Error & { context?: unknown }
      err.context = er
      throw err
    }
    for (const listener of [...list]) listener.apply(this, args)
    return true
  }

  #add(type: Key, listener: Wrapped, prepend: boolean): this {
    checkListener(listener)
    if (this.#events.newListener) this.emit('newListener', type, listener.listener ?? listener)
    let list = this.#events[type]
    if (!list) list = this.#events[type] = []
    if (prepend) list.unshift(listener)
    else list.push(listener)
    const max = this.getMaxListeners()
    if (max > 0 && list.length > max && !list.warned) {
      list.warned = true
      const warning = Object.assign(
        new Error(
          `Possible EventEmitter memory leak detected. ${list.length} ${String(type)} listeners added. Use emitter.setMaxListeners() to increase limit`,
        ),
        { name: 'MaxListenersExceededWarning', emitter: this, type, count: list.length },
      )
      // The package's own warning, through the console as it writes it.
      warnings.warn(warning)
    }
    return this
  }

  addListener(type: Key, listener: Listener): this {
    return this.#add(type, listener, false)
  }

  on(type: Key, listener: Listener): this {
    return this.#add(type, listener, false)
  }

  prependListener(type: Key, listener: Listener): this {
    return this.#add(type, listener, true)
  }

  #onceWrap(type: Key, listener: Listener): Wrapped {
    checkListener(listener)
    let fired = false
    const wrapped: Wrapped = (...args) => {
      if (fired) return
      this.removeListener(type, wrapped)
      fired = true
      return listener.apply(this, args)
    }
    wrapped.listener = listener
    return wrapped
  }

  once(type: Key, listener: Listener): this {
    return this.on(type, this.#onceWrap(type, listener))
  }

  prependOnceListener(type: Key, listener: Listener): this {
    return this.prependListener(type, this.#onceWrap(type, listener))
  }

  removeListener(type: Key, listener: Listener): this {
    checkListener(listener)
    const list = this.#events[type]
    if (!list) return this
    let i = list.length - 1
    while (i >= 0 && list[i] !== listener && list[i]?.listener !== listener) i--
    if (i < 0) return this
    const removed = list[i] as Wrapped
    // `events` keeps a lone listener outside an array: removing it leaves the array as it was, and
    // a list down to one is a new array (so a loop over the old one sees what it saw there, and a
    // list grown again may warn again).
    if (list.length === 1) delete this.#events[type]
    else {
      list.splice(i, 1)
      if (list.length === 1) this.#events[type] = [list[0] as Wrapped]
    }
    if (this.#events.removeListener) this.emit('removeListener', type, removed.listener ?? listener)
    return this
  }

  off(type: Key, listener: Listener): this {
    return this.removeListener(type, listener)
  }

  /** With no argument, every event; an explicit `undefined` is the event named 'undefined'. */
  removeAllListeners(...types: [Key?]): this {
    const events = this.#events
    if (!events.removeListener) {
      if (!types.length) this.#events = Object.create(null)
      else delete events[types[0] as Key]
      return this
    }
    if (!types.length) {
      // String keys only, as `events` walks them; then everything goes.
      for (const key of Object.keys(events))
        if (key !== 'removeListener') this.removeAllListeners(key)
      this.removeAllListeners('removeListener')
      this.#events = Object.create(null)
      return this
    }
    const type = types[0] as Key
    const list = events[type] ?? []
    for (let i = list.length - 1; i >= 0; i--) this.removeListener(type, list[i] as Listener)
    return this
  }

  listeners(type: Key): Listener[] {
    return (this.#events[type] ?? []).map((l) => l.listener ?? l)
  }

  rawListeners(type: Key): Listener[] {
    return [...(this.#events[type] ?? [])]
  }

  listenerCount(type: Key): number {
    return this.#events[type]?.length ?? 0
  }

  eventNames(): Key[] {
    return Reflect.ownKeys(this.#events)
  }
}

function checkListener(listener: unknown): void {
  if (typeof listener !== 'function')
    throw new TypeError(
      `The "listener" argument must be of type Function. Received type ${typeof listener}`,
    )
}

function checkedCount(n: number, name: string): number {
  if (typeof n !== 'number' || n < 0 || Number.isNaN(n))
    throw new RangeError(
      `The value of "${name}" is out of range. It must be a non-negative number. Received ${n}.`,
    )
  return n
}

export default EventEmitter
