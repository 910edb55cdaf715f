import type { Kit } from '../core/kit.js'
import type { KitEvents } from '../core/types/events.js'

const NAMES: readonly (keyof KitEvents)[] = [
  'ready',
  'open',
  'close',
  'connected',
  'disconnected',
  'accountChanged',
  'chainChanged',
  'signedIn',
  'signedOut',
  'transaction',
  'error',
]

/**
 * Forwards the kit's events to `window` as `walletkit:*` CustomEvents with plain, frozen details.
 *
 * @returns Stops forwarding.
 */
export function bridgeEvents(kit: Kit, target: EventTarget = window): () => void {
  const stops = NAMES.map((name) =>
    kit.events.on(name, (detail) => {
      target.dispatchEvent(
        new CustomEvent(`walletkit:${name}`, { detail: Object.freeze(structuredClone(detail)) }),
      )
    }),
  )
  return () => {
    for (const stop of stops) stop()
  }
}
