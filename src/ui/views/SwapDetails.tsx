import { useSignals } from '@preact/signals-react/runtime'
import { SWAP_PROVIDER_FEE_PERCENT } from '../../core/constants.js'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { testId } from '../test-id.js'

/** The quote's details: rate, price impact, provider fee, network fee, slippage, minimum received. */
export function SwapDetails() {
  useSignals()
  const { kit, t } = useUi()
  const swap = kit.swap
  const details = swap?.details.value
  const source = swap?.sourceToken.value
  const target = swap?.toToken.value
  if (!swap || !details || !source || !target) return null
  const from = cleanLabel(source.symbol, 12)
  const to = cleanLabel(target.symbol, 12)
  const paid = Number(swap.sourceTokenAmount.value.replace(',', '.'))
  const received = Number(swap.toTokenAmount.value)
  const rows: [string, string, string][] = [
    [
      'rate',
      t('swap.rate'),
      paid > 0 && received > 0
        ? t('swap.rateValue', { from, to, rate: formatAmount((received / paid).toFixed(6), 6) })
        : '—',
    ],
    [
      'price-impact',
      t('swap.priceImpact'),
      details.priceImpact === undefined ? '—' : t('swap.percent', { percent: details.priceImpact }),
    ],
    [
      'provider-fee',
      t('swap.providerFee'),
      t('swap.providerFeeValue', {
        amount: formatAmount(details.providerFee, 6),
        symbol: from,
        percent: SWAP_PROVIDER_FEE_PERCENT,
      }),
    ],
    [
      'network-fee',
      t('swap.networkFee'),
      details.gasPriceInUSD === undefined ? '—' : formatUsd(details.gasPriceInUSD),
    ],
    ['max-slippage', t('swap.maxSlippage'), t('swap.percent', { percent: details.slippage })],
    [
      'minimum-received',
      t('swap.minimumReceived'),
      `${formatAmount(details.minimumReceived, 6)} ${to}`,
    ],
  ]
  return (
    <dl className="wk-swap-details" aria-label={t('swap.details')} {...testId('swap-details')}>
      {rows.map(([id, label, value]) => (
        <div key={id} className="wk-swap-row" {...testId(`swap-detail-${id}`)}>
          <dt className="wk-muted">{label}</dt>
          <dd>
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  )
}
