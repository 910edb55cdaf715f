import type { ReadonlySignal, Signal } from '@preact/signals-core'
import { type Connection, createConnection } from '../connection.js'
import { createLegalConsent, type LegalConsent } from '../legal.js'
import type { KitParts } from '../parts.js'
import type { PhonePairing } from '../phone/controller.js'
import { createKitPhone } from '../phone/wiring.js'
import { createTransactions, type Transactions } from '../transactions.js'
import type { Connector } from '../types/connector.js'
import { type CatalogMatch, recentEntry } from './catalog-match.js'
import { type ConnectFlow, createConnectFlow } from './controller.js'

/**
 * Builds the kit's connection controller, its transactions pipeline and the connect flow over the
 * kit's parts: a wallet that connects becomes a recent wallet (not the embedded one, which is
 * reached through its login), a failed attempt is counted in analytics, and account data loads
 * only once the modal has been opened. On a phone, a pairing is prepared before the visitor taps
 * a wallet, so its link opens in the tap (`phone/`); Connect's legal consent gates the choice.
 */
export function createKitConnection(
  p: Pick<
    KitParts,
    | 'options'
    | 'chain'
    | 'router'
    | 'events'
    | 'storage'
    | 'adapters'
    | 'toasts'
    | 'analytics'
    | 'env'
  > & {
    accountData: KitParts['accountData']
    wallets: KitParts['wallets']
    connectors: ReadonlySignal<readonly Connector[]>
    catalogMatch: CatalogMatch
    /** Set once the modal has been opened. */
    opened: Signal<boolean>
    afterPaint: (task: () => void) => void
  },
): {
  connection: Connection
  transactions: Transactions
  flow: ConnectFlow
  phone: PhonePairing
  legal: LegalConsent
} {
  const { options, chain, router, analytics } = p
  const connection = createConnection({
    ...p,
    networks: options.networks,
    allowUnsupportedChain: options.allowUnsupportedChain,
    shouldLoadAccountData: () => p.opened.peek(),
    onConnectFailed: (connector, error) =>
      analytics.track('CONNECT_ERROR', {
        connector: connector.id,
        connectorType: connector.type,
        view: router.view.peek(),
        message: error instanceof Error ? error.name : 'Error',
      }),
    onConnected: (connector) => {
      if (connector.type !== 'AUTH') p.wallets.addRecent(recentEntry(p.catalogMatch, connector))
    },
  })
  const transactions = createTransactions({
    ...p,
    connectorOf: connection.connectorOf,
    networkOf: (id) =>
      options.networks.find((n) => n.caipNetworkId === id) ??
      Object.values(chain.networks.peek()).find((n) => n?.caipNetwork?.caipNetworkId === id)
        ?.caipNetwork,
    currentNetwork: (ns) => chain.networks.peek()[ns]?.caipNetwork?.caipNetworkId,
    currentAddress: (ns) => chain.accounts.peek()[ns]?.address,
    // Balances are read once the visitor has opened the modal (not for a host send before that).
    refresh: connection.loadData,
  })
  const { env } = p
  const phone = createKitPhone({
    ...p,
    isPhone: env.isMobile ?? (() => false),
    visibility: env.visibility,
    reconnect: connection.reconnect,
    addRecent: p.wallets.addRecent,
    reusePairing: env.reusePairing,
    inAppBrowser: env.inAppBrowser,
    open: env.openLink,
  })
  const legal = createLegalConsent({
    required: options.features.legalCheckbox,
    urls: [options.termsConditionsUrl, options.privacyPolicyUrl],
    debug: options.debug,
  })
  const flow = createConnectFlow({
    ...p,
    connection,
    phone,
    openLink: env.openLink,
  })
  return { connection, transactions, flow, phone, legal }
}
