import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'

/** The state a host page reads with `kit.getState()` (DESIGN §2): plain, serialisable data. */
export type KitState = {
  /** Whether the modal is open. */
  open: boolean
  /** The current view. */
  view: string
  /** The active namespace's connection status. */
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  /** The active account's address, or null. */
  address: string | null
  /** The active account as CAIP-10, or null. */
  caipAddress: CaipAddress | null
  /** The active namespace. */
  namespace: ChainNamespace
  /** The active network as CAIP-2, or null. */
  caipNetworkId: CaipNetworkId | null
  /** The connector in use, or null. */
  connector: { id: string; name: string } | null
  /** The native balance in whole units, or null. */
  balance: { amount: string; symbol: string } | null
  /** The SIWX session, or null. */
  session: { caipAddress: string; caipNetworkId: string; expiresAt: string | null } | null
  /** The language the modal's texts are in (`'en'` until another locale's texts are loaded). */
  locale: string
}
