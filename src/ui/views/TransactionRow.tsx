import type { ReadonlySignal } from '@preact/signals-core'
import type { HistoryDirection, PoisoningReason } from '../../core/history/classify.js'
import type { PendingTransaction } from '../../core/history/controller.js'
import type { HistoryItem, HistoryTransfer } from '../../core/history/types.js'
import type { ImageState } from '../../core/images.js'
import { formatAmount } from '../../core/utils/format.js'
import { cleanLabel, shortAddress } from '../../core/utils/text.js'
import { Icon, type IconName } from '../components/Icon.js'
import { TokenMark } from '../components/TokenMark.js'
import type { Translate } from '../i18n/index.js'
import { testId } from '../test-id.js'

/** What every row needs besides its item. */
export type RowContext = {
  t: Translate
  /** The language shown, for the amounts' separators and digits. */
  locale: string
  /** `20 Nov`-style dates in the kit's locale. */
  date: Intl.DateTimeFormat
  /** The https explorer page of a transaction hash, if the network has an explorer. */
  explorerOf: (hash: string) => string | undefined
  /** Copies the full address (never the shortened one). */
  copy: (address: string) => void
  /** A token's image by its symbol (the catalogue's); without it, letters show. */
  imageOf?: ((symbol: string) => ReadonlySignal<ImageState>) | undefined
}

/** The mark on a row's token image: which way the value went. */
const DIRECTION_ICONS: Record<HistoryDirection, IconName> = {
  sent: 'send',
  received: 'receive',
  swapped: 'swap',
  approved: 'check',
  minted: 'receive',
  burned: 'send',
  deployed: 'check',
  executed: 'check',
}

/** The token image of a row with its direction (or the suspicious flag) in its corner. */
function RowMark({ symbol, icon, ctx }: { symbol: string; icon: IconName; ctx: RowContext }) {
  return (
    <span className="wk-history-icon" aria-hidden="true">
      <TokenMark symbol={symbol} image={symbol ? ctx.imageOf?.(symbol) : undefined} />
      <span className="wk-history-badge">
        <Icon name={icon} />
      </span>
    </span>
  )
}

const SIGN = { in: '+', out: '-', self: '' } as const

/** `-12.5 USDC`: a transfer's amount in `locale` and symbol (untrusted symbol cleaned and cut). */
function amountOf(transfer: HistoryTransfer, locale: string): string {
  const symbol = cleanLabel(transfer.symbol, 12)
  const amount = formatAmount(transfer.amount, 4, locale)
  return `${SIGN[transfer.direction]}${amount}${symbol ? ` ${symbol}` : ''}`
}

function ExplorerLink({ href, t }: { href: string | undefined; t: Translate }) {
  if (!href) return null
  return (
    <a
      className="wk-icon-button wk-history-link"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('history.explorer')}
      title={t('history.explorer')}
      {...testId('history-explorer')}
    >
      <Icon name="external" />
    </a>
  )
}

/**
 * One history row: the token's image marked with the direction, what happened, the flag of a
 * suspicious item, up to two transfers' amounts; then its status, the date, the counterparty
 * (shortened on screen, copied whole) and the explorer link.
 * Every text from the service is cleaned, cut and bidi-isolated (SECURITY.md row 7).
 */
export function TransactionRow({
  item,
  direction,
  counterparty,
  flag,
  ctx,
}: {
  item: HistoryItem
  direction: HistoryDirection
  counterparty: string
  flag: PoisoningReason | undefined
  ctx: RowContext
}) {
  const { t } = ctx
  const amounts = item.transfers
    .slice(0, 2)
    .map((transfer) => amountOf(transfer, ctx.locale))
    .join(' → ')
  const outgoing = direction === 'sent' || direction === 'approved'
  // A swap's or a mint's other side is a pool or nobody (the zero address): no counterparty.
  const party =
    direction === 'swapped' || /^0x0{40}$/.test(counterparty) ? '' : cleanLabel(counterparty, 100)
  return (
    <div
      className="wk-history-row"
      data-direction={direction}
      data-status={item.status}
      data-flag={flag}
      data-id={item.id}
      data-hash={item.hash}
      {...testId('history-item')}
    >
      <RowMark
        symbol={cleanLabel(item.transfers[0]?.symbol ?? '', 12)}
        icon={flag ? 'alert' : DIRECTION_ICONS[direction]}
        ctx={ctx}
      />
      <div className="wk-history-main">
        <div className="wk-history-line">
          <span className="wk-history-title" {...testId('history-direction')}>
            {t(`history.${direction}`)}
          </span>
          {flag ? (
            <span
              className="wk-tag"
              data-kind="warning"
              title={t(`history.flag.${flag}`)}
              {...testId('history-flag')}
            >
              {t('history.suspicious')}
            </span>
          ) : null}
          <bdi dir="ltr" className="wk-history-amount" {...testId('history-amount')}>
            {amounts}
          </bdi>
        </div>
        <div className="wk-history-line wk-muted">
          <span
            className="wk-history-status"
            data-status={item.status}
            {...testId('history-status')}
          >
            {t(STATUS_TEXT[item.status])}
          </span>
          <time className="wk-history-time" dateTime={new Date(item.minedAt).toISOString()}>
            {ctx.date.format(item.minedAt)}
          </time>
          {party ? (
            <button
              type="button"
              className="wk-history-party"
              title={party}
              onClick={() => ctx.copy(party)}
              {...testId('history-copy')}
            >
              {t(outgoing ? 'history.to' : 'history.from', {
                // A look-alike matches the real address at both ends: show more of its middle.
                address: flag ? shortAddress(party, 14, 4) : shortAddress(party),
              })}
              <span className="wk-sr-only">{t('history.copy')}</span>
            </button>
          ) : null}
          <ExplorerLink href={ctx.explorerOf(item.hash)} t={t} />
        </div>
      </div>
    </div>
  )
}

/** The text of each status a row shows. */
const STATUS_TEXT = {
  confirmed: 'history.statusConfirmed',
  pending: 'history.statusPending',
  failed: 'history.statusFailed',
} as const

/** A transaction of the pipeline that has no receipt yet, shown above the history. */
export function PendingRow({ pending, ctx }: { pending: PendingTransaction; ctx: RowContext }) {
  const { t } = ctx
  const label = pending.label
  return (
    <div
      className="wk-history-row"
      data-status="pending"
      data-hash={pending.hash}
      {...testId('history-pending')}
    >
      <span className="wk-history-icon" aria-hidden="true">
        <TokenMark
          symbol={cleanLabel(label?.symbol ?? '', 12)}
          image={label ? ctx.imageOf?.(label.symbol) : undefined}
        />
        <span className="wk-history-badge">
          <span className="wk-spinner" />
        </span>
      </span>
      <div className="wk-history-main">
        <div className="wk-history-line">
          <span className="wk-history-title">{t('history.sending')}</span>
          <bdi dir="ltr" className="wk-history-amount">
            {label
              ? `-${formatAmount(label.amount, 4, ctx.locale)} ${cleanLabel(label.symbol, 12)}`
              : shortAddress(pending.hash, 10, 8)}
          </bdi>
        </div>
        <div className="wk-history-line wk-muted">
          <span className="wk-history-status" data-status="pending">
            {t('history.statusPending')}
          </span>
          <ExplorerLink href={ctx.explorerOf(pending.hash)} t={t} />
        </div>
      </div>
    </div>
  )
}
