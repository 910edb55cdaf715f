import type { Connector } from '../types/connector.js'
import type { WalletEntry } from '../types/wallet.js'
import type { WalletList } from '../wallets.js'

/** What matching reads of an installed wallet. */
type Matched = Pick<Connector, 'rdns' | 'flags' | 'name' | 'namespace'>

/** Finds the catalogue entry of an installed wallet. */
export type CatalogMatch = (connector: Matched) => WalletEntry | undefined

/**
 * The catalogue entry of an installed wallet: by rdns; a wallet without one (Wallet Standard) by
 * its name among loaded entries that support its namespace, unless another wallet has that name.
 */
export function catalogMatcher(
  wallets: Pick<WalletList, 'byRdns' | 'featured' | 'recommended' | 'recentListed' | 'all'>,
): CatalogMatch {
  return (connector) => {
    if (connector.rdns) return wallets.byRdns(connector.rdns)
    if (connector.flags?.duplicateName) return undefined
    const name = connector.name.toLowerCase()
    const lists = [wallets.featured, wallets.recommended, wallets.recentListed, wallets.all]
    for (const list of lists)
      for (const w of list.value)
        if (
          w.name.toLowerCase() === name &&
          w.chains.some((c) => c.startsWith(`${connector.namespace}:`))
        )
          return w
    return undefined
  }
}

/** The recent-wallets entry of an installed wallet: its catalogue entry, or one made of it. */
export function recentEntry(match: CatalogMatch, connector: Connector): WalletEntry {
  return match(connector) ?? connectorEntry(connector)
}

/** A wallet entry made of an installed wallet the catalogue does not list. */
export function connectorEntry(connector: Pick<Connector, 'id' | 'name' | 'rdns'>): WalletEntry {
  return Object.freeze({
    id: connector.rdns ?? connector.id,
    name: connector.name,
    image_id: null,
    image_url: null,
    homepage: null,
    rdns: connector.rdns ?? null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    chrome_store: null,
    badge_type: 'none',
    chains: [],
    supports_wc: false,
    injected: [],
  })
}
