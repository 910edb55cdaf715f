import { batch, computed, effect, type ReadonlySignal, signal } from '@preact/signals-core'
import { HistoryFetchError } from '../errors/history.js'
import type { Toasts } from '../toast.js'
import type { CaipNetwork } from '../types/caip.js'
import type { BlockchainApi } from '../types/services.js'
import { isSpam, knownCounterparties, type PoisoningReason, poisoningOf } from './classify.js'
import { groupByMonth, type HistoryGroup } from './group.js'
import { tokenBook } from './tokens.js'
import type { HistoryItem } from './types.js'

export { HISTORY_NAMESPACES } from '../constants.js'

/** Whose history is shown: the active account on the active network (its well-known tokens too). */
export type HistoryTarget = { address: string; caipNetworkId: string; network?: CaipNetwork }

/** A transaction the kit sent that has no receipt yet (from the transaction pipeline). */
export type PendingTransaction = {
  hash: string
  caipNetworkId: string
  /** What was sent, when the pipeline knows: shown on its row. */
  label?: { amount: string; symbol: string; to?: string | undefined } | undefined
  /** ms since the epoch. */
  submittedAt: number
}

/** What the Transactions view renders. */
export type HistoryView = {
  /** Transactions of the pipeline not yet in the history, newest first. */
  pending: readonly PendingTransaction[]
  groups: readonly HistoryGroup[]
  /** Why an item shown is flagged (only while suspicious items are shown). */
  flags: ReadonlyMap<string, PoisoningReason>
  /** Spam items hidden. */
  spamCount: number
  /** Suspicious items (address poisoning): hidden unless shown on request. */
  suspiciousCount: number
}

/** The history controller. */
export type History = ReturnType<typeof createHistory>

/** Attempts to find a just-mined transaction in the history before leaving it to the next load. */
const SETTLE_ATTEMPTS = 3
const SETTLE_RETRY_MS = 1000

/**
 * Creates the history controller of the Transactions view: the first page, infinite paging on
 * `next`, 'Failed to fetch transactions' with a retry, the pipeline's pending transactions on top
 * until the history lists them (no duplicate), spam hidden, address poisoning hidden (or shown
 * flagged on request). The target is read when loading; a change of account or network drops
 * what was loaded.
 */
export function createHistory(parameters: {
  api: Pick<BlockchainApi, 'getHistory'>
  target: ReadonlySignal<HistoryTarget | undefined>
  pending?: ReadonlySignal<readonly PendingTransaction[]> | undefined
  toasts: Toasts
  /** The language shown: month headings follow it, also when it changes at run time. */
  locale: ReadonlySignal<string>
  now?: () => number
}) {
  const now = parameters.now ?? Date.now
  const items = signal<readonly HistoryItem[]>([])
  const next = signal<string | null>(null)
  const status = signal<'idle' | 'loading' | 'ready' | 'error'>('idle')
  const more = signal<'idle' | 'loading' | 'error'>('idle')
  const showSuspicious = signal(false)
  /** Pending transactions whose receipt came but which the history does not list yet. */
  const settling = signal<readonly PendingTransaction[]>([])
  let loadedFor: string | undefined
  const inflight = new Set<AbortController>()
  let settleTimer: ReturnType<typeof setTimeout> | undefined

  const keyOf = (t: HistoryTarget | undefined) => (t ? `${t.address}|${t.caipNetworkId}` : '')

  const abortAll = () => {
    for (const c of inflight) c.abort()
    inflight.clear()
  }

  function reset() {
    abortAll()
    clearTimeout(settleTimer)
    loadedFor = undefined
    batch(() => {
      items.value = []
      next.value = null
      status.value = 'idle'
      more.value = 'idle'
      settling.value = []
      showSuspicious.value = false
    })
  }

  /** Fetches a page for the current target; undefined when it was aborted or the target moved. */
  async function fetchPage(cursor?: string) {
    const target = parameters.target.peek()
    if (!target) return undefined
    const key = keyOf(target)
    const own = new AbortController()
    inflight.add(own)
    try {
      const page = await parameters.api.getHistory(target.address, {
        chainId: target.caipNetworkId,
        cursor,
        signal: own.signal,
      })
      if (own.signal.aborted || keyOf(parameters.target.peek()) !== key) return undefined
      return { page, key }
    } catch (error) {
      if (own.signal.aborted) return undefined
      throw error
    } finally {
      inflight.delete(own)
    }
  }

  const merge = (a: readonly HistoryItem[], b: readonly HistoryItem[]) => {
    const seen = new Set(a.map((i) => i.id))
    return [...a, ...b.filter((i) => !seen.has(i.id))]
  }

  const failed = (error: unknown) => {
    const failure = new HistoryFetchError(error)
    parameters.toasts.error(failure, 'HISTORY_FETCH_FAILED')
  }

  /** Loads the first page (again); what was shown stays until the answer replaces it. */
  async function load(): Promise<void> {
    abortAll()
    if (keyOf(parameters.target.peek()) !== loadedFor) reset()
    if (!parameters.target.peek()) return
    status.value = 'loading'
    more.value = 'idle'
    try {
      const result = await fetchPage()
      if (!result) return
      loadedFor = result.key
      batch(() => {
        items.value = result.page.items
        next.value = result.page.next
        status.value = 'ready'
      })
      settle()
    } catch (error) {
      status.value = 'error'
      failed(error)
    }
  }

  /** Loads the page after the last one shown (infinite scroll); ignored while one is loading. */
  async function loadMore(): Promise<void> {
    const cursor = next.peek()
    if (!cursor || status.peek() !== 'ready' || more.peek() === 'loading') return
    more.value = 'loading'
    try {
      const result = await fetchPage(cursor)
      if (!result) {
        if (more.peek() === 'loading') more.value = 'idle'
        return
      }
      batch(() => {
        items.value = merge(items.peek(), result.page.items)
        next.value = result.page.next
        more.value = 'idle'
      })
    } catch (error) {
      more.value = 'error'
      failed(error)
    }
  }

  /** Fetches the first page and adds what is new on top, keeping the pages already loaded. */
  async function refresh(): Promise<void> {
    if (status.peek() !== 'ready' || more.peek() === 'loading') return
    try {
      const result = await fetchPage()
      if (!result) return
      items.value = merge(result.page.items, items.peek())
    } catch {
      // The rows already shown stay; the next load asks again.
    }
    settle()
  }

  /** Drops settled transactions the history now lists; asks again a few times for the others. */
  let attempts = 0
  function settle() {
    const listed = new Set(items.peek().map((i) => i.hash.toLowerCase()))
    const left = settling.peek().filter((p) => !listed.has(p.hash.toLowerCase()))
    settling.value = left
    clearTimeout(settleTimer)
    if (left.length === 0 || attempts >= SETTLE_ATTEMPTS) {
      attempts = 0
      if (left.length) settling.value = []
      return
    }
    attempts += 1
    settleTimer = setTimeout(() => void refresh(), attempts === 1 ? 0 : SETTLE_RETRY_MS)
  }

  // A transaction leaving the pipeline's pending list got its receipt: keep its row until the
  // history lists it, and ask the history for it.
  let previous: readonly PendingTransaction[] = parameters.pending?.peek() ?? []
  const stopPending = effect(() => {
    const current = parameters.pending?.value ?? []
    const hashes = new Set(current.map((p) => p.hash))
    const done = previous.filter((p) => !hashes.has(p.hash))
    previous = current
    if (done.length === 0) return
    settling.value = [...settling.peek(), ...done]
    attempts = 0
    if (status.peek() === 'ready') void refresh()
  })

  // Another account or network: what was loaded is someone else's.
  const stopTarget = effect(() => {
    const key = keyOf(parameters.target.value)
    if (loadedFor !== undefined && key !== loadedFor) reset()
  })

  const view = computed<HistoryView>(() => {
    const target = parameters.target.value
    const all = items.value
    const account = target?.address ?? ''
    const listed = new Set(all.map((i) => i.hash.toLowerCase()))
    const chain = target?.caipNetworkId
    const pending = [...(parameters.pending?.value ?? []), ...settling.value]
      .filter((p) => p.caipNetworkId === chain && !listed.has(p.hash.toLowerCase()))
      .sort((a, b) => b.submittedAt - a.submittedAt)
    const book = tokenBook(target?.network)
    const known = knownCounterparties(
      all,
      account,
      pending.flatMap((p) => (p.label?.to ? [p.label.to] : [])),
      book,
    )
    const flags = new Map<string, PoisoningReason>()
    const shown: HistoryItem[] = []
    let spamCount = 0
    let suspiciousCount = 0
    for (const item of all) {
      if (isSpam(item)) {
        spamCount += 1
        continue
      }
      const reason = poisoningOf(item, account, known, book)
      if (reason) {
        suspiciousCount += 1
        if (!showSuspicious.value) continue
        flags.set(item.id, reason)
      }
      shown.push(item)
    }
    return {
      pending,
      groups: groupByMonth(shown, { now: now(), locale: parameters.locale.value }),
      flags,
      spamCount,
      suspiciousCount,
    }
  })

  return {
    /** What the view renders. */
    view,
    /** 'loading' on the first page, 'error' when it failed, 'ready' once shown. */
    status: status as ReadonlySignal<'idle' | 'loading' | 'ready' | 'error'>,
    /** The next page's state: loading, or failed (retry). */
    more: more as ReadonlySignal<'idle' | 'loading' | 'error'>,
    /** True while a next page exists. */
    hasMore: computed(() => next.value !== null),
    /** Whether suspicious items are shown (flagged). */
    showSuspicious: showSuspicious as ReadonlySignal<boolean>,
    load,
    loadMore,
    /** Retries what failed: the first page, or the next one. */
    retry: () => (status.peek() === 'error' ? load() : loadMore()),
    /** Shows or hides the suspicious items. */
    toggleSuspicious() {
      showSuspicious.value = !showSuspicious.peek()
    },
    /** Stops requests, timers and watchers. */
    destroy() {
      abortAll()
      clearTimeout(settleTimer)
      stopPending()
      stopTarget()
    },
  }
}
