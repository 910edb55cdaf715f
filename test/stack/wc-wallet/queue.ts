/** A FIFO that hands items to whoever waits for them, in arrival order. */
export interface AsyncQueue<T> {
  push(item: T): void
  /** Resolves with the oldest item not yet taken, waiting for one if needed. */
  next(): Promise<T>
  /** Removes and returns the oldest waiting item, if any, without waiting. */
  take(): T | undefined
}

/** Creates an empty {@link AsyncQueue}. */
export function createAsyncQueue<T>(): AsyncQueue<T> {
  const items: T[] = []
  const waiters: Array<(item: T) => void> = []
  return {
    push(item) {
      const waiter = waiters.shift()
      if (waiter) waiter(item)
      else items.push(item)
    },
    next() {
      if (items.length > 0) return Promise.resolve(items.shift() as T)
      return new Promise((resolve) => waiters.push(resolve))
    },
    take() {
      return items.shift()
    },
  }
}
