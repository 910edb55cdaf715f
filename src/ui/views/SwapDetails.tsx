import { SWAP_PROVIDER_FEE_PERCENT } from '../../core/constants.js'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/** The quote's details: price impact, provider fee, network fee, slippage, minimum received. */
export function SwapDetails() {
  useSignals()
  const { kit, t, locale } = useUi()
  const swap = kit.swap
  const details = swap?.details.value
  const source = swap?.sourceToken.value
  const target = swap?.toToken.value
  if (!details || !source || !target) return null
  const percent = (value: number | undefined) =>
    value === undefined ? '—' : t('swap.percent', { percent: value })
  const rows = [
    ['price-impact', t('swap.priceImpact'), percent(details.priceImpact)],
    [
      'provider-fee',
      t('swap.providerFee'),
      `${formatAmount(details.providerFee, 6, locale)} ${cleanLabel(source.symbol, 12)} (${percent(SWAP_PROVIDER_FEE_PERCENT)})`,
    ],
    [
      'network-fee',
      t('swap.networkFee'),
      details.gasPriceInUSD === undefined ? '—' : formatUsd(details.gasPriceInUSD, locale),
    ],
    ['max-slippage', t('swap.maxSlippage'), percent(details.slippage)],
    [
      'minimum-received',
      t('swap.minimumReceived'),
      `${formatAmount(details.minimumReceived, 6, locale)} ${cleanLabel(target.symbol, 12)}`,
    ],
  ]
  return (
    <dl className="wk-swap-details" {...testId('swap-details')}>
      {rows.map(([id, label, value]) => (
        <div key={id} className="wk-swap-row" {...testId(`swap-detail-${id}`)}>
          <dt className="wk-muted">{label}</dt>
          <dd>
            <bdi dir="ltr">{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  )
}
