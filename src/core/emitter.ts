/** A typed event emitter: `on()` returns its own unsubscribe. */
export type Emitter<Events extends Record<string, unknown>> = {
  on<K extends keyof Events>(event: K, listener: (detail: Events[K]) => void): () => void
  emit<K extends keyof Events>(event: K, detail: Events[K]): void
  clear(): void
}

/** Creates a typed emitter; a throwing listener never stops the others. */
export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(detail: never) => void>>()
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener as (detail: never) => void)
      return () => set.delete(listener as (detail: never) => void)
    },
    emit(event, detail) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (d: typeof detail) => void)(detail)
        } catch (error) {
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
    clear() {
      listeners.clear()
    },
  }
}
