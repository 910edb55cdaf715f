import { computed, type ReadonlySignal, signal } from '@preact/signals-core'
import type { Connector } from '../../core/types/connector.js'
import { createInjectedConnector } from './connector.js'
import { createEip6963Discovery } from './discovery.js'
import { isEip1193Provider } from './eip1193.js'

/**
 * The injected connectors of the page: one per EIP-6963 announcement (for the page's lifetime), and
 * `window.ethereum` as "Browser Wallet" when it is not one of the announced providers.
 */
export function createInjectedConnectors(parameters: {
  eip6963: boolean
  injected: boolean
  target?: Window
  /** True for an rdns the catalogue knows: listed whatever a flood of others (row 11). */
  known?: (rdns: string) => boolean
}) {
  const target = parameters.target ?? window
  const discovery = parameters.eip6963
    ? createEip6963Discovery(target, parameters.known)
    : undefined
  const cache = new Map<string, Connector>()
  const connectors: ReadonlySignal<readonly Connector[]> = computed(() => {
    const announced = discovery?.wallets.value ?? []
    const list: Connector[] = announced.map((w) => {
      const id = `eip6963:${w.key}`
      const cached = cache.get(id)
      if (cached && cached.flags === w.flags) return cached
      const connector = createInjectedConnector({
        id,
        name: w.name,
        type: 'ANNOUNCED',
        provider: w.provider,
        rdns: w.rdns,
        icon: w.icon,
        flags: w.flags,
      })
      cache.set(id, connector)
      return connector
    })
    const ethereum = parameters.injected
      ? (target as unknown as { ethereum?: unknown }).ethereum
      : undefined
    if (isEip1193Provider(ethereum) && !announced.some((w) => w.provider === ethereum)) {
      let connector = cache.get('injected')
      if (!connector) {
        connector = createInjectedConnector({
          id: 'injected',
          name: 'Browser Wallet',
          type: 'INJECTED',
          provider: ethereum,
        })
        cache.set('injected', connector)
      }
      list.push(connector)
    }
    return list
  })
  return {
    connectors,
    /** Announced wallets left out of the list (over the caps). */
    leftOut: discovery?.leftOut ?? signal(0),
    /** Applies pending announcements now. */
    flush: () => discovery?.flush(),
    destroy: () => discovery?.destroy(),
  }
}
