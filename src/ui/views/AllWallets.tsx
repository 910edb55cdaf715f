import { useState } from 'react'
import { DEBOUNCE_DEFAULT_MS } from '../../core/constants.js'
import { Placeholders } from '../components/Placeholders.js'
import { VirtualList } from '../components/VirtualList.js'
import { useUi } from '../context.js'
import { useAfterPaint } from '../hooks/useAfterPaint.js'
import { useDebounced } from '../hooks/useDebounced.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { LegalGate } from './LegalGate.js'
import { WalletList } from './WalletList.js'

/** Tiles per row, and a row's height: a 104 px tile and the 8 px between rows. */
const COLUMNS = 4
const ROW_PX = 112
const rowHeight = () => ROW_PX

/**
 * All Wallets: pages of 40, the next one loaded as the list's end comes near,, and a debounced search. Only the rows of tiles
 * near the view are in the DOM, so thousands of wallets paged in cost a screenful of layout.
 */
export function AllWallets() {
  useSignals()
  const { kit, t } = useUi()
  const { wallets } = kit
  const [text, setText] = useState(wallets.query.peek())
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

  // Near the list's end, the next page (not after a failed one: Try again asks for it).
  const more =
    searching || !wallets.hasMore.value || wallets.allStatus.value === 'error'
      ? undefined
      : () => void wallets.loadNextPage()

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
        <div className="wk-tiles" aria-busy={status === 'loading'} {...testId('wallet-grid')}>
          <VirtualList
            count={list.length}
            columns={COLUMNS}
            heightOf={rowHeight}
            keyOf={(i) => list[i]?.id ?? String(i)}
            render={(i) => <WalletList wallets={list.slice(i, i + 1)} />}
            onEndReached={more}
            label={t('view.AllWallets')}
            testId={testId('wallet-list')}
          />
          {status === 'loading' ? (
            <div className="wk-grid">
              <Placeholders
                count={searching ? 8 : 12}
                kind="tile"
                label={t('allWallets.loading')}
              />
            </div>
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
      </LegalGate>
    </div>
  )
}
