import type { WcWallet } from '../../fixtures/wallets'

/** The most `entries` one `/getWallets` page may ask for. */
export const MAX_ENTRIES = 100

/** `/getWallets` parameters after validation. */
export interface WalletQuery {
  page: number
  entries: number
  chains: string[]
  include: string[]
  exclude: string[]
  search: string
  certifiedOnly: boolean
}

/** Splits a comma-separated parameter, dropping empty items. */
function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/** Parses a positive integer parameter, or returns an error message. */
function positive(query: URLSearchParams, name: string, fallback: number): number | string {
  const raw = query.get(name)
  if (raw === null || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1) return `${name} must be a positive integer`
  return Number(raw)
}

/** Validates `/getWallets` parameters; a string is the 400 message. */
export function parseWalletQuery(query: URLSearchParams): WalletQuery | string {
  const page = positive(query, 'page', 1)
  if (typeof page === 'string') return page
  const entries = positive(query, 'entries', 40)
  if (typeof entries === 'string') return entries
  if (entries > MAX_ENTRIES) return `entries must be at most ${MAX_ENTRIES}`
  const badge = query.get('badge_type') ?? ''
  if (!['', 'none', 'certified'].includes(badge)) {
    return "badge_type must be 'certified' or 'none'"
  }
  return {
    page,
    entries,
    chains: list(query.get('chains')),
    include: list(query.get('include')),
    exclude: list(query.get('exclude')),
    search: (query.get('search') ?? '').trim().toLowerCase(),
    certifiedOnly: badge === 'certified',
  }
}

/** Applies filters, ordering and paging: `count` is the total before paging. */
export function queryWallets(
  all: readonly WcWallet[],
  q: WalletQuery,
): { count: number; data: WcWallet[] } {
  const include = new Set(q.include)
  const exclude = new Set(q.exclude)
  const matching = all.filter(
    (w) =>
      (include.size === 0 || include.has(w.id)) &&
      !exclude.has(w.id) &&
      (q.chains.length === 0 || q.chains.some((c) => w.chains.includes(c))) &&
      (!q.certifiedOnly || w.badge_type === 'certified') &&
      (q.search === '' || w.name.toLowerCase().includes(q.search)),
  )
  // Relevance first (names starting with the search term), then the catalogue's own order.
  const rank = (w: WcWallet) => (q.search && w.name.toLowerCase().startsWith(q.search) ? 0 : 1)
  matching.sort((a, b) => rank(a) - rank(b) || a.order - b.order)
  const start = (q.page - 1) * q.entries
  return { count: matching.length, data: matching.slice(start, start + q.entries) }
}
