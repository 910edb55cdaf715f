import { type ReadonlySignal, signal } from '@preact/signals-core'
import type { Connector } from '../../core/types/connector.js'
import { openSafeChannel, type SafeChannel } from './channel.js'
import { createSafeConnector } from './connector.js'

export { SAFE_CONNECTOR_ID } from './connector.js'

/** What {@link createSafeConnectors} needs. */
export type SafeConnectorsParameters = {
  /** Origins a Safe parent frame may have. */
  allowedOrigins: readonly string[]
  /** How long the parent has to answer. */
  timeoutMs: number
  /** Called once when the page turns out to be open in a Safe. */
  onFound?: (connector: Connector) => void
  window?: Window | undefined
}

/**
 * The Safe connector, when the page is open as a Safe App: asks the parent frame in the
 * background (nothing waits for it), and lists the Safe once a Safe parent answered. Outside a
 * frame the list stays empty and nothing is sent.
 */
export function createSafeConnectors(p: SafeConnectorsParameters) {
  const connectors = signal<readonly Connector[]>([])
  let channel: SafeChannel | undefined
  let destroyed = false
  void openSafeChannel({
    allowedOrigins: p.allowedOrigins,
    timeoutMs: p.timeoutMs,
    window: p.window,
  }).then((found) => {
    if (!found) return
    if (destroyed) {
      found.channel.close()
      return
    }
    channel = found.channel
    const connector = createSafeConnector(found.channel, found.info)
    connectors.value = [connector]
    p.onFound?.(connector)
  })
  return {
    connectors: connectors as ReadonlySignal<readonly Connector[]>,
    destroy() {
      destroyed = true
      channel?.close()
    },
  }
}
