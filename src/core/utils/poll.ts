/** Options of {@link pollUntil}. */
export type PollOptions = {
  /** Stops polling; the promise rejects with the signal's reason. */
  signal: AbortSignal
  /** Wait between two reads, in ms. */
  intervalMs: number
  /** Gives up after this long, in ms (`onTimeout` makes the error). */
  timeoutMs: number
  /** The error thrown when time is up; `last` is the last read's failure, if any. */
  onTimeout: (last: unknown) => Error
}

/**
 * Calls `read` at once and then every `intervalMs` until it returns a value (not undefined). A read
 * that throws counts as "not yet" (a node that is briefly unreachable must not end a wait), so only
 * the time-out or the signal end the loop.
 *
 * @example
 * const receipt = await pollUntil(() => getReceipt(hash), { signal, intervalMs: 1000, timeoutMs: 600_000, onTimeout })
 */
export function pollUntil<T>(read: () => Promise<T | undefined>, options: PollOptions): Promise<T> {
  const { signal } = options
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let last: unknown
    let done = false
    const finish = (settle: () => void) => {
      if (done) return
      done = true
      clearTimeout(timer)
      clearTimeout(deadline)
      signal.removeEventListener('abort', onAbort)
      settle()
    }
    const onAbort = () => finish(() => reject(signal.reason))
    const deadline = setTimeout(
      () => finish(() => reject(options.onTimeout(last))),
      options.timeoutMs,
    )
    const attempt = () => {
      read().then(
        (value) => {
          if (value !== undefined) finish(() => resolve(value))
          else if (!done) timer = setTimeout(attempt, options.intervalMs)
        },
        (error: unknown) => {
          last = error
          if (!done) timer = setTimeout(attempt, options.intervalMs)
        },
      )
    }
    if (signal.aborted) {
      onAbort()
      return
    }
    signal.addEventListener('abort', onAbort, { once: true })
    attempt()
  })
}
