import { useCallback, useMemo } from 'react'
import { counterpartyOf, directionOf } from '../../core/history/classify.js'
import { HISTORY_NAMESPACES, type PendingTransaction } from '../../core/history/controller.js'
import type { HistoryItem } from '../../core/history/types.js'
import { dateFormat } from '../../core/utils/format.js'
import { isHttpsUrl } from '../../core/utils/url.js'
import { VirtualList } from '../components/VirtualList.js'
import { useUi } from '../context.js'
import { useAfterPaint } from '../hooks/useAfterPaint.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { ROW_DATE } from './dates.js'
import { PendingRow, type RowContext, TransactionRow } from './TransactionRow.js'

/** Row heights (px): the list is windowed, so every row has a fixed height. */
const ROW_PX = 64
const MONTH_PX = 32
const FOOTER_PX = 48
/** Height of the scrolling list, at most. */
const LIST_PX = 440

type Entry =
  | { kind: 'pending'; key: string; pending: PendingTransaction }
  | { kind: 'month'; key: string; title: string }
  | { kind: 'item'; key: string; item: HistoryItem }
  | { kind: 'footer'; key: string }

/**
 * The Transactions view (Activity): the pipeline's pending transactions on top, then the history
 * grouped by month, newest first, paged as the visitor scrolls; spam hidden, suspicious items
 * hidden unless asked for (then flagged); 'Failed to fetch transactions' with a retry.
 */
export function Transactions() {
  useSignals()
  const { kit, t, locale } = useUi()
  const history = kit.history?.()
  const account = kit.chain.account.value
  const network = kit.chain.network.value?.caipNetwork
  // Only namespaces the blockchain API indexes have a history (not Bitcoin or Polkadot).
  const indexed = (HISTORY_NAMESPACES as readonly string[]).includes(
    kit.chain.activeNamespace.value,
  )
  const address = indexed ? account?.address : undefined
  const chainId = network?.caipNetworkId
  useAfterPaint(() => {
    if (address && chainId) void history?.load()
  }, [history, address, chainId])

  const explorer =
    network?.explorerUrl && isHttpsUrl(network.explorerUrl)
      ? network.explorerUrl.replace(/\/$/, '')
      : undefined
  const ctx = useMemo<RowContext>(
    () => ({
      t,
      locale,
      date: dateFormat(locale, ROW_DATE),
      explorerOf: (hash) => (explorer ? `${explorer}/tx/${encodeURIComponent(hash)}` : undefined),
      imageOf: (symbol) => kit.images.catalog('token', symbol),
      copy: (text) => kit.account.copy(text, { copied: { key: 'history.copied' } }),
    }),
    [t, locale, kit, explorer],
  )
  const loadMore = useCallback(() => void history?.loadMore(), [history])

  if (!history || !address)
    return (
      <div className="wk-body" {...testId('view-transactions')}>
        <p className="wk-muted">{t('history.unavailable')}</p>
      </div>
    )
  const status = history.status.value
  const more = history.more.value
  const view = history.view.value
  const entries: Entry[] = view.pending.map((p) => ({
    kind: 'pending',
    key: `p:${p.hash}`,
    pending: p,
  }))
  for (const group of view.groups) {
    entries.push({ kind: 'month', key: `m:${group.key}`, title: group.title })
    for (const item of group.items) entries.push({ kind: 'item', key: item.id, item })
  }
  const footer = history.hasMore.value || more === 'error'
  if (footer) entries.push({ kind: 'footer', key: 'footer' })
  const heightOf = (i: number) => {
    const kind = entries[i]?.kind
    return kind === 'month' ? MONTH_PX : kind === 'footer' ? FOOTER_PX : ROW_PX
  }
  const render = (i: number) => {
    const entry = entries[i]
    if (!entry) return null
    if (entry.kind === 'pending') return <PendingRow pending={entry.pending} ctx={ctx} />
    if (entry.kind === 'month')
      return (
        <h3 className="wk-section-label wk-history-month" {...testId('history-month')}>
          {entry.title}
        </h3>
      )
    if (entry.kind === 'footer')
      return more === 'error' ? (
        <button
          type="button"
          className="wk-button"
          data-variant="secondary"
          onClick={() => void history.retry()}
          {...testId('history-retry-more')}
        >
          {t('history.retry')}
        </button>
      ) : (
        <p className="wk-muted wk-history-footer" aria-live="polite" {...testId('history-more')}>
          {t('history.loadingMore')}
        </p>
      )
    return (
      <TransactionRow
        item={entry.item}
        direction={directionOf(entry.item)}
        counterparty={counterpartyOf(entry.item, address)}
        flag={view.flags.get(entry.item.id)}
        ctx={ctx}
      />
    )
  }

  const hiddenNotice =
    view.spamCount + view.suspiciousCount > 0 ? (
      <p className="wk-muted wk-history-hidden" {...testId('history-hidden')}>
        {view.spamCount > 0 ? (
          <span>{t('history.spamHidden', { count: view.spamCount })} </span>
        ) : null}
        {view.suspiciousCount > 0 ? (
          <button
            type="button"
            className="wk-link"
            onClick={() => history.toggleSuspicious()}
            {...testId('history-show-suspicious')}
          >
            {t(history.showSuspicious.value ? 'history.hideSuspicious' : 'history.showSuspicious', {
              count: view.suspiciousCount,
            })}
          </button>
        ) : null}
      </p>
    ) : null

  return (
    <div className="wk-body wk-stack" data-status={status} {...testId('view-transactions')}>
      {status === 'error' ? (
        <div className="wk-center" role="alert" {...testId('history-error')}>
          <p className="wk-text">{t('history.failed')}</p>
          <button
            type="button"
            className="wk-button"
            onClick={() => void history.retry()}
            {...testId('history-retry')}
          >
            {t('history.retry')}
          </button>
        </div>
      ) : status !== 'ready' && entries.length === 0 ? (
        <p className="wk-muted" aria-live="polite" {...testId('history-loading')}>
          {t('history.loading')}
        </p>
      ) : entries.length === 0 ? (
        <div className="wk-center" {...testId('history-empty')}>
          <p className="wk-text wk-strong">{t('history.empty')}</p>
          <p className="wk-muted">{t('history.emptyDetail')}</p>
          {hiddenNotice}
        </div>
      ) : (
        <>
          {hiddenNotice}
          <VirtualList
            count={entries.length}
            heightOf={heightOf}
            keyOf={(i) => entries[i]?.key ?? String(i)}
            render={render}
            onEndReached={history.hasMore.value ? loadMore : undefined}
            maxHeight={LIST_PX}
            label={t('view.Transactions')}
            testId={testId('history-list')}
          />
        </>
      )}
    </div>
  )
}
