import type { OnRampQuote as Quote, QuoteAmount } from '../../../core/onramp/types.js'
import { cleanLabel } from '../../../core/utils/text.js'
import { useUi } from '../../context.js'
import { testId } from '../../test-id.js'

const shown = (a: QuoteAmount) => `${cleanLabel(a.amount, 24)} ${cleanLabel(a.currency, 12)}`

/** The quote: what the visitor pays, the fees, what they receive; an estimate says it is one. */
export function OnRampQuote({ quote, loading }: { quote: Quote | undefined; loading: boolean }) {
  const { t } = useUi()
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
          <bdi>{shown(quote.paymentTotal)}</bdi>
        </dd>
        {quote.fees.length ? (
          <>
            <dt>{t('onramp.fees')}</dt>
            <dd {...testId('onramp-fees')}>
              <bdi>{shown({ amount: fees.toFixed(2), currency: quote.paymentTotal.currency })}</bdi>
            </dd>
          </>
        ) : null}
        <dt>{t('onramp.receive')}</dt>
        <dd {...testId('onramp-receive')}>
          <bdi>
            {quote.purchaseAmount
              ? `${quote.estimate ? '≈ ' : ''}${shown(quote.purchaseAmount)}`
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
