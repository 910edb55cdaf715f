import { useSignals as trackSignals } from '@preact/signals-react/runtime'
import { createContext, useContext } from 'react'

/** What a component's signal tracking can be told: stop, when its render is never committed. */
export type SignalStore = { subscribe(onChange: () => void): () => void }

/**
 * Set by a rehearsal render (see rehearse.tsx): the signal stores of the components it renders, so
 * they are released when it ends. Such a render is never committed, so React never subscribes to
 * them, and never unsubscribes.
 */
export const RehearsalStores = createContext<Set<SignalStore> | null>(null)

/**
 * Re-renders the component when a signal it read while rendering changes (the signals-react hook,
 * which every component of the modal calls through this one).
 */
export function useSignals(): void {
  const store = trackSignals()
  useContext(RehearsalStores)?.add(store)
}
