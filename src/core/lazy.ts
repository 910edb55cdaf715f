import { type ReadonlySignal, signal } from '@preact/signals-core'

/**
 * A feature's controller, made on its first use (the first call) and kept: its module is not
 * evaluated while the page loads (docs/architecture.md, "Short tasks while a page loads").
 */
export type Lazy<T> = {
  /** The controller, made now when it was not yet. */
  (): T
  /** The controller once made, else undefined; read in a computed or an effect, it tracks the making. */
  readonly made: ReadonlySignal<T | undefined>
}

/** Makes `create()` a {@link Lazy}: called on the first use only, its result kept. */
export function lazy<T>(create: () => T): Lazy<T> {
  const made = signal<T | undefined>(undefined)
  const get = (): T => {
    const kept = made.peek()
    if (kept !== undefined) return kept
    const controller = create()
    made.value = controller
    return controller
  }
  return Object.assign(get, { made })
}
