import { SWAP_PROVIDER_FEE_PERCENT } from '../../core/constants.js'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/**
 * What one whole token paid gets, to about six significant digits, as a decimal string: the rate
 * line's number ('2989.5' from 1494.75 for 0.5). Undefined while either amount is missing.
 */
export function rateOf(paid: string, received: string): string | undefined {
  const rate = Number(received) / Number(paid.replace(',', '.'))
  if (!Number.isFinite(rate) || rate <= 0) return undefined
  const decimals = Math.min(12, Math.max(0, 5 - Math.floor(Math.log10(rate))))
  return rate.toFixed(decimals)
}

/**
 * The quote's details: the rate ("1 ETH = 2,989.5 USDC"), price impact, provider fee, network
 * fee, slippage, minimum received; every amount in the visitor's locale.
 */
export function SwapDetails() {
  useSignals()
  const { kit, t, locale } = useUi()
  const swap = kit.swap?.()
  const details = swap?.details.value
  const source = swap?.sourceToken.value
  const target = swap?.toToken.value
  if (!details || !source || !target) return null
  const percent = (value: number | undefined) =>
    value === undefined ? '—' : t('swap.percent', { percent: value })
  const rate = rateOf(swap.sourceTokenAmount.value, swap.toTokenAmount.value)
  const from = cleanLabel(source.symbol, 12)
  const to = cleanLabel(target.symbol, 12)
  const rows = [
    ...(rate
      ? [
          [
            'rate',
            t('swap.rate'),
            `${formatAmount('1', 0, locale)} ${from} = ${formatAmount(rate, rate.split('.')[1]?.length ?? 0, locale)} ${to}`,
          ],
        ]
      : []),
    ['price-impact', t('swap.priceImpact'), percent(details.priceImpact)],
    [
      'provider-fee',
      t('swap.providerFee'),
      `${formatAmount(details.providerFee, 6, locale)} ${from} (${percent(SWAP_PROVIDER_FEE_PERCENT)})`,
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
      `${formatAmount(details.minimumReceived, 6, locale)} ${to}`,
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
