import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { TransactionHashType } from './connector.js'
import type { TextRef } from './texts.js'

/**
 * The kinds of transactions the kit submits: the `kind` of `walletkit:transaction`. A feature that
 * sends a new kind adds it here (and to the README's event table).
 */
export type TransactionKind = 'send' | 'approve' | 'swap'

/** Where a tracked transaction is: sent and waiting, or its receipt said how it went. */
export type TransactionStatus = 'pending' | 'confirmed' | 'failed'

/** What a transaction moves, for lists that show pending transactions (Activity). */
export type TransactionSummary = Readonly<{
  /** Decimal amount in whole units, e.g. '0.25'. */
  amount: string
  symbol: string
  /** The recipient (or spender of an approval), when there is one. */
  to?: string | undefined
}>

/** One transaction of the pending list (`kit.transactions.list`). */
export type TrackedTransaction = Readonly<{
  /** Unique in this page's life; stable across status changes. */
  id: number
  /** The hash the wallet returned (for a Safe, the Safe transaction hash). */
  hash: string
  /** What `hash` names: a transaction on the network, or a Safe transaction (`safeTxHash`). */
  hashType: TransactionHashType
  /** The chain's transaction hash, once known (the same as `hash` for most wallets). */
  chainHash: string | undefined
  kind: TransactionKind
  namespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  /** The sending account, when known. */
  from: string | undefined
  /** `kit`: a flow of the modal (Send, Swap, …); `host`: the page, through `kit.getProvider()`. */
  origin: 'kit' | 'host'
  status: TransactionStatus
  /** When the wallet returned the hash (ms since the epoch). */
  submittedAt: number
  summary: TransactionSummary | undefined
}>

/** The toasts around a transaction's receipt, by their texts' keys. */
export type TransactionTexts = {
  /** Shown (loading) once the wallet returned the hash, until the receipt. */
  pending?: TextRef | undefined
  /** Shown once the receipt says it succeeded. */
  success: TextRef
}
