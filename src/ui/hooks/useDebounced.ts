import { useEffect, useRef } from 'react'

/** Calls `fn(value)` once `value` has stayed the same for `ms`; skips the first render. */
export function useDebounced<T>(value: T, ms: number, fn: (value: T) => void): void {
  const first = useRef(true)
  const callback = useRef(fn)
  callback.current = fn
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const timer = setTimeout(() => callback.current(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
}
