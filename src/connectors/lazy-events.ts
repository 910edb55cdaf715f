import { createEmitter, type Emitter } from '../core/emitter.js'
import type { Connector, ConnectorEvents } from '../core/types/connector.js'

/**
 * A connector's events, heard from the wallet only while someone listens: `attach` subscribes to
 * the wallet with the first listener, and what it returns unsubscribes after the last one leaves
 * (a wallet nobody follows is not kept busy, nor kept alive). Each unsubscribe works once.
 *
 * @param attach - Subscribes to the wallet, forwarding to the emitter; returns the unsubscribe
 *   (none for a wallet without events).
 * @returns The emitter to forward to, and the connector's `on`.
 */
export function lazyEvents(
  attach: (emitter: Emitter<ConnectorEvents>) => (() => void) | undefined,
): {
  emitter: Emitter<ConnectorEvents>
  on: Connector['on']
} {
  const emitter = createEmitter<ConnectorEvents>()
  let listening = 0
  let detach: (() => void) | undefined
  return {
    emitter,
    on(event, listener) {
      const off = emitter.on(event, listener)
      if (listening++ === 0) detach = attach(emitter)
      let done = false
      return () => {
        if (done) return
        done = true
        off()
        if (--listening === 0) {
          detach?.()
          detach = undefined
        }
      }
    },
  }
}
