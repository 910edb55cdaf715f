import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core'

/** What to estimate: a key naming the transfer, and how to ask for its fee. */
export type EstimateInput = { key: string; run: () => Promise<bigint> }

/**
 * The form's fee estimate: once the input has settled for `debounceMs`, its fee is asked (again
 * only when the key changes); the fee check and Max use it until the review has the exact one.
 * A failed estimate leaves none: the review says why when the visitor gets there.
 */
export function createFeeEstimate(p: {
  /** What to estimate now; undefined while nothing should be (the form is not on screen). */
  input: ReadonlySignal<EstimateInput | undefined>
  debounceMs: number
}) {
  const estimate = signal<{ key: string; fee: bigint } | undefined>(undefined)
  let timer: ReturnType<typeof setTimeout> | undefined
  let generation = 0
  const stop = effect(() => {
    const input = p.input.value
    clearTimeout(timer)
    if (!input || estimate.peek()?.key === input.key) return
    const run = ++generation
    timer = setTimeout(() => {
      input.run().then(
        (fee) => {
          if (run === generation) estimate.value = { key: input.key, fee }
        },
        () => undefined,
      )
    }, p.debounceMs)
  })
  const forget = () => {
    generation++
    clearTimeout(timer)
  }
  return {
    /** The estimated fee, in the native coin's base units. */
    fee: computed(() => estimate.value?.fee),
    /** Drops the estimate (another token, a fresh form). */
    clear() {
      forget()
      estimate.value = undefined
    },
    destroy() {
      forget()
      stop()
    },
  }
}
