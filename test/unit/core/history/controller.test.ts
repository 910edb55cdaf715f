import { type Signal, signal } from '@preact/signals-core'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  createHistory,
  type HistoryTarget,
  type PendingTransaction,
} from '../../../../src/core/history/controller.js'
import type { HistoryItem, HistoryPage } from '../../../../src/core/history/types.js'
import { createToasts } from '../../../../src/core/toast.js'
import { FRIEND, item, LOOKALIKE, ME, transfer } from './items.js'

const NOW = Date.UTC(2026, 10, 25, 12)

/** A fake API: each call waits until the test answers it. */
function fakeApi() {
  const calls: {
    address: string
    chainId: string
    cursor: string | undefined
    signal: AbortSignal | undefined
    resolve: (page: HistoryPage) => void
    reject: (error: unknown) => void
  }[] = []
  const api = {
    getHistory: vi.fn(
      (
        address: string,
        p: { chainId: string; cursor?: string | undefined; signal?: AbortSignal | undefined },
      ) =>
        new Promise<HistoryPage>((resolve, reject) => {
          calls.push({
            address,
            chainId: p.chainId,
            cursor: p.cursor,
            signal: p.signal,
            resolve,
            reject,
          })
        }),
    ),
  }
  return { api, calls }
}

const flush = () => new Promise((r) => setTimeout(r, 0))

function setup(options: { pending?: PendingTransaction[]; locale?: Signal<string> } = {}) {
  const { api, calls } = fakeApi()
  const target = signal<HistoryTarget | undefined>({ address: ME, caipNetworkId: 'eip155:1' })
  const pending = signal<readonly PendingTransaction[]>(options.pending ?? [])
  const errors: { code: string; message: string }[] = []
  const toasts = createToasts({ onError: (e) => errors.push(e) })
  const history = createHistory({
    api,
    target,
    pending,
    toasts,
    locale: options.locale ?? signal('en'),
    now: () => NOW,
  })
  cleanups.push(() => {
    history.destroy()
    toasts.destroy()
  })
  /** Answers the last call with `items` and `next`. */
  const answer = async (items: HistoryItem[], next: string | null = null) => {
    calls[calls.length - 1]?.resolve({ items, next })
    await flush()
  }
  return { history, calls, target, pending, errors, answer }
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

const ids = (groups: readonly { items: readonly HistoryItem[] }[]) =>
  groups.flatMap((g) => g.items.map((i) => i.id))

test('default', async () => {
  const { history, calls, answer } = setup()
  expect(history.status.value).toBe('idle')
  const loading = history.load()
  expect(history.status.value).toBe('loading')
  expect(calls[0]).toMatchObject({ address: ME, chainId: 'eip155:1', cursor: undefined })
  const a = item({ minedAt: Date.UTC(2026, 10, 2) })
  const b = item({ minedAt: Date.UTC(2023, 10, 14) })
  await answer([a, b])
  await loading
  expect(history.status.value).toBe('ready')
  expect(history.hasMore.value).toBe(false)
  expect(history.view.value.groups.map((g) => [g.title, g.items.map((i) => i.id)])).toEqual([
    ['November', [a.id]],
    ['November 2023', [b.id]],
  ])
})

test('behavior: month headings are in the locale shown and follow a change of it at run time', async () => {
  const locale = signal('de')
  const { history, answer } = setup({ locale })
  void history.load()
  await answer([item({ minedAt: Date.UTC(2026, 10, 2) }), item({ minedAt: Date.UTC(2025, 9, 14) })])
  const titles = () => history.view.value.groups.map((g) => g.title)
  expect(titles()).toEqual(['November', 'Oktober 2025'])
  locale.value = 'fr'
  expect(titles()).toEqual(['novembre', 'octobre 2025'])
  locale.value = 'en'
  expect(titles()).toEqual(['November', 'October 2025'])
})

describe('paging', () => {
  test('behavior: loadMore asks for next and appends; one request at a time; stops at the end', async () => {
    const { history, calls, answer } = setup()
    void history.load()
    const first = [item(), item()]
    await answer(first, 'cursor-2')
    expect(history.hasMore.value).toBe(true)
    void history.loadMore()
    void history.loadMore()
    expect(calls).toHaveLength(2)
    expect(calls[1]?.cursor).toBe('cursor-2')
    expect(history.more.value).toBe('loading')
    const second = [item({ minedAt: Date.UTC(2026, 9, 1) }), first[0] as HistoryItem]
    await answer(second, null)
    expect(history.more.value).toBe('idle')
    // The repeated item is shown once.
    expect(ids(history.view.value.groups)).toEqual([first[0]?.id, first[1]?.id, second[0]?.id])
    await history.loadMore()
    expect(calls).toHaveLength(2)
  })

  test('error: a failed next page keeps the rows, says so, and retry asks for the same page', async () => {
    const { history, calls, answer, errors } = setup()
    void history.load()
    await answer([item()], 'c2')
    void history.loadMore()
    calls[1]?.reject(new Error('HTTP status code: 500'))
    await flush()
    expect(history.more.value).toBe('error')
    expect(history.status.value).toBe('ready')
    expect(errors).toEqual([
      { code: 'HISTORY_FETCH_FAILED', message: 'Failed to fetch transactions' },
    ])
    void history.retry()
    expect(calls[2]?.cursor).toBe('c2')
    await answer([item()])
    expect(ids(history.view.value.groups)).toHaveLength(2)
  })
})

describe('errors', () => {
  test("error: 'Failed to fetch transactions', then retry works", async () => {
    const { history, calls, answer, errors } = setup()
    void history.load()
    calls[0]?.reject(new Error('HTTP status code: 500'))
    await flush()
    expect(history.status.value).toBe('error')
    expect(errors.map((e) => e.message)).toEqual(['Failed to fetch transactions'])
    void history.retry()
    expect(history.status.value).toBe('loading')
    await answer([item()])
    expect(history.status.value).toBe('ready')
  })

  test('behavior: a load replaced by another neither shows its answer nor reports its abort', async () => {
    const { history, calls, answer, errors } = setup()
    void history.load()
    void history.load()
    expect(calls[0]?.signal?.aborted).toBe(true)
    calls[0]?.reject(new DOMException('aborted', 'AbortError'))
    await answer([item({ id: 'fresh' })])
    expect(errors).toEqual([])
    expect(ids(history.view.value.groups)).toEqual(['fresh'])
  })

  test('behavior: another account drops what was loaded and aborts what is under way', async () => {
    const { history, calls, answer, target } = setup()
    void history.load()
    await answer([item()])
    void history.load()
    target.value = { address: FRIEND, caipNetworkId: 'eip155:1' }
    expect(calls[1]?.signal?.aborted).toBe(true)
    expect(history.status.value).toBe('idle')
    expect(history.view.value.groups).toEqual([])
    void history.load()
    expect(calls[2]?.address).toBe(FRIEND)
  })
})

describe('spam and poisoning', () => {
  test('behavior: spam is hidden and counted; an item without transfers stays', async () => {
    const { history, answer } = setup()
    void history.load()
    const spam = item({
      operationType: 'receive',
      transfers: [transfer({ direction: 'in', spam: true })],
    })
    const approval = item({ operationType: 'approve', transfers: [] })
    await answer([spam, approval])
    expect(ids(history.view.value.groups)).toEqual([approval.id])
    expect(history.view.value.spamCount).toBe(1)
  })

  test('behavior: poisoning is hidden until asked for, then shown flagged', async () => {
    const { history, answer } = setup()
    void history.load()
    const real = item({ minedAt: Date.UTC(2026, 10, 1) })
    const zero = item({
      sentFrom: '0x00000000000000000000000000000000000000a1',
      transfers: [transfer({ amount: '0', recipient: LOOKALIKE })],
    })
    const dust = item({
      operationType: 'receive',
      sentFrom: LOOKALIKE,
      transfers: [
        transfer({ direction: 'in', amount: '0.000001', sender: LOOKALIKE, recipient: ME }),
      ],
    })
    await answer([zero, dust, real])
    expect(ids(history.view.value.groups)).toEqual([real.id])
    expect(history.view.value.suspiciousCount).toBe(2)
    history.toggleSuspicious()
    expect(ids(history.view.value.groups)).toEqual([zero.id, dust.id, real.id])
    expect(Object.fromEntries(history.view.value.flags)).toEqual({
      [zero.id]: 'zero-value',
      [dust.id]: 'look-alike',
    })
  })
})

describe('pending transactions', () => {
  const sent = (hash: string): PendingTransaction => ({
    hash,
    caipNetworkId: 'eip155:1',
    submittedAt: NOW,
    label: { amount: '1', symbol: 'ETH', to: FRIEND },
  })

  test('behavior: on top until the history lists them, never twice', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { history, calls, pending } = setup({ pending: [sent('0xaa')] })
      void history.load()
      calls[0]?.resolve({ items: [item()], next: null })
      await vi.advanceTimersByTimeAsync(0)
      expect(history.view.value.pending.map((p) => p.hash)).toEqual(['0xaa'])
      // Other networks' pending transactions are not this list's.
      pending.value = [sent('0xaa'), { ...sent('0xbb'), caipNetworkId: 'eip155:10' }]
      expect(history.view.value.pending.map((p) => p.hash)).toEqual(['0xaa'])
      // The receipt came: the row stays while the history is asked again.
      pending.value = []
      expect(history.view.value.pending.map((p) => p.hash)).toEqual(['0xaa'])
      expect(calls).toHaveLength(2)
      // The indexer has not seen it yet: asked again a moment later.
      calls[1]?.resolve({ items: [], next: null })
      await vi.advanceTimersByTimeAsync(0)
      expect(history.view.value.pending.map((p) => p.hash)).toEqual(['0xaa'])
      await vi.advanceTimersByTimeAsync(1000)
      const mined = item({ hash: '0xAA', id: 'eip155:1:0xaa' })
      calls[calls.length - 1]?.resolve({ items: [mined], next: null })
      await vi.advanceTimersByTimeAsync(0)
      expect(history.view.value.pending).toEqual([])
      expect(ids(history.view.value.groups).filter((id) => id === mined.id)).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  test('behavior: what the kit sent makes its recipient a real counterparty', async () => {
    const { history, answer } = setup({ pending: [sent('0xcc')] })
    void history.load()
    const dust = item({
      operationType: 'receive',
      sentFrom: LOOKALIKE,
      transfers: [transfer({ direction: 'in', sender: LOOKALIKE, recipient: ME })],
    })
    await answer([dust])
    expect(history.view.value.suspiciousCount).toBe(1)
  })
})
