import { computed, signal } from '@preact/signals-core'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import {
  RECENT_WALLETS_MAX_COUNT,
  SEARCH_ENTRIES_COUNT,
  SEARCH_IMAGE_WAIT_MS,
  WALLET_PAGE_SIZE,
} from '../../../src/core/constants.js'
import type { ImageCache, ImageState } from '../../../src/core/images.js'
import type { CatalogApi } from '../../../src/core/types/services.js'
import type { WalletEntry } from '../../../src/core/types/wallet.js'
import { createSafeStorage } from '../../../src/core/utils/storage.js'
import { customWalletEntry } from '../../../src/core/wallet-entry.js'
import { createWalletList, type WalletListParameters } from '../../../src/core/wallets.js'

type GetWallets = Parameters<CatalogApi['getWallets']>[0]

const entry = (id: string, name = `Wallet ${id}`): WalletEntry =>
  Object.freeze({
    id,
    name,
    image_id: `img-${id}`,
    image_url: null,
    homepage: null,
    rdns: `io.${id}`,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    chrome_store: null,
    badge_type: 'none',
    chains: ['eip155:1'],
    supports_wc: true,
    injected: [],
  })

/** w1 … wN, in catalogue order. */
const catalogue = (n: number) => Array.from({ length: n }, (_, i) => entry(`w${i + 1}`))

/**
 * A catalogue API stand-in that answers like the real one (paging, include, exclude, search),
 * records its calls, and can be told to fail, to hold its answers, or to ignore the filters.
 */
function fakeApi(wallets: WalletEntry[]) {
  const calls: GetWallets[] = []
  const state = {
    fail: false,
    ignoreFilters: false,
    hold: false,
    /** Pages overriding what the list would give, by page number. */
    pages: new Map<number, { count: number; data: WalletEntry[] }>(),
  }
  const held: (() => void)[] = []
  const answer = (p: GetWallets) => {
    let list = wallets
    if (!state.ignoreFilters) {
      if (p.include) list = list.filter((w) => p.include?.includes(w.id))
      if (p.exclude) list = list.filter((w) => !p.exclude?.includes(w.id))
    }
    if (p.search)
      list = list.filter((w) => w.name.toLowerCase().includes(p.search?.toLowerCase() ?? ''))
    const override = state.pages.get(p.page)
    if (override) return override
    return { count: list.length, data: list.slice((p.page - 1) * p.entries, p.page * p.entries) }
  }
  const getWallets = vi.fn((p: GetWallets) => {
    calls.push(p)
    return new Promise<{ count: number; data: WalletEntry[] }>((resolve, reject) => {
      const settle = () => {
        if (p.signal?.aborted) reject(new DOMException('aborted', 'AbortError'))
        else if (state.fail) reject(new Error('HTTP status code: 503'))
        else resolve(answer(p))
      }
      p.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      if (state.hold) held.push(settle)
      else settle()
    })
  })
  const api: CatalogApi = {
    getWallets,
    getWalletImage: vi.fn(() => Promise.reject(new Error('not used'))),
    getAnalyticsConfig: vi.fn(() => Promise.resolve({ isAnalyticsEnabled: false })),
  }
  const release = () => {
    for (const settle of held.splice(0)) settle()
  }
  return { api, calls, state, release, getWallets }
}

/** An image cache stand-in: every image "loads" when the test says so. */
function fakeImages() {
  const pending = new Map<string, () => void>()
  const state = { instant: true }
  const images: ImageCache = {
    image: () => signal<ImageState>({ status: 'loading' }),
    catalog: () => signal<ImageState>({ status: 'loading' }),
    fromUrl: () => signal<ImageState>({ status: 'loading' }),
    whenLoaded: vi.fn((id: string) =>
      state.instant ? Promise.resolve() : new Promise<void>((r) => pending.set(id, r)),
    ),
    destroy: () => {},
  }
  const load = (id: string) => pending.get(id)?.()
  return { images, state, load }
}

function setup(overrides: Partial<WalletListParameters> = {}, wallets = catalogue(100)) {
  const fake = fakeApi(wallets)
  const img = fakeImages()
  const storage = createSafeStorage(() => localStorage)
  const list = createWalletList({
    api: fake.api,
    images: img.images,
    storage,
    chains: ['eip155:1'],
    featuredWalletIds: [],
    includeWalletIds: [],
    excludeWalletIds: [],
    ...overrides,
  })
  return { list, storage, ...fake, img }
}

const ids = (list: readonly WalletEntry[]) => list.map((w) => w.id)

beforeEach(() => {
  localStorage.clear()
})
afterEach(() => {
  vi.useRealTimers()
})

test('default', () => {
  const { list, calls } = setup()
  expect(list.featured.value).toEqual([])
  expect(list.recommended.value).toEqual([])
  expect(list.recent.value).toEqual([])
  expect(list.all.value).toEqual([])
  expect(list.results.value).toEqual([])
  expect(list.connectStatus.value).toBe('idle')
  expect(list.allStatus.value).toBe('idle')
  expect(list.searchStatus.value).toBe('idle')
  expect(list.hasMore.value).toBe(true)
  expect(list.query.value).toBe('')
  expect(calls).toEqual([])
  expect(Object.keys(list)).toMatchInlineSnapshot(`
    [
      "featured",
      "recommended",
      "recent",
      "recentListed",
      "custom",
      "connectStatus",
      "catalogCount",
      "all",
      "total",
      "allStatus",
      "hasMore",
      "query",
      "results",
      "searchStatus",
      "byRdns",
      "loadConnect",
      "loadNextPage",
      "search",
      "addRecent",
      "destroy",
    ]
  `)
})

// ── Connect: featured, recommended, recent ────────────────────────────────

test('behavior: featured wallets come in featuredWalletIds order, at most 4', async () => {
  const { list, calls } = setup({ featuredWalletIds: ['w9', 'w3', 'w7', 'w1', 'w5'] })
  await list.loadConnect()
  expect(ids(list.featured.value)).toEqual(['w9', 'w3', 'w7', 'w1'])
  expect(calls[0]).toMatchObject({ include: ['w9', 'w3', 'w7', 'w1', 'w5'], chains: ['eip155:1'] })
  expect(list.connectStatus.value).toBe('ready')
})

test('behavior: featured ids the catalogue returns out of the list are ignored', async () => {
  const { list, state } = setup({ featuredWalletIds: ['w2', 'w1'] })
  state.ignoreFilters = true
  await list.loadConnect()
  expect(ids(list.featured.value)).toEqual(['w2', 'w1'])
})

test('behavior: no featured ids makes no featured request', async () => {
  const { list, calls } = setup()
  await list.loadConnect()
  expect(calls).toHaveLength(1)
  expect(list.featured.value).toEqual([])
})

test('behavior: recommended are 4, without the featured wallets', async () => {
  const { list, calls } = setup({ featuredWalletIds: ['w1', 'w2'] })
  await list.loadConnect()
  expect(ids(list.recommended.value)).toEqual(['w3', 'w4', 'w5', 'w6'])
  expect(calls[1]).toMatchObject({ page: 1, exclude: ['w1', 'w2'] })
})

test('behavior: recommended leave out recent wallets', async () => {
  const { list } = setup({ featuredWalletIds: ['w1'] })
  list.addRecent(entry('w2'))
  list.addRecent(entry('w4'))
  await list.loadConnect()
  expect(ids(list.recommended.value)).toEqual(['w3', 'w5', 'w6', 'w7'])
})

test('behavior: recommended never repeat a featured wallet', async () => {
  // The first featured id is not in the catalogue, so the fifth one is shown as featured.
  const { list } = setup({ featuredWalletIds: ['gone', 'w1', 'w2', 'w3', 'w4'] })
  await list.loadConnect()
  expect(ids(list.featured.value)).toEqual(['w1', 'w2', 'w3', 'w4'])
  const featured = new Set(ids(list.featured.value))
  expect(ids(list.recommended.value).filter((id) => featured.has(id))).toEqual([])
})

test('behavior: catalogCount counts the catalogue once', async () => {
  const { list } = setup({ featuredWalletIds: ['w1', 'w2'] })
  await list.loadConnect()
  expect(list.catalogCount.value).toBe(100)
})

test('behavior: loadConnect loads once', async () => {
  const { list, calls } = setup()
  await Promise.all([list.loadConnect(), list.loadConnect()])
  await list.loadConnect()
  expect(calls).toHaveLength(1)
})

test('behavior: recent holds at most 2, most recent first, and stores their ids only', async () => {
  const { list } = setup()
  expect(RECENT_WALLETS_MAX_COUNT).toBe(2)
  list.addRecent(entry('w1'))
  list.addRecent(entry('w2'))
  list.addRecent(entry('w3'))
  expect(ids(list.recent.value)).toEqual(['w3', 'w2'])
  list.addRecent(entry('w2'))
  expect(ids(list.recent.value)).toEqual(['w2', 'w3'])
  expect(JSON.parse(localStorage.getItem('walletkit:recentWallets') ?? '[]')).toEqual(['w2', 'w3'])
  // The next visit has their entries once the catalogue gave them (one request, by id).
  const next = setup()
  expect(next.list.recent.value).toEqual([])
  await next.list.loadConnect()
  await vi.waitFor(() => expect(ids(next.list.recent.value)).toEqual(['w2', 'w3']))
  expect(next.calls).toContainEqual(
    expect.objectContaining({ include: ['w2', 'w3'], entries: 2, page: 1 }),
  )
})

test('behavior: stored recent wallets are capped on read', async () => {
  localStorage.setItem('walletkit:recentWallets', JSON.stringify(['w1', 'w2', 'w3']))
  const { list } = setup()
  await list.loadConnect()
  await vi.waitFor(() => expect(ids(list.recent.value)).toEqual(['w1', 'w2']))
})

test('behavior: corrupt or wrong-shaped stored recent wallets are ignored', async () => {
  for (const stored of [
    '[{"id":',
    JSON.stringify([{ id: 1, name: 'x' }, 2, null, '', 'x'.repeat(129)]),
    JSON.stringify({ id: 'w1', name: 'x' }),
  ]) {
    localStorage.setItem('walletkit:recentWallets', stored)
    const { list, calls } = setup()
    await list.loadConnect()
    expect(list.recent.value).toEqual([])
    expect(calls.some((c) => c.include)).toBe(false)
  }
})

test('error: a stored link, even a forged one, is never used: only the id is read (issue 31)', async () => {
  localStorage.setItem(
    'walletkit:recentWallets',
    JSON.stringify([
      // An entry as an earlier version stored it, edited by a script.
      {
        ...entry('w1'),
        name: 'Forged',
        mobile_link: 'javascript:alert(1)',
        link_mode: 'https://evil.example',
        webapp_link: 'https://evil.example',
        image_url: 'https://tracker.example/p.png',
      },
      // An id the catalogue does not know: nothing to show.
      { ...entry('nowhere'), mobile_link: 'https://evil.example' },
    ]),
  )
  const { list } = setup()
  await list.loadConnect()
  await vi.waitFor(() => expect(ids(list.recent.value)).toEqual(['w1']))
  // The catalogue's entry, as loaded from it (w1 has no links there).
  expect(list.recent.value[0]).toEqual(entry('w1'))
})

test('behavior: a recent wallet the catalogue does not list comes from the page (entryOf)', () => {
  const installed = entry('io.installed', 'Installed')
  localStorage.setItem('walletkit:recentWallets', JSON.stringify(['io.installed', 'gone']))
  const here = signal(true)
  const { list, calls } = setup({
    entryOf: (id) => (here.value && id === 'io.installed' ? installed : undefined),
  })
  expect(list.recent.value).toEqual([installed])
  here.value = false
  expect(list.recent.value).toEqual([])
  expect(calls).toEqual([])
})

test('behavior: what the catalogue knows never reads the page wallets that ask it (no cycle)', () => {
  localStorage.setItem('walletkit:recentWallets', JSON.stringify(['io.installed']))
  const installed = entry('io.installed', 'Installed')
  // The page's wallets, listed by asking what the catalogue knows (as discovery does), while a
  // recent wallet's entry comes from those same wallets.
  let list: ReturnType<typeof setup>['list'] | undefined
  const connectors = computed(() =>
    list?.byRdns(installed.rdns ?? '') === undefined ? [installed] : [],
  )
  list = setup({
    entryOf: (id) => connectors.value.find((c) => c.id === id),
  }).list
  expect(connectors.value).toEqual([installed])
  expect(list.recent.value).toEqual([installed])
  // A page wallet does not vouch for itself.
  expect(list.byRdns(installed.rdns ?? '')).toBeUndefined()
  expect(list.recentListed.value).toEqual([])
})

test('behavior: custom wallets are listed; a stored one comes back as the site configures it', () => {
  const custom = customWalletEntry({
    id: 'my-wallet',
    name: 'My Wallet',
    image_url: 'https://cdn.site.example/w.png',
    mobile_link: 'mywallet://',
  })
  if (!custom) throw new Error('expected an entry')
  localStorage.setItem(
    'walletkit:recentWallets',
    JSON.stringify([{ ...custom, name: 'Edited', image_url: 'https://tracker.example/x.png' }]),
  )
  const { list } = setup({ customWallets: [custom] })
  expect(list.custom).toEqual([custom])
  expect(list.recent.value).toEqual([custom])
  expect(custom.supports_wc).toBe(true)
  expect(customWalletEntry({ id: '', name: 'No id' })).toBeUndefined()
})

test('behavior: byRdns finds a loaded catalogue entry', async () => {
  const { list } = setup()
  expect(list.byRdns('io.w2')).toBeUndefined()
  await list.loadConnect()
  expect(list.byRdns('io.w2')?.id).toBe('w2')
  expect(list.byRdns(undefined)).toBeUndefined()
  expect(list.byRdns('io.nope')).toBeUndefined()
})

// ── Include and exclude ───────────────────────────────────────────────────

const include = ['w2', 'w4', 'w6', 'w8', 'w10', 'w12', 'w14', 'w16']
const exclude = ['w4', 'w10']

test('behavior: include and exclude are sent with every catalogue request', async () => {
  vi.useFakeTimers()
  const { list, calls } = setup({ includeWalletIds: include, excludeWalletIds: exclude })
  await list.loadConnect()
  await list.loadNextPage()
  const search = list.search('wallet')
  await vi.advanceTimersByTimeAsync(SEARCH_IMAGE_WAIT_MS)
  await search
  for (const call of calls) {
    expect(call.include).toEqual(include)
    expect(call.exclude).toEqual(expect.arrayContaining(exclude))
  }
})

for (const ignoreFilters of [false, true]) {
  test(`behavior: include and exclude hold in every list${ignoreFilters ? ', even when the catalogue ignores them' : ''}`, async () => {
    vi.useFakeTimers()
    localStorage.setItem(
      'walletkit:recentWallets',
      JSON.stringify([entry('w3'), entry('w4'), entry('w6')]),
    )
    const { list, state } = setup({
      featuredWalletIds: ['w1', 'w4', 'w2'],
      includeWalletIds: include,
      excludeWalletIds: exclude,
    })
    state.ignoreFilters = ignoreFilters
    const allowed = (id: string) => include.includes(id) && !exclude.includes(id)
    await list.loadConnect()
    await list.loadNextPage()
    const search = list.search('wallet')
    await vi.advanceTimersByTimeAsync(SEARCH_IMAGE_WAIT_MS)
    await search
    // A catalogue that ignores `include` cannot return the one featured wallet asked for.
    expect(ids(list.featured.value)).toEqual(ignoreFilters ? [] : ['w2'])
    expect(ids(list.recent.value)).toEqual(['w6'])
    expect(list.recommended.value.length).toBeGreaterThan(0)
    expect(list.all.value.length).toBeGreaterThan(0)
    expect(list.results.value.length).toBeGreaterThan(0)
    for (const [name, wallets] of Object.entries({
      featured: list.featured.value,
      recommended: list.recommended.value,
      all: list.all.value,
      results: list.results.value,
      recent: list.recent.value,
    }))
      for (const w of wallets) expect(allowed(w.id), `${name}: ${w.id}`).toBe(true)
  })
}

test('behavior: a wallet connected outside the allowed list is not shown as recent', () => {
  const { list } = setup({ excludeWalletIds: ['w1'] })
  list.addRecent(entry('w1'))
  expect(list.recent.value).toEqual([])
})

// ── All Wallets: paging ───────────────────────────────────────────────────

test('behavior: pages of 40 until count', async () => {
  const { list, calls } = setup({}, catalogue(90))
  expect(WALLET_PAGE_SIZE).toBe(40)
  await list.loadNextPage()
  expect(calls[0]).toMatchObject({ page: 1, entries: 40, chains: ['eip155:1'] })
  expect(list.all.value).toHaveLength(40)
  expect(list.total.value).toBe(90)
  expect(list.hasMore.value).toBe(true)
  await list.loadNextPage()
  await list.loadNextPage()
  expect(calls.map((c) => c.page)).toEqual([1, 2, 3])
  expect(ids(list.all.value)).toEqual(ids(catalogue(90)))
  expect(list.hasMore.value).toBe(false)
  await list.loadNextPage()
  expect(calls).toHaveLength(3)
  expect(list.allStatus.value).toBe('ready')
})

test("behavior: what follows the catalogue's rdns is worked out again only for a page that brings a new one (row 11)", async () => {
  // Pages 2 and 3 repeat page 1's rdns; page 4 brings one more.
  const sharing = (n: number, rdns: string) => Object.freeze({ ...entry(`w${n}`), rdns })
  const wallets = [
    ...catalogue(40),
    ...Array.from({ length: 80 }, (_, i) => sharing(41 + i, `io.w${(i % 40) + 1}`)),
    sharing(121, 'io.late'),
  ]
  const { list } = setup({}, wallets)
  let runs = 0
  const known = computed(() => {
    runs++
    return list.byRdns('io.late') !== undefined
  })
  expect(known.value).toBe(false)
  await list.loadNextPage()
  expect(known.value).toBe(false)
  expect(runs).toBe(2)
  await list.loadNextPage()
  await list.loadNextPage()
  expect(list.all.value).toHaveLength(120)
  expect(known.value).toBe(false)
  expect(runs).toBe(2)
  await list.loadNextPage()
  expect(known.value).toBe(true)
  expect(runs).toBe(3)
  // The first entry of an rdns is the one found; the lists before All Wallets come first.
  expect(list.byRdns('io.w7')?.id).toBe('w7')
  await list.loadConnect()
  expect(list.byRdns('io.late')?.id).toBe('w121')
  const shadowed = setup({}, [sharing(1, 'io.w2'), ...catalogue(40).slice(1)])
  await shadowed.list.loadConnect()
  await shadowed.list.loadNextPage()
  expect(ids(shadowed.list.recommended.value)).toContain('w1')
  expect(shadowed.list.byRdns('io.w2')?.id).toBe('w1')
})

test('behavior: the recent list stays the same list while pages bring nothing of it', async () => {
  localStorage.setItem('walletkit:recentWallets', JSON.stringify(['w50']))
  const { list } = setup({}, catalogue(160))
  const before = list.recentListed.value
  expect(before).toEqual([])
  await list.loadNextPage()
  expect(list.recentListed.value).toBe(before)
  await list.loadNextPage()
  const found = list.recentListed.value
  expect(ids(found)).toEqual(['w50'])
  expect(list.recent.value).toEqual(found)
  await list.loadNextPage()
  await list.loadNextPage()
  expect(list.recentListed.value).toBe(found)
})

test('behavior: a page already loading is not requested twice', async () => {
  const { list, calls } = setup()
  await Promise.all([list.loadNextPage(), list.loadNextPage()])
  expect(calls).toHaveLength(1)
})

test('behavior: entries repeated across pages are kept once', async () => {
  const { list, state } = setup({}, catalogue(60))
  state.pages.set(2, { count: 60, data: [entry('w39'), entry('w40'), ...catalogue(60).slice(40)] })
  await list.loadNextPage()
  await list.loadNextPage()
  expect(ids(list.all.value)).toEqual(ids(catalogue(60)))
})

test('behavior: paging stops at count even when duplicates were dropped', async () => {
  const { list, calls, state } = setup({}, catalogue(45))
  state.pages.set(2, {
    count: 45,
    data: [entry('w1'), entry('w2'), ...catalogue(45).slice(40, 43)],
  })
  await list.loadNextPage()
  await list.loadNextPage()
  expect(list.all.value).toHaveLength(43)
  expect(list.hasMore.value).toBe(false)
  await list.loadNextPage()
  expect(calls).toHaveLength(2)
})

test('behavior: an empty catalogue is complete after the first page', async () => {
  const { list, calls } = setup({}, [])
  await list.loadNextPage()
  expect(list.hasMore.value).toBe(false)
  await list.loadNextPage()
  expect(calls).toHaveLength(1)
})

// ── Search ────────────────────────────────────────────────────────────────

test('behavior: search asks for 100 entries with the trimmed text', async () => {
  vi.useFakeTimers()
  const { list, calls } = setup()
  const done = list.search('  Wallet w1 ')
  await vi.advanceTimersByTimeAsync(SEARCH_IMAGE_WAIT_MS)
  await done
  expect(SEARCH_ENTRIES_COUNT).toBe(100)
  expect(calls[0]).toMatchObject({ page: 1, entries: 100, search: 'Wallet w1' })
  expect(list.query.value).toBe('Wallet w1')
  expect(ids(list.results.value)).toContain('w1')
})

test('behavior: search results wait at least 300 ms', async () => {
  vi.useFakeTimers()
  const { list } = setup()
  void list.search('w2')
  await vi.advanceTimersByTimeAsync(SEARCH_IMAGE_WAIT_MS - 1)
  expect(list.searchStatus.value).toBe('loading')
  expect(list.results.value).toEqual([])
  await vi.advanceTimersByTimeAsync(1)
  expect(list.searchStatus.value).toBe('ready')
  expect(ids(list.results.value)).toEqual([
    'w2',
    'w20',
    'w21',
    'w22',
    'w23',
    'w24',
    'w25',
    'w26',
    'w27',
    'w28',
    'w29',
  ])
})

test('behavior: search results also wait for their images', async () => {
  vi.useFakeTimers()
  const { list, img } = setup({}, catalogue(20))
  img.state.instant = false
  void list.search('Wallet w7')
  await vi.advanceTimersByTimeAsync(SEARCH_IMAGE_WAIT_MS * 3)
  expect(list.searchStatus.value).toBe('loading')
  expect(img.images.whenLoaded).toHaveBeenCalledWith('img-w7')
  img.load('img-w7')
  await vi.advanceTimersByTimeAsync(0)
  expect(ids(list.results.value)).toEqual(['w7'])
})

test('behavior: a newer search aborts the older one', async () => {
  vi.useFakeTimers()
  const { list, calls, state, release } = setup()
  state.hold = true
  const first = list.search('w1')
  const second = list.search('w2')
  expect(calls[0]?.signal?.aborted).toBe(true)
  expect(calls[1]?.signal?.aborted).toBe(false)
  release()
  await vi.advanceTimersByTimeAsync(SEARCH_IMAGE_WAIT_MS)
  await Promise.all([first, second])
  expect(list.query.value).toBe('w2')
  expect(ids(list.results.value)[0]).toBe('w2')
  expect(list.searchStatus.value).toBe('ready')
})

test('behavior: an older answer arriving after a newer search never shows', async () => {
  vi.useFakeTimers()
  const { list, api } = setup()
  const answers: ((v: { count: number; data: WalletEntry[] }) => void)[] = []
  vi.mocked(api.getWallets).mockImplementation(
    () => new Promise((resolve) => answers.push(resolve)),
  )
  const first = list.search('alpha')
  const second = list.search('beta')
  answers[1]?.({ count: 1, data: [entry('b', 'beta')] })
  answers[0]?.({ count: 1, data: [entry('a', 'alpha')] })
  await vi.advanceTimersByTimeAsync(SEARCH_IMAGE_WAIT_MS)
  await Promise.all([first, second])
  expect(ids(list.results.value)).toEqual(['b'])
})

test('behavior: an empty query clears the search and aborts a running one', async () => {
  vi.useFakeTimers()
  const { list, calls, state } = setup()
  state.hold = true
  void list.search('w1')
  await list.search('   ')
  expect(calls[0]?.signal?.aborted).toBe(true)
  expect(list.query.value).toBe('')
  expect(list.results.value).toEqual([])
  expect(list.searchStatus.value).toBe('idle')
})

test('behavior: destroy aborts a running search', () => {
  const { list, calls, state } = setup()
  state.hold = true
  void list.search('w1')
  list.destroy()
  expect(calls[0]?.signal?.aborted).toBe(true)
})

// ── Errors and retry ─────────────────────────────────────────────────────

test('error: a failed Connect load shows the error state and retries', async () => {
  const { list, state, calls } = setup({ featuredWalletIds: ['w1'] })
  state.fail = true
  await list.loadConnect()
  expect(list.connectStatus.value).toBe('error')
  expect(list.featured.value).toEqual([])
  state.fail = false
  await list.loadConnect()
  expect(list.connectStatus.value).toBe('ready')
  expect(ids(list.featured.value)).toEqual(['w1'])
  expect(calls).toHaveLength(4)
})

test('error: a failed page shows the error state and the retry asks for the same page', async () => {
  const { list, state, calls } = setup()
  await list.loadNextPage()
  state.fail = true
  await list.loadNextPage()
  expect(list.allStatus.value).toBe('error')
  expect(list.all.value).toHaveLength(40)
  state.fail = false
  await list.loadNextPage()
  expect(calls.map((c) => c.page)).toEqual([1, 2, 2])
  expect(list.all.value).toHaveLength(80)
  expect(list.allStatus.value).toBe('ready')
})

test('error: a failed search shows the error state and a new search recovers', async () => {
  vi.useFakeTimers()
  const { list, state } = setup()
  state.fail = true
  await list.search('w1')
  expect(list.searchStatus.value).toBe('error')
  state.fail = false
  const retry = list.search('w1')
  await vi.advanceTimersByTimeAsync(SEARCH_IMAGE_WAIT_MS)
  await retry
  expect(list.searchStatus.value).toBe('ready')
})
