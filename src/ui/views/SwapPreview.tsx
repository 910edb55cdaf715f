import { quoteAmount } from '../../core/swap/calculations.js'
import { formatAmount } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { withAddress } from '../components/Address.js'
import { Icon } from '../components/Icon.js'
import { TokenMark } from '../components/TokenMark.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { ApprovalStatement } from './ApproveTransaction.js'
import { SwapDetails } from './SwapDetails.js'
import { Unavailable } from './Unavailable.js'

/**
 * The swap's review: the details and, in plain words, what the wallet will be asked to sign; the
 * button approves the token first when its allowance is short, then swaps.
 */
export function SwapPreview() {
  useSignals()
  const { kit, t, locale } = useUi()
  const swap = kit.swap?.()
  const source = swap?.sourceToken.value
  const target = swap?.toToken.value
  const details = swap?.details.value
  if (!swap || !source || !target || !details) return <Unavailable />
  const approval = swap.approvalTransaction.value
  const transaction = swap.swapTransaction.value
  const sending = swap.sending.value
  const checking = swap.checkingTransaction.value
  const from = cleanLabel(source.symbol, 12)
  const to = cleanLabel(target.symbol, 12)
  const act = () =>
    approval
      ? swap.approve()
      : swap.swap({
          pending: { key: 'swap.toast.swapping', values: { from, to } },
          success: {
            key: 'swap.toast.swapped',
            values: { from, to, amount: formatAmount(swap.toTokenAmount.value, 3, locale) },
          },
        })
  return (
    <div className="wk-body wk-stack" {...testId('view-swap-preview')}>
      <div className="wk-swap-summary">
        <TokenMark symbol={from} image={kit.images.catalog('token', source.symbol)} />
        <bdi dir="ltr">
          {formatAmount(swap.sourceTokenAmount.value.replace(',', '.'), source.decimals, locale)}{' '}
          {from}
        </bdi>
        <Icon name="receive" />
        <span />
        <TokenMark symbol={to} image={kit.images.catalog('token', target.symbol)} />
        <bdi dir="ltr">
          {formatAmount(swap.toTokenAmount.value, 6, locale)} {to}
        </bdi>
      </div>
      <SwapDetails />
      {approval ? (
        <>
          <p className="wk-muted">{t('swap.preview.approvalNeeded', { symbol: from })}</p>
          <ApprovalStatement />
        </>
      ) : transaction ? (
        <p className="wk-muted wk-swap-statement" {...testId('swap-preview-statement')}>
          {withAddress(
            t('swap.preview.swapStatement', {
              amount: formatAmount(
                swap.sourceTokenAmount.value.replace(',', '.'),
                source.decimals,
                locale,
              ),
              from,
              // What the decoded call guarantees, not the quote.
              minimum: formatAmount(
                quoteAmount(transaction.call.minimum, target.decimals),
                6,
                locale,
              ),
              to,
              contract: transaction.to,
            }),
            transaction.to,
          )}
        </p>
      ) : null}
      <button
        type="button"
        className="wk-button"
        disabled={
          swap.loadingTransaction.value || checking || !!sending || (!approval && !transaction)
        }
        onClick={() => void act()}
        {...testId('swap-preview-action')}
      >
        {sending === 'swap'
          ? t('swap.preview.confirm')
          : checking
            ? t('swap.preview.checking')
            : approval
              ? t('swap.preview.approve', { symbol: from })
              : transaction
                ? t('swap.preview.swap')
                : t('swap.preview.preparing')}
      </button>
      <button
        type="button"
        className="wk-button"
        data-variant="secondary"
        disabled={!!sending}
        onClick={kit.navigation.back}
        {...testId('swap-preview-back')}
      >
        {t('swap.preview.cancel')}
      </button>
    </div>
  )
}
