/** One transfer of a history item, as the kit keeps it after checking the service's answer. */
export type HistoryTransfer = {
  /** Token symbol and name from the service (untrusted text: render as text, cleaned). */
  symbol: string
  name: string
  /** Whole units, a plain decimal string, e.g. '0.25'. */
  amount: string
  direction: 'in' | 'out' | 'self'
  /** Flagged spam by the service (`nft_info.flags.is_spam`). */
  spam: boolean
  /** USD value, when the service priced it. */
  value?: number | undefined
  /** Who sent and who received it, when the service says. */
  sender?: string | undefined
  recipient?: string | undefined
  /**
   * The token's contract on the item's network: `null` for the native currency, undefined when
   * the service did not say (`fungible_info.implementations`).
   */
  contract?: string | null | undefined
}

/** A transaction of the account's history (SPEC §3). */
export type HistoryItem = {
  id: string
  hash: string
  /** CAIP-2 of its network. */
  chain: string
  /** When it was mined, in ms since the epoch (the chain's clock). */
  minedAt: number
  operationType: string
  status: 'confirmed' | 'failed' | 'pending'
  sentFrom: string
  sentTo: string
  transfers: readonly HistoryTransfer[]
}

/** One page of history and the cursor of the next (null on the last). */
export type HistoryPage = { items: HistoryItem[]; next: string | null }
