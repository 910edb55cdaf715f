import { useEffect, useRef, useState } from 'react'
import { DEBOUNCE_DEFAULT_MS } from '../../core/constants.js'
import { Placeholders } from '../components/Placeholders.js'
import { useUi } from '../context.js'
import { useAfterPaint } from '../hooks/useAfterPaint.js'
import { useDebounced } from '../hooks/useDebounced.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { LegalGate } from './LegalGate.js'
import { WalletList } from './WalletList.js'

/** All Wallets: pages of 40 with infinite scroll, and a debounced search. */
export function AllWallets() {
  useSignals()
  const { kit, t } = useUi()
  const { wallets } = kit
  const [text, setText] = useState(wallets.query.peek())
  const sentinel = useRef<HTMLDivElement>(null)
  useDebounced(text, DEBOUNCE_DEFAULT_MS, (value) => void wallets.search(value))

  const searching = wallets.query.value !== ''
  const status = searching ? wallets.searchStatus.value : wallets.allStatus.value
  // The site's own wallets come first; a search shows those whose name holds the query.
  const query = wallets.query.value.toLowerCase()
  const own = wallets.custom.filter((w) => !searching || w.name.toLowerCase().includes(query))
  const list = [...own, ...(searching ? wallets.results.value : wallets.all.value)]

  // The placeholders show in the first frame either way.
  useAfterPaint(() => {
    if (wallets.all.peek().length === 0) void wallets.loadNextPage()
  }, [wallets])

  useEffect(() => {
    const target = sentinel.current
    if (!target || searching || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (
          entries.some((e) => e.isIntersecting) &&
          wallets.hasMore.peek() &&
          wallets.allStatus.peek() !== 'error'
        )
          void wallets.loadNextPage()
      },
      { root: target.closest('.wk-body'), rootMargin: '200px' },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [wallets, searching])

  const retry = () => void (searching ? wallets.search(text) : wallets.loadNextPage())

  return (
    <div className="wk-body" {...testId('view-all-wallets')}>
      <LegalGate>
        <div className="wk-search">
          <input
            className="wk-input"
            type="search"
            value={text}
            placeholder={t('allWallets.search')}
            aria-label={t('allWallets.searchLabel')}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
            data-autofocus
            {...testId('search')}
          />
        </div>
        <div className="wk-grid" aria-busy={status === 'loading'} {...testId('wallet-grid')}>
          <WalletList wallets={list} />
          {status === 'loading' ? (
            <Placeholders count={searching ? 8 : 12} kind="tile" label={t('allWallets.loading')} />
          ) : null}
        </div>
        {status === 'error' ? (
          <div className="wk-center" role="alert" {...testId('all-wallets-error')}>
            <p className="wk-text">{t('allWallets.error')}</p>
            <button
              type="button"
              className="wk-button"
              data-variant="secondary"
              onClick={retry}
              {...testId('all-wallets-retry')}
            >
              {t('connect.retry')}
            </button>
          </div>
        ) : null}
        {status === 'ready' && list.length === 0 ? (
          <div className="wk-center" {...testId('all-wallets-empty')}>
            <p className="wk-muted">
              {searching
                ? t('allWallets.empty', { query: wallets.query.value })
                : t('allWallets.emptyAll')}
            </p>
          </div>
        ) : null}
        {searching ? null : (
          <div ref={sentinel} className="wk-sentinel" {...testId('all-wallets-sentinel')} />
        )}
      </LegalGate>
    </div>
  )
}
