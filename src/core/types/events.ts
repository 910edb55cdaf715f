import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'
import type { TransactionKind } from './transaction.js'
import type { View } from './view.js'

/** The connector a visitor used, as events and state describe it. */
export type ConnectorSummary = { id: string; name: string; type: string }

/** Event details, keyed by the event name without its `walletkit:` prefix (DESIGN §2). */
export type KitEvents = {
  ready: { version: string }
  open: { view: View }
  close: { view: View }
  connected: {
    address: string
    caipAddress: CaipAddress
    namespace: ChainNamespace
    caipNetworkId: CaipNetworkId
    connector: ConnectorSummary
  }
  disconnected: { namespace: ChainNamespace }
  accountChanged: { address: string; caipAddress: CaipAddress; namespace: ChainNamespace }
  chainChanged: { caipNetworkId: CaipNetworkId; namespace: ChainNamespace; supported: boolean }
  signedIn: { caipAddress: CaipAddress; caipNetworkId: CaipNetworkId; expiresAt: string | null }
  signedOut: { caipAddress: CaipAddress; caipNetworkId: CaipNetworkId; expiresAt: string | null }
  /** Once per transaction the kit or the host (through `getProvider()`) submitted. */
  transaction: { hash: string; kind: TransactionKind; caipNetworkId: CaipNetworkId }
  error: { code: string; message: string }
}

/** The names of WalletKit's DOM events. */
export type KitEventName = `walletkit:${keyof KitEvents}`
