import type { Connection } from '../../core/connection.js'
import type { Emitter } from '../../core/emitter.js'
import type { ChainNamespace } from '../../core/types/caip.js'
import type { KitEvents } from '../../core/types/events.js'

/** What linking needs of the kit: its namespaces, the `connected` event and a silent reconnect. */
export type SessionLinkPort = {
  /** The namespaces the kit has an adapter for. */
  readonly adapters: readonly ChainNamespace[]
  readonly events: Pick<Emitter<KitEvents>, 'on'>
  readonly connection: Pick<Connection, 'reconnect'>
}

import { createSessionNamespaceConnector, type SessionSource } from './connector.js'

export { createSessionNamespaceConnector, type SessionSource } from './connector.js'

/**
 * Brings the other namespaces of a WalletConnect session into the kit: whenever the WalletConnect
 * connector connects (or reconnects after a reload), each other configured namespace (not eip155,
 * which only the connector itself serves) whose accounts the wallet approved is connected too,
 * without a prompt. The namespace the visitor was on stays the active one.
 *
 * @returns Stops listening.
 */
export function linkSessionNamespaces(
  kit: SessionLinkPort,
  source: SessionSource & { id: string; namespace: ChainNamespace },
): () => void {
  const connectors = kit.adapters
    .filter(
      (ns): ns is Exclude<ChainNamespace, 'eip155'> => ns !== 'eip155' && ns !== source.namespace,
    )
    .map((namespace) => createSessionNamespaceConnector({ source, namespace }))
  if (!connectors.length) return () => undefined
  return kit.events.on('connected', ({ connector }) => {
    if (connector.id !== source.id) return
    void (async () => {
      for (const c of connectors) await kit.connection.reconnect(c, { activate: false })
    })()
  })
}
