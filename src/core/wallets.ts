import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core'
import {
  FEATURED_WALLETS_DEFAULT_COUNT,
  RECENT_WALLETS_MAX_COUNT,
  RECOMMENDED_WALLETS_COUNT,
  SEARCH_ENTRIES_COUNT,
  SEARCH_IMAGE_WAIT_MS,
  WALLET_PAGE_SIZE,
} from './constants.js'
import type { ImageCache } from './images.js'
import type { CatalogApi } from './types/services.js'
import type { WalletEntry } from './types/wallet.js'
import type { SafeStorage } from './utils/storage.js'

/** Loading state of a list. */
export type ListStatus = 'idle' | 'loading' | 'ready' | 'error'

/** What the wallet list controller needs. */
export type WalletListParameters = {
  api: CatalogApi
  /** Only waits for images (search results show with theirs). */
  images: Pick<ImageCache, 'whenLoaded'>
  storage: SafeStorage
  /** CAIP-2 ids of the configured networks: only wallets supporting one are listed. */
  chains: string[]
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  /** The site's own wallets (`customWallets`), already parsed. */
  customWallets?: readonly WalletEntry[]
  /**
   * The entry of a recent wallet the catalogue does not list (an installed wallet, WalletConnect
   * itself), by its id, from what the page has now.
   */
  entryOf?: (id: string) => WalletEntry | undefined
}

/** The wallet list controller. */
export type WalletList = ReturnType<typeof createWalletList>

const RECENT_KEY = 'recentWallets'

/**
 * Creates the wallet list controller: featured, recommended and recent wallets for Connect, and
 * the paged, searchable list for All Wallets (SPEC §7, §9). Include and exclude ids apply to every list.
 */
export function createWalletList(p: WalletListParameters) {
  const include = p.includeWalletIds.length ? p.includeWalletIds : undefined
  const custom = p.customWallets ?? []
  const allowed = (id: string) =>
    (!include || include.includes(id)) && !p.excludeWalletIds.includes(id)

  const featured = signal<WalletEntry[]>([])
  const recommended = signal<WalletEntry[]>([])
  const connectStatus = signal<ListStatus>('idle')
  const catalogCount = signal(0)
  /** Ids of the recent wallets, most recent first: all that storage keeps of them. */
  const recentIds = signal<readonly string[]>(readRecent())
  /** Catalogue entries of recent wallets, asked for by id (those no other list has loaded). */
  const recentEntries = signal<readonly WalletEntry[]>([])

  const all = signal<WalletEntry[]>([])
  /**
   * What the pages of `all` hold, kept as they arrive (`all` only grows): its entries by id, and
   * the first entry of each rdns, with `allRdnsCount` changed only when a page brings an rdns not
   * seen yet. So a page does not rebuild them, and what follows the catalogue's rdns (discovery's
   * listing, row 11) is not worked out again for a page that brings none.
   */
  const allById = new Map<string, WalletEntry>()
  const allByRdns = new Map<string, WalletEntry>()
  const allRdnsCount = signal(0)
  const total = signal(0)
  const page = signal(0)
  const allStatus = signal<ListStatus>('idle')

  const query = signal('')
  const results = signal<WalletEntry[]>([])
  const searchStatus = signal<ListStatus>('idle')
  let searchController: AbortController | undefined
  let connectLoad: Promise<void> | undefined

  /**
   * Ids of the recent wallets in storage, which a script may have edited: only ids are read (an
   * entry stored by an earlier version is reduced to its id), so a wallet's name, image and links
   * always come from the catalogue or the site's `customWallets`, never from storage.
   */
  function readRecent(): string[] {
    const stored = p.storage.get(RECENT_KEY, Array.isArray) ?? []
    const out: string[] = []
    for (const item of stored.slice(0, RECENT_WALLETS_MAX_COUNT * 4)) {
      const id = typeof item === 'string' ? item : (item as { id?: unknown } | null)?.id
      if (typeof id !== 'string' || !id.trim() || id.length > 128) continue
      if (allowed(id) && !out.includes(id)) out.push(id)
    }
    return out.slice(0, RECENT_WALLETS_MAX_COUNT)
  }

  /** Asks the catalogue for the recent wallets no list has (once per load of Connect). */
  function loadRecent(): Promise<void> {
    const missing = recentIds.peek().filter((id) => !entryOf(id))
    if (!missing.length) return Promise.resolve()
    return p.api
      .getWallets({ page: 1, entries: missing.length, include: missing, chains: p.chains })
      .then(
        (r) => {
          const found = r.data.filter((w) => missing.includes(w.id) && allowed(w.id))
          recentEntries.value = [...recentEntries.peek(), ...found]
        },
        // Recent wallets the catalogue could not give are simply not shown.
        () => undefined,
      )
  }

  /** Loads featured and recommended wallets (once; again after a failure). */
  function loadConnect(): Promise<void> {
    if (connectLoad && connectStatus.value !== 'error') return connectLoad
    connectStatus.value = 'loading'
    const featuredIds = p.featuredWalletIds.filter(allowed)
    const loadFeatured = featuredIds.length
      ? p.api
          .getWallets({
            page: 1,
            entries: featuredIds.length,
            include: featuredIds,
            chains: p.chains,
          })
          .then((r) =>
            r.data
              .filter((w) => featuredIds.includes(w.id))
              .sort((a, b) => featuredIds.indexOf(a.id) - featuredIds.indexOf(b.id))
              .slice(0, FEATURED_WALLETS_DEFAULT_COUNT),
          )
      : Promise.resolve([])
    const skip = [...p.excludeWalletIds, ...featuredIds.slice(0, FEATURED_WALLETS_DEFAULT_COUNT)]
    const loadRecommended = p.api.getWallets({
      page: 1,
      entries: RECOMMENDED_WALLETS_COUNT + RECENT_WALLETS_MAX_COUNT,
      include,
      exclude: skip,
      chains: p.chains,
    })
    void loadRecent()
    connectLoad = Promise.all([loadFeatured, loadRecommended]).then(
      ([f, r]) =>
        batch(() => {
          featured.value = f
          recommended.value = r.data.filter((w) => allowed(w.id) && !f.some((x) => x.id === w.id))
          catalogCount.value = r.count + f.length
          connectStatus.value = 'ready'
        }),
      () => {
        connectStatus.value = 'error'
      },
    )
    return connectLoad
  }

  /** Loads the next All Wallets page (no-op while loading or when everything is loaded). */
  async function loadNextPage(): Promise<void> {
    if (allStatus.value === 'loading') return
    if (!hasMore.peek()) return
    allStatus.value = 'loading'
    try {
      const next = page.value + 1
      const r = await p.api.getWallets({
        page: next,
        entries: WALLET_PAGE_SIZE,
        include,
        exclude: p.excludeWalletIds.length ? p.excludeWalletIds : undefined,
        chains: p.chains,
      })
      const fresh = r.data.filter((w) => allowed(w.id) && !allById.has(w.id))
      for (const w of fresh) {
        if (!allById.has(w.id)) allById.set(w.id, w)
        if (w.rdns && !allByRdns.has(w.rdns)) allByRdns.set(w.rdns, w)
      }
      batch(() => {
        all.value = [...all.value, ...fresh]
        allRdnsCount.value = allByRdns.size
        total.value = r.count
        page.value = next
        allStatus.value = 'ready'
      })
    } catch {
      allStatus.value = 'error'
    }
  }

  /** Searches the catalogue (SEARCH_ENTRIES_COUNT entries); an empty query clears the search. */
  async function search(text: string): Promise<void> {
    const q = text.trim()
    searchController?.abort()
    query.value = q
    if (!q) {
      batch(() => {
        results.value = []
        searchStatus.value = 'idle'
      })
      return
    }
    const controller = new AbortController()
    searchController = controller
    searchStatus.value = 'loading'
    try {
      const r = await p.api.getWallets({
        page: 1,
        entries: SEARCH_ENTRIES_COUNT,
        search: q,
        include,
        exclude: p.excludeWalletIds.length ? p.excludeWalletIds : undefined,
        chains: p.chains,
        signal: controller.signal,
      })
      const found = r.data.filter((w) => allowed(w.id))
      await Promise.all([
        ...found.flatMap((w) => (w.image_id ? [p.images.whenLoaded(w.image_id)] : [])),
        new Promise((resolve) => setTimeout(resolve, SEARCH_IMAGE_WAIT_MS)),
      ])
      if (controller.signal.aborted) return
      batch(() => {
        results.value = found
        searchStatus.value = 'ready'
      })
    } catch {
      if (!controller.signal.aborted) searchStatus.value = 'error'
    }
  }

  /**
   * Records a wallet the visitor connected with (most recent first, at most 2): its id only. Its
   * entry, when given, lists it until the catalogue gives it again.
   */
  function addRecent(wallet: WalletEntry | string) {
    const id = typeof wallet === 'string' ? wallet : wallet.id
    if (!allowed(id)) return
    const next = [id, ...recentIds.peek().filter((other) => other !== id)].slice(
      0,
      RECENT_WALLETS_MAX_COUNT,
    )
    batch(() => {
      if (typeof wallet !== 'string' && !entryOf(id))
        recentEntries.value = [...recentEntries.peek(), wallet]
      recentIds.value = next
    })
    p.storage.set(RECENT_KEY, next)
  }

  /** Entries by id from the site, the lists loaded so far and the page's own wallets. */
  const indexBefore = computed(() => {
    const found = new Map<string, WalletEntry>()
    for (const list of [recentEntries.value, featured.value, recommended.value])
      for (const w of list) if (!found.has(w.id)) found.set(w.id, w)
    return found
  })
  /** A recent wallet's entry from the site or the lists loaded so far, never from the page. */
  function listedEntryOf(id: string): WalletEntry | undefined {
    const before = custom.find((c) => c.id === id) ?? indexBefore.value.get(id)
    if (before) return before
    // Read so that a caller follows the pages.
    all.value
    return allById.get(id) ?? results.value.find((w) => w.id === id)
  }
  /** A recent wallet's entry, from where its links may come: the site, the catalogue, the page. */
  function entryOf(id: string): WalletEntry | undefined {
    return listedEntryOf(id) ?? p.entryOf?.(id)
  }
  // The same list when a page changed nothing of it, so what follows it is not worked out again.
  const recentOf = (find: (id: string) => WalletEntry | undefined) => {
    let last: WalletEntry[] = []
    return computed(() => {
      const next = recentIds.value.flatMap((id) => {
        const wallet = find(id)
        return wallet ? [wallet] : []
      })
      if (next.length !== last.length || next.some((w, i) => w !== last[i])) last = next
      return last
    })
  }
  const recent = recentOf(entryOf)
  /**
   * Recent wallets the site or the catalogue lists. What the catalogue knows is asked while the
   * page's wallets are being listed, so it must not read them back (a wallet does not vouch for
   * itself either).
   */
  const recentListed = recentOf(listedEntryOf)

  // Every page counts towards `total`, even when duplicates or disallowed entries were dropped.
  const hasMore = computed(
    () =>
      page.value === 0 ||
      (all.value.length < total.value && page.value * WALLET_PAGE_SIZE < total.value),
  )
  const recentIdSet = computed(() => new Set(recentIds.value))
  /** The first entry of each rdns in the lists before `all` (featured, recommended, recent). */
  const rdnsBefore = computed(() => {
    const index = new Map<string, WalletEntry>()
    for (const list of [featured.value, recommended.value, recentListed.value])
      for (const w of list) if (w.rdns && !index.has(w.rdns)) index.set(w.rdns, w)
    return index
  })
  /** The first entry with this rdns in featured, recommended, recent, `all`, then the search's. */
  function byRdns(rdns: string): WalletEntry | undefined {
    const before = rdnsBefore.value.get(rdns)
    if (before) return before
    // Read so that a caller follows the rdns the pages bring.
    allRdnsCount.value
    return allByRdns.get(rdns) ?? results.value.find((w) => w.rdns === rdns)
  }

  return {
    featured: featured as ReadonlySignal<WalletEntry[]>,
    /** Recommended wallets, without those already shown as featured or recent. */
    recommended: computed(() =>
      recommended.value
        .filter((w) => !recentIdSet.value.has(w.id))
        .slice(0, RECOMMENDED_WALLETS_COUNT),
    ),
    /** Recent wallets whose entry is known (the site's, the catalogue's or the page's). */
    recent: recent as ReadonlySignal<WalletEntry[]>,
    /** Recent wallets the site or the catalogue lists, without the page's own wallets. */
    recentListed: recentListed as ReadonlySignal<WalletEntry[]>,
    /** The site's own wallets (`customWallets`), in the site's order. */
    custom: custom as readonly WalletEntry[],
    connectStatus: connectStatus as ReadonlySignal<ListStatus>,
    /** How many wallets the catalogue lists for this site. */
    catalogCount: catalogCount as ReadonlySignal<number>,
    all: all as ReadonlySignal<WalletEntry[]>,
    total: total as ReadonlySignal<number>,
    allStatus: allStatus as ReadonlySignal<ListStatus>,
    hasMore,
    query: query as ReadonlySignal<string>,
    results: results as ReadonlySignal<WalletEntry[]>,
    searchStatus: searchStatus as ReadonlySignal<ListStatus>,
    /** A loaded catalogue entry with this rdns (to show an installed wallet's catalogue data). */
    byRdns: (rdns: string | undefined) => (rdns ? byRdns(rdns) : undefined),
    loadConnect,
    loadNextPage,
    search,
    addRecent,
    destroy() {
      searchController?.abort()
    },
  }
}
