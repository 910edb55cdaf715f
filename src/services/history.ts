import type { HistoryItem, HistoryPage, HistoryTransfer } from '../core/history/types.js'
import type { HttpClient } from './http.js'
import { list, optionalText, record, text } from './parse.js'

/** Items read from one answer at most: a page is far smaller; anything beyond is dropped. */
const MAX_ITEMS = 100
/** Transfers read per item at most. */
const MAX_TRANSFERS = 20
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const NUMERIC = /^\d{1,60}(\.\d{1,40})?$/
const STATUSES = new Set(['confirmed', 'failed', 'pending'])
const DIRECTIONS = new Set(['in', 'out', 'self'])

/** Creates the history call of the blockchain API over an HTTP client bound to `blockchainApiUrl`. */
export function createHistoryService(http: HttpClient) {
  return {
    /**
     * `/v1/account/{address}/history` for one network, items of other networks dropped; with
     * `onramp`, the purchases that on-ramp provider lists for the address.
     */
    getHistory(
      address: string,
      parameters: {
        chainId: string
        cursor?: string | undefined
        onramp?: string | undefined
        signal?: AbortSignal | undefined
      },
    ): Promise<HistoryPage> {
      return http.json(
        {
          path: `/v1/account/${encodeURIComponent(address)}/history`,
          params: {
            chainId: parameters.chainId,
            cursor: parameters.cursor || undefined,
            onramp: parameters.onramp,
          },
          signal: parameters.signal,
          identify: 'query',
        },
        (value) => parseHistoryPage(value, parameters.chainId),
      )
    },
  }
}

/**
 * The contract of a token on `chain`, from `fungible_info.implementations` (`[{ chain_id,
 * address }]`, `address: null` for a native currency); undefined when the service does not say.
 */
function contractOn(info: Record<string, unknown>, chain: string): string | null | undefined {
  const list = Object.hasOwn(info, 'implementations') ? info.implementations : undefined
  if (!Array.isArray(list)) return undefined
  for (const entry of list.slice(0, 50)) {
    if (typeof entry !== 'object' || entry === null) continue
    const e = entry as Record<string, unknown>
    if (!Object.hasOwn(e, 'chain_id') || e.chain_id !== chain || !Object.hasOwn(e, 'address'))
      continue
    const address = e.address
    if (address === null) return null
    return typeof address === 'string' && /^[0-9A-Za-z]{32,44}$|^0x[0-9a-fA-F]{40}$/.test(address)
      ? address
      : undefined
  }
  return undefined
}

function parseTransfer(value: unknown, chain: string): HistoryTransfer | null {
  try {
    const t = record(value, 'transfer')
    const direction = text(t, 'direction', 8)
    if (!DIRECTIONS.has(direction)) return null
    const amount = text(record(t.quantity, 'quantity'), 'numeric', 102)
    if (!NUMERIC.test(amount)) return null
    const fungible = Object.hasOwn(t, 'fungible_info') ? t.fungible_info : undefined
    const nft = Object.hasOwn(t, 'nft_info') ? t.nft_info : undefined
    const info =
      typeof fungible === 'object' && fungible !== null ? record(fungible, 'fungible') : {}
    const nftInfo = typeof nft === 'object' && nft !== null ? record(nft, 'nft') : undefined
    const flags =
      nftInfo && typeof nftInfo.flags === 'object' && nftInfo.flags !== null
        ? record(nftInfo.flags, 'flags')
        : undefined
    // A price the service could not compute (NaN, negative) only loses the value, not the transfer.
    const usd = Object.hasOwn(t, 'value') ? t.value : undefined
    return {
      symbol: optionalText(info, 'symbol', 64) ?? optionalText(nftInfo ?? {}, 'name', 64) ?? '',
      name: optionalText(info, 'name', 200) ?? '',
      amount,
      direction: direction as HistoryTransfer['direction'],
      spam: flags !== undefined && Object.hasOwn(flags, 'is_spam') && flags.is_spam === true,
      value: typeof usd === 'number' && Number.isFinite(usd) && usd >= 0 ? usd : undefined,
      sender: optionalText(t, 'sender', 100) ?? undefined,
      recipient: optionalText(t, 'recipient', 100) ?? undefined,
      contract: contractOn(info, chain),
    }
  } catch {
    return null
  }
}

function parseItem(value: unknown, chainId: string): HistoryItem | null {
  try {
    const o = record(value, 'item')
    const m = record(o.metadata, 'metadata')
    const chain = optionalText(m, 'chain', 60) ?? chainId
    if (!CAIP2.test(chain)) return null
    const minedAt = Date.parse(text(m, 'minedAt', 40))
    if (!Number.isFinite(minedAt)) return null
    const status = optionalText(m, 'status', 12) ?? 'confirmed'
    const raw = Object.hasOwn(o, 'transfers') ? o.transfers : null
    const transfers = raw === null || raw === undefined ? [] : list(raw, 'transfers')
    return {
      id: text(o, 'id', 300),
      hash: text(m, 'hash', 200),
      chain,
      minedAt,
      operationType: optionalText(m, 'operationType', 40) ?? 'execute',
      status: (STATUSES.has(status) ? status : 'confirmed') as HistoryItem['status'],
      sentFrom: optionalText(m, 'sentFrom', 100) ?? '',
      sentTo: optionalText(m, 'sentTo', 100) ?? '',
      transfers: transfers
        .slice(0, MAX_TRANSFERS)
        .map((t) => parseTransfer(t, chain))
        .filter((t): t is HistoryTransfer => t !== null),
    }
  } catch {
    return null
  }
}

/**
 * Parses `{ data, next }` defensively (SECURITY.md row 20): only known fields are copied, an item
 * of the wrong shape or of another network is dropped, amounts must be plain decimals, texts are
 * bounded, and `next` is a bounded string or null. Throws only when the answer itself is no page.
 */
export function parseHistoryPage(value: unknown, chainId: string): HistoryPage {
  const o = record(value, 'history')
  const data = list(o.data, 'data')
  const next =
    Object.hasOwn(o, 'next') &&
    typeof o.next === 'string' &&
    o.next.length > 0 &&
    o.next.length <= 2000
      ? o.next
      : null
  return {
    items: data
      .slice(0, MAX_ITEMS)
      .map((item) => parseItem(item, chainId))
      .filter((item): item is HistoryItem => item !== null && item.chain === chainId),
    next,
  }
}
