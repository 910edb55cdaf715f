import { effect, type ReadonlySignal } from '@preact/signals-core'
import type { Connection } from '../connection.js'
import { type Connector, isMarked } from '../types/connector.js'

/**
 * The silent reconnect after a reload: when a remembered wallet shows up (announcements may come
 * late), it is asked once whether it still authorises the site. Not when two wallets claim the
 * same identity, or a name imitates another's: the visitor has to choose which one is real.
 *
 * @returns Stops watching the connectors.
 */
export function startSilentReconnect(p: {
  connectors: ReadonlySignal<readonly Connector[]>
  connection: Pick<Connection, 'stored' | 'reconnect'>
}): () => void {
  const attempted = new Set<string>()
  return effect(() => {
    const list = p.connectors.value
    for (const entry of p.connection.stored()) {
      if (attempted.has(entry.namespace)) continue
      const match =
        list.find((c) => c.namespace === entry.namespace && c.id === entry.connectorId) ??
        list.find(
          (c) =>
            c.namespace === entry.namespace && entry.rdns !== undefined && c.rdns === entry.rdns,
        )
      if (!match || isMarked(match.flags)) continue
      attempted.add(entry.namespace)
      void p.connection.reconnect(match)
    }
  })
}
