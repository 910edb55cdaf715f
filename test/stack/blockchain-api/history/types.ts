/** One transfer of a history item, in the public service's snake_case shape (service-shapes §2.2). */
export interface HistoryTransfer {
  fungible_info?: {
    name?: string
    symbol?: string
    icon?: { url: string }
    /** The token's contract per network (`address: null` for a native currency), as Zerion names it. */
    implementations?: { chain_id: string; address: string | null; decimals: number }[]
  }
  /** Present on spam: the only place the service's shape carries a spam flag. */
  nft_info?: { name?: string; flags: { is_spam: boolean } }
  direction: 'in' | 'out' | 'self'
  /** `numeric` in whole units, e.g. '1.5'. */
  quantity: { numeric: string }
  /** USD value of the transfer at today's price. */
  value?: number
  /** USD per whole unit, today. */
  price?: number
  /** Who sent and who received this transfer (the service's transfer fields). */
  sender: string
  recipient: string
}

/** One item of `/v1/account/{address}/history`: metadata camelCase, transfers snake_case. */
export interface HistoryItem {
  id: string
  metadata: {
    operationType: string
    hash: string
    /** CAIP-2. */
    chain: string
    /** ISO 8601, from the block's timestamp (the chain's clock). */
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed' | 'pending'
    nonce: number
  }
  transfers: HistoryTransfer[]
}

/** An item with the key it is sorted and paged by (larger = newer). */
export interface IndexedItem {
  item: HistoryItem
  /** Fixed-width, so string order is time order: time, chain, block, position. */
  key: string
}

/** The sort key of an item mined at `unixSeconds` in block `block` at `position` on `chain`. */
export function sortKey(
  unixSeconds: number,
  chain: string,
  block: number,
  position: number,
): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0')
  return `${pad(unixSeconds, 12)}|${pad(block, 12)}|${pad(position, 8)}|${chain}`
}

/** `2023-11-14T22:13:20Z` for a Unix time in seconds. */
export function isoSeconds(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace('.000Z', 'Z')
}
