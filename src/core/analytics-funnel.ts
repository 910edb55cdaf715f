import type { Analytics } from './analytics.js'
import type { Emitter } from './emitter.js'
import type { KitEvents } from './types/events.js'

/** Analytics event names of the kit's own events (those of AppKit's `POST /e`, where it has one). */
const TRANSACTION_EVENTS = { send: 'SEND_SUCCESS', swap: 'SWAP_SUCCESS', approve: 'SWAP_APPROVAL' }

/**
 * Turns the kit's events into the site owner's funnel: open and close (by the caller), connect
 * success, network switch, sign-in, transactions by kind, disconnect. Each carries the connector,
 * view and network known at that moment; an address only when `includeAddress` is set.
 *
 * @param context - What the kit knows now: view, connector id and network of the active namespace.
 * @returns Stops listening.
 */
export function trackFunnel(
  events: Pick<Emitter<KitEvents>, 'on'>,
  analytics: Analytics,
  context: () => {
    view: string
    connector: string | undefined
    caipNetworkId: string | undefined
    address: string | undefined
  },
  includeAddress: boolean,
): () => void {
  const track = (event: string, properties: Record<string, string | boolean | undefined> = {}) => {
    const now = context()
    analytics.track(
      event,
      {
        view: now.view,
        connector: now.connector,
        caipNetworkId: now.caipNetworkId,
        ...properties,
      },
      includeAddress ? now.address : undefined,
    )
  }
  const stops = [
    events.on('connected', (d) =>
      track('CONNECT_SUCCESS', {
        connector: d.connector.id,
        connectorType: d.connector.type,
        name: d.connector.name,
        namespace: d.namespace,
        caipNetworkId: d.caipNetworkId,
      }),
    ),
    events.on('chainChanged', (d) =>
      track('SWITCH_NETWORK', {
        caipNetworkId: d.caipNetworkId,
        namespace: d.namespace,
        supported: d.supported,
      }),
    ),
    events.on('signedIn', (d) => track('SIWX_AUTH_SUCCESS', { caipNetworkId: d.caipNetworkId })),
    events.on('transaction', (d) =>
      track(TRANSACTION_EVENTS[d.kind] ?? 'TRANSACTION', {
        kind: d.kind,
        caipNetworkId: d.caipNetworkId,
        hashType: d.hashType,
      }),
    ),
    events.on('disconnected', (d) => track('DISCONNECT_SUCCESS', { namespace: d.namespace })),
  ]
  return () => {
    for (const stop of stops) stop()
  }
}
