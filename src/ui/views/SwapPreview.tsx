import { useSignals } from '@preact/signals-react/runtime'
import { fromBaseUnits } from '../../core/swap/calculations.js'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { TokenMark } from '../components/TokenAmountField.js'
import { useUi } from '../context.js'
import { testId } from '../test-id.js'
import { ApprovalStatement } from './ApproveTransaction.js'
import { SwapDetails } from './SwapDetails.js'
import { Unavailable } from './Unavailable.js'

/**
 * The swap's review: what is paid and received, the details, and in plain words what the wallet
 * will be asked to sign; the button approves the token first when its allowance is short, then
 * swaps.
 */
export function SwapPreview() {
  useSignals()
  const { kit, t } = useUi()
  const swap = kit.swap
  const source = swap?.sourceToken.value
  const target = swap?.toToken.value
  if (!swap || !source || !target) return <Unavailable />
  const approval = swap.approvalTransaction.value
  const transaction = swap.swapTransaction.value
  const sending = swap.sending.value
  const loading = swap.loadingTransaction.value
  const details = swap.details.value
  const values = swap.valuesUsd.value
  const from = cleanLabel(source.symbol, 12)
  const to = cleanLabel(target.symbol, 12)

  const label =
    sending === 'swap'
      ? t('swap.preview.swapping')
      : approval
        ? t('swap.preview.approve', { symbol: from })
        : transaction
          ? t('swap.preview.swap')
          : t('swap.preview.preparing')
  const act = () => {
    if (approval) void swap.approve()
    else if (transaction)
      void swap.swap({
        pending: t('swap.toast.swapping', { from, to }),
        success: t('swap.toast.swapped', {
          from,
          to,
          amount: formatAmount(swap.toTokenAmount.value, 3),
        }),
      })
  }

  return (
    <div className="wk-body wk-stack" {...testId('view-swap-preview')}>
      <div className="wk-swap-field">
        <p className="wk-section-label">{t('swap.preview.pay')}</p>
        <p className="wk-swap-row wk-text wk-strong">
          <span {...testId('swap-preview-pay')}>
            {formatAmount(swap.sourceTokenAmount.value.replace(',', '.'), 6)} <bdi>{from}</bdi>
          </span>
          <TokenMark symbol={source.symbol} logoUri={source.logoUri} />
        </p>
        <p className="wk-muted">{values.pay === undefined ? '' : formatUsd(values.pay)}</p>
      </div>
      <div className="wk-swap-field">
        <p className="wk-section-label">{t('swap.preview.receive')}</p>
        <p className="wk-swap-row wk-text wk-strong">
          <span {...testId('swap-preview-receive')}>
            {details ? formatAmount(details.minimumReceived, 6) : '—'} <bdi>{to}</bdi>
          </span>
          <TokenMark symbol={target.symbol} logoUri={target.logoUri} />
        </p>
        <p className="wk-muted">
          {swap.toTokenAmount.value ? `≈ ${formatAmount(swap.toTokenAmount.value, 6)} ${to}` : ''}
        </p>
      </div>
      <SwapDetails />
      {approval ? (
        <div className="wk-swap-banner" {...testId('swap-preview-approval')}>
          <p className="wk-muted">{t('swap.preview.approvalNeeded', { symbol: from })}</p>
          <ApprovalStatement />
        </div>
      ) : transaction && details ? (
        <p className="wk-muted wk-swap-statement" {...testId('swap-preview-statement')}>
          {t('swap.preview.swapStatement', {
            amount: formatAmount(
              fromBaseUnits(swap.sourceAmount.value ?? 0n, source.decimals),
              source.decimals,
            ),
            from,
            minimum: formatAmount(details.minimumReceived, 6),
            to,
            contract: transaction.to,
          })}
        </p>
      ) : null}
      {sending === 'swap' ? (
        <p className="wk-muted" role="status">
          {t('swap.preview.confirm')}
        </p>
      ) : null}
      <button
        type="button"
        className="wk-button"
        disabled={loading || sending !== undefined || (!approval && !transaction)}
        onClick={act}
        data-step={approval ? 'approve' : transaction ? 'swap' : 'preparing'}
        {...testId('swap-preview-action')}
      >
        {loading || sending ? <span className="wk-spinner" /> : null}
        {label}
      </button>
      <button
        type="button"
        className="wk-button"
        data-variant="secondary"
        disabled={sending !== undefined}
        onClick={() => kit.router.goBack()}
        {...testId('swap-preview-back')}
      >
        {t('swap.preview.cancel')}
      </button>
    </div>
  )
}
