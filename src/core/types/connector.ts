import type { ProviderRpcError } from '../errors/rpc.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from './caip.js'
import type { AccountType } from './options.js'

/** Kinds of connectors (SPEC §3, §6). */
export type ConnectorType =
  | 'ANNOUNCED'
  | 'INJECTED'
  | 'WALLET_CONNECT'
  | 'AUTH'
  | 'MULTI_CHAIN'
  | 'EXTERNAL'
  | 'COINBASE'
  | 'SAFE'
  | 'LEDGER'

/** What a transaction hash names: a transaction on the network, or a Safe transaction. */
export type TransactionHashType = 'chain' | 'safe'

/** Events a connector reports, already normalised. */
export type ConnectorEvents = {
  accountsChanged: string[]
  /** The wallet's network, as CAIP-2. */
  chainChanged: CaipNetworkId
  disconnect: undefined
}

/** Marks on a discovered wallet that a visitor should see (SECURITY.md row 10). */
export type ConnectorFlags = {
  /** Another wallet announced the same name. */
  duplicateName?: boolean
  /** Another wallet announced the same rdns. */
  duplicateRdns?: boolean
  /** Another provider announced the same uuid. */
  uuidCollision?: boolean
  /** The name looks like another wallet's without being it (confusable letters, mixed scripts). */
  lookalike?: boolean
  /** The name carried invisible or control characters (removed from what is shown). */
  hiddenCharacters?: boolean
}

/** True when a wallet carries any mark: it is shown marked and never reconnected silently. */
export const isMarked = (flags: ConnectorFlags | undefined): boolean =>
  !!flags && Object.values(flags).some(Boolean)

/** What a connector knows of its accounts beyond their addresses (the embedded wallet does). */
export type ConnectorAccountInfo = {
  /** Every account with its type, the one in use among them. */
  accounts: readonly { address: string; type: AccountType }[]
  preferredAccountType: AccountType
  user?: { email?: string | undefined; username?: string | undefined } | undefined
  /** How the visitor signed in (`email`, `google`, …). */
  socialProvider?: string | undefined
}

/** The one contract every connector kind shares (STYLE 5). Errors are WalletKit errors. */
export type Connector = {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly namespace: ChainNamespace
  readonly rdns?: string | undefined
  /** A checked data: URI of the wallet's icon. */
  readonly icon?: string | undefined
  readonly flags?: ConnectorFlags | undefined
  /**
   * What the provider's `eth_sendTransaction` answers: a transaction hash on the network
   * (`'chain'`, the default) or a Safe transaction hash (`'safe'`), which becomes a chain
   * transaction once the Safe's owners execute it.
   */
  readonly sentHash?: TransactionHashType | undefined
  /** Asks the wallet for accounts (prompts the visitor). */
  connect(parameters: {
    network?: CaipNetwork | undefined
  }): Promise<{ accounts: string[]; caipNetworkId: CaipNetworkId }>
  /** Ends the session on the wallet's side where it can. */
  disconnect(): Promise<void>
  /** Accounts the site may already use, without a prompt. */
  getAccounts(): Promise<string[]>
  /** The wallet's current network. */
  getNetworkId(): Promise<CaipNetworkId>
  /** True when the wallet still authorises this site (silent reconnect). */
  isAuthorized(): Promise<boolean>
  /** Asks the wallet to switch (adding the network when it does not know it). */
  switchNetwork(network: CaipNetwork): Promise<void>
  /** The object the host page uses to talk to the wallet (an EIP-1193 provider for eip155). */
  getProvider(): unknown
  /** Account types and the signed-in user, for connectors that have them. */
  accountInfo?(): ConnectorAccountInfo | undefined
  /**
   * The connector's own conversion of its wallet's failures to WalletKit's classes (STYLE 2), for
   * requests made through `getProvider()`. Default: the EIP-1193 codes (`toProviderError`).
   */
  readonly toError?: ((error: unknown) => ProviderRpcError) | undefined
  /**
   * For a wallet whose sends return something else than the chain's transaction hash (a Safe
   * returns a Safe transaction hash): waits until the chain transaction exists and resolves to its
   * hash; rejects with the signal's reason when it aborts. Absent: the hash a send returns is the
   * chain's, and the transactions controller waits for its receipt directly.
   */
  chainHashOf?(hash: string, options: { signal: AbortSignal }): Promise<string>
  /** Subscribes to the wallet's events; returns the unsubscribe. */
  on<K extends keyof ConnectorEvents>(
    event: K,
    listener: (value: ConnectorEvents[K]) => void,
  ): () => void
}
