import { useSignals } from '@preact/signals-react/runtime'
import { fromBaseUnits } from '../../core/swap/calculations.js'
import { plainAddress } from '../../core/swap/tokens.js'
import { UNLIMITED_ALLOWANCE } from '../../core/swap/verify.js'
import { formatAmount } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { testId } from '../test-id.js'

/** "Allow {spender} to spend {amount} {SYMBOL}": the checked approval, in plain words. */
export function ApprovalStatement() {
  useSignals()
  const { kit, t } = useUi()
  const swap = kit.swap
  const approval = swap?.approvalTransaction.value
  const source = swap?.sourceToken.value
  if (!approval || !source) return null
  const symbol = cleanLabel(source.symbol, 12)
  const spender = approval.spender
  return (
    <p className="wk-text wk-swap-statement" {...testId('approve-statement')}>
      {approval.amount === UNLIMITED_ALLOWANCE
        ? t('approve.statementUnlimited', { spender, symbol })
        : t('approve.statement', {
            spender,
            symbol,
            amount: formatAmount(fromBaseUnits(approval.amount, source.decimals), source.decimals),
          })}
    </p>
  )
}

/**
 * The spec's ApproveTransaction view: the approval the swap needs, checked against the swap
 * (token contract, spender, exact amount), stated in plain words; the visitor may allow an
 * unlimited amount instead, then approves in the wallet.
 */
export function ApproveTransaction() {
  useSignals()
  const { kit, t } = useUi()
  const swap = kit.swap
  const approval = swap?.approvalTransaction.value
  const source = swap?.sourceToken.value
  const sending = swap?.sending.value
  if (!swap || !source || (!approval && !swap.loadingTransaction.value))
    return (
      <div className="wk-body wk-stack" {...testId('view-approve-transaction')}>
        <p className="wk-muted">{t('approve.nothing')}</p>
      </div>
    )
  const symbol = cleanLabel(source.symbol, 12)
  return (
    <div className="wk-body wk-stack" {...testId('view-approve-transaction')}>
      <ApprovalStatement />
      <dl className="wk-swap-details">
        <div className="wk-swap-row">
          <dt className="wk-muted">{t('approve.token')}</dt>
          <dd className="wk-swap-address" {...testId('approve-token')}>
            {plainAddress(source)}
          </dd>
        </div>
        <div className="wk-swap-row">
          <dt className="wk-muted">{t('approve.spender')}</dt>
          <dd className="wk-swap-address" {...testId('approve-spender')}>
            {approval?.spender ?? '—'}
          </dd>
        </div>
      </dl>
      <label className="wk-swap-check">
        <input
          type="checkbox"
          checked={swap.unlimited.value}
          disabled={sending !== undefined}
          onChange={(event) => swap.setUnlimited(event.currentTarget.checked)}
          {...testId('approve-unlimited')}
        />
        <span>{t('approve.unlimited', { symbol })}</span>
      </label>
      <button
        type="button"
        className="wk-button"
        disabled={!approval || sending !== undefined || swap.loadingTransaction.value}
        onClick={() =>
          void swap.approve({
            pending: t('swap.toast.approving', { symbol }),
            success: t('swap.toast.approved', { symbol }),
          })
        }
        {...testId('approve-confirm')}
      >
        {sending === 'approve' ? <span className="wk-spinner" /> : null}
        {sending === 'approve' ? t('approve.approving') : t('approve.confirm', { symbol })}
      </button>
    </div>
  )
}
