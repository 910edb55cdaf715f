import type { RpcOutcome } from '../chain/rpc.js'
import type { InProcessProvider, WalletEvent } from './types.js'

/**
 * An EIP-1193 provider over the wallet's `handle`, in the same process: errors are thrown as
 * `Error`s carrying `code` and `data`, events are delivered to `on` listeners.
 */
export function createInProcessProvider(
  handle: (method: string, params: unknown, origin: string) => Promise<RpcOutcome>,
  subscribe: (listener: (event: WalletEvent) => void) => () => void,
): InProcessProvider {
  // One relay per (event, listener), as an EventEmitter keeps them.
  const relays = new Map<string, Map<(payload: unknown) => void, () => void>>()
  const of = (event: string) => {
    let map = relays.get(event)
    if (!map) {
      map = new Map()
      relays.set(event, map)
    }
    return map
  }
  return {
    async request({ method, params }) {
      const outcome = await handle(method, params ?? [], 'in-process')
      if ('result' in outcome) return outcome.result
      throw Object.assign(new Error(outcome.error.message), outcome.error)
    },
    on(event, listener) {
      if (of(event).has(listener)) return
      const stop = subscribe((e) => {
        if (e.event === event) listener(e.payload)
      })
      of(event).set(listener, stop)
    },
    removeListener(event, listener) {
      of(event).get(listener)?.()
      of(event).delete(listener)
    },
  }
}
