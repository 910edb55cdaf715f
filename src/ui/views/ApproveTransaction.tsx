import { fromBaseUnits } from '../../core/swap/calculations.js'
import { UNLIMITED_ALLOWANCE } from '../../core/swap/verify.js'
import { formatAmount } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { withAddress } from '../components/Address.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/** "Allow {spender} to spend {amount} {SYMBOL}": the checked approval, in plain words. */
export function ApprovalStatement() {
  useSignals()
  const { kit, t, locale } = useUi()
  const approval = kit.swap?.().approvalTransaction.value
  const source = kit.swap?.().sourceToken.value
  if (!approval || !source) return null
  const values = { spender: approval.spender, symbol: cleanLabel(source.symbol, 12) }
  return (
    <p className="wk-text wk-swap-statement" {...testId('approve-statement')}>
      {withAddress(
        approval.amount === UNLIMITED_ALLOWANCE
          ? t('approve.statementUnlimited', values)
          : t('approve.statement', {
              ...values,
              amount: formatAmount(
                fromBaseUnits(approval.amount, source.decimals),
                source.decimals,
                locale,
              ),
            }),
        approval.spender,
      )}
    </p>
  )
}

/**
 * The spec's ApproveTransaction view: the approval the swap needs, checked against the swap
 * (token contract, spender, exact amount) and stated in plain words; the visitor may allow an
 * unlimited amount instead, then approves in the wallet.
 */
export function ApproveTransaction() {
  useSignals()
  const { kit, t } = useUi()
  const swap = kit.swap?.()
  const source = swap?.sourceToken.value
  if (!swap || !source) return null
  const sending = swap.sending.value
  const symbol = cleanLabel(source.symbol, 12)
  return (
    <div className="wk-body wk-stack" {...testId('view-approve-transaction')}>
      <ApprovalStatement />
      <label className="wk-swap-row">
        <input
          type="checkbox"
          checked={swap.unlimited.value}
          disabled={!!sending}
          onChange={(event) => swap.setUnlimited(event.currentTarget.checked)}
          {...testId('approve-unlimited')}
        />
        <span className="wk-muted">{t('approve.unlimited', { symbol })}</span>
      </label>
      <button
        type="button"
        className="wk-button"
        disabled={
          !swap.approvalTransaction.value ||
          !!sending ||
          swap.loadingTransaction.value ||
          swap.checkingTransaction.value
        }
        onClick={() =>
          void swap.approve({
            pending: { key: 'swap.toast.approving', values: { symbol } },
            success: { key: 'swap.toast.approved', values: { symbol } },
          })
        }
        {...testId('approve-confirm')}
      >
        {sending
          ? t('approve.approving')
          : swap.loadingTransaction.value
            ? t('swap.preview.preparing')
            : t('approve.confirm', { symbol })}
      </button>
    </div>
  )
}
