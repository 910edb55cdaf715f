import type { OnRampQuote as Quote, QuoteAmount } from '../../../core/onramp/types.js'
import { formatAmount } from '../../../core/utils/format.js'
import { cleanLabel } from '../../../core/utils/text.js'
import { useUi } from '../../context.js'
import { testId } from '../../test-id.js'

/**
 * An amount in `locale` (every decimal kept, trailing zeros cut) and its currency. Quote amounts
 * are decimals: the service's are checked when parsed, an estimate's come from a valid amount.
 */
const shown = (a: QuoteAmount, locale: string) =>
  `${formatAmount(a.amount, 18, locale)} ${cleanLabel(a.currency, 12)}`

/** The quote: what the visitor pays, the fees, what they receive; an estimate says it is one. */
export function OnRampQuote({ quote, loading }: { quote: Quote | undefined; loading: boolean }) {
  const { t, locale } = useUi()
  if (!quote)
    return loading ? (
      <p className="wk-muted" aria-live="polite" {...testId('onramp-quote-loading')}>
        {t('onramp.quoteLoading')}
      </p>
    ) : null
  const fees = quote.fees.reduce((sum, f) => sum + Number(f.amount), 0)
  return (
    <section aria-live="polite" {...testId('onramp-quote')} data-estimate={quote.estimate}>
      <dl className="wk-quote">
        <dt>{t('onramp.total')}</dt>
        <dd>
          <bdi dir="ltr">{shown(quote.paymentTotal, locale)}</bdi>
        </dd>
        {quote.fees.length ? (
          <>
            <dt>{t('onramp.fees')}</dt>
            <dd {...testId('onramp-fees')}>
              <bdi dir="ltr">
                {shown({ amount: fees.toFixed(2), currency: quote.paymentTotal.currency }, locale)}
              </bdi>
            </dd>
          </>
        ) : null}
        <dt>{t('onramp.receive')}</dt>
        <dd {...testId('onramp-receive')}>
          <bdi>
            {quote.purchaseAmount
              ? `${quote.estimate ? '≈ ' : ''}${shown(quote.purchaseAmount, locale)}`
              : t('onramp.receiveUnknown')}
          </bdi>
        </dd>
      </dl>
      {quote.estimate ? (
        <p className="wk-notice" data-tone="warning" {...testId('onramp-estimate')}>
          {t('onramp.estimate')}
        </p>
      ) : null}
    </section>
  )
}
