import type { TokenBalance } from '../chain-state.js'
import type { HistoryPage } from '../history/types.js'
import type { SmartSession } from '../sessions/types.js'
import type { WalletPage } from './wallet.js'

/** What the core needs from the wallet catalogue API (implemented in services/). */
export type CatalogApi = {
  getWallets(parameters: {
    page: number
    entries: number
    chains?: string[] | undefined
    include?: string[] | undefined
    exclude?: string[] | undefined
    search?: string | undefined
    signal?: AbortSignal | undefined
  }): Promise<WalletPage>
  getWalletImage(imageId: string, signal?: AbortSignal): Promise<Blob>
  /** A token, currency or asset image (`/public/get*Image/{id}`); without it, letter marks show. */
  getImage?(kind: 'asset' | 'currency' | 'token', id: string, signal?: AbortSignal): Promise<Blob>
  getAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }>
}

/** One analytics event, as `POST /e` takes it (SPEC §7). */
export type AnalyticsEvent = {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: {
    type: 'track'
    event: string
    /** Only when the site owner turned `analyticsAddresses` on. */
    address?: string
    properties: Record<string, unknown>
  }
}

/** What the core needs from the analytics endpoint: a batch of events, by fetch or by beacon. */
export type AnalyticsApi = {
  /** Posts the batch; rejects with the HTTP error (a 403 included). */
  send(events: readonly AnalyticsEvent[]): Promise<void>
  /** Queues the batch with `navigator.sendBeacon` (no answer); false when the browser refused. */
  beacon(events: readonly AnalyticsEvent[]): boolean
}

/** One JSON-RPC call to a network's own endpoint; resolves to the `result`, throws a WalletKit error. */
export type RpcRequest = (url: string, method: string, params: unknown[]) => Promise<unknown>

/** A registered name and the addresses it points to, by SLIP-44 / ENSIP-11 coin type. */
export type NameProfile = {
  /** The name as the service spells it, e.g. `alice.reown.id`. */
  name: string
  /** Addresses by coin type (60 is Ethereum mainnet; `0x80000000 | chainId` an EVM chain). */
  addresses: readonly { coinType: number; address: string }[]
}

/**
 * What the core needs from the blockchain API (implemented in `services/blockchain.ts`). Views and
 * controllers never call `fetch`: a feature that needs another call adds it here, parses the answer
 * defensively in `services/`, and receives this object. Every method throws a WalletKit error
 * (`HttpRequestError`, `TimeoutError`, `InvalidResponseError`, …) on failure.
 */
export type BlockchainApi = {
  /** Balances of an address on a network (`/v1/account/{address}/balance`), native coin included. */
  getBalances(address: string, caipNetworkId: string, forceUpdate?: string): Promise<TokenBalance[]>
  /** Name and avatar of an address (`/v1/identity/{address}`). */
  getIdentity(address: string): Promise<{ name: string | null; avatar: string | null }>
  /** Networks the API serves (`/v1/supported-chains`). */
  getSupportedChains(): Promise<{ http: string[]; ws: string[] }>
  /**
   * The profile of a name (`/v1/profile/account/{name}`), or undefined when nobody registered it.
   *
   * @param signal - Abandons the lookup (a newer one replaced it).
   */
  lookupName(name: string, signal?: AbortSignal): Promise<NameProfile | undefined>
  /**
   * One page of an account's history on one network (`/v1/account/{address}/history`), newest
   * first; items of other networks are dropped. `cursor` is the `next` of the page before.
   */
  getHistory(
    address: string,
    parameters: {
      chainId: string
      cursor?: string | undefined
      /** An on-ramp provider: its purchases for the address instead of the chain's history. */
      onramp?: string | undefined
      signal?: AbortSignal | undefined
    },
  ): Promise<HistoryPage>
  /** The smart sessions an account granted (`/v1/sessions/{caipAddress}`). */
  getSessions(caipAddress: string, signal?: AbortSignal): Promise<SmartSession[]>
  /**
   * Revokes a smart session (`POST /v1/sessions/{caipAddress}/revoke`): the spec's `{ pci,
   * signature }`, and the site, time and nonce the signed message names, so the service can
   * rebuild it.
   */
  revokeSession(caipAddress: string, body: RevokeSessionBody): Promise<void>
}

/** The body of a smart session's revocation: what was signed, and the signature. */
export type RevokeSessionBody = {
  pci: string
  signature: string
  domain: string
  issuedAt: string
  nonce: string
}
