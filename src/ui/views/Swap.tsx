import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { searchTokens } from '../../core/swap/tokens.js'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { TokenAmountField } from '../components/TokenAmountField.js'
import { type SelectorSection, TokenSelector } from '../components/TokenSelector.js'
import { useUi } from '../context.js'
import { testId } from '../test-id.js'
import { SwapDetails } from './SwapDetails.js'
import { useSwapAmountKeys } from './swap-keys.js'
import { Unavailable } from './Unavailable.js'

const usd = (value: number | undefined) => (value === undefined ? undefined : formatUsd(value))

/**
 * The swap form (SPEC §4): "You pay" and "You receive" with their tokens, the flip between them,
 * the quote's details and one button that says what happens next.
 */
export function Swap() {
  useSignals()
  const { kit, t } = useUi()
  const swap = kit.swap
  const [selecting, setSelecting] = useState<'pay' | 'receive' | undefined>(undefined)
  const [query, setQuery] = useState('')
  const onKeyDown = useSwapAmountKeys()
  const blocked = swap?.unavailable.value
  const ready = swap?.initialized.value ?? false

  if (!swap) return <Unavailable />
  if (blocked)
    return (
      <div className="wk-body wk-stack" {...testId('view-swap')}>
        <p className="wk-text" role="alert" {...testId('swap-unavailable')}>
          {blocked.shortMessage}
        </p>
        <button
          type="button"
          className="wk-button"
          data-variant="secondary"
          onClick={() =>
            kit.router.push(blocked.name === 'SwapAddressNotFoundError' ? 'Connect' : 'Networks')
          }
          {...testId('swap-unavailable-action')}
        >
          {t(blocked.name === 'SwapAddressNotFoundError' ? 'swap.connect' : 'swap.switchNetwork')}
        </button>
      </div>
    )
  if (!ready)
    return (
      <div className="wk-body wk-center" {...testId('view-swap')} aria-busy="true">
        <span className="wk-spinner" />
        <p className="wk-muted">{t('swap.loading')}</p>
      </div>
    )

  const source = swap.sourceToken.value
  const target = swap.toToken.value
  const amount = swap.sourceTokenAmount.value
  const action = swap.action.value
  const banner = swap.quoteError.value
  const values = swap.valuesUsd.value
  const label =
    action.kind === 'select-token'
      ? t('swap.selectToken')
      : action.kind === 'enter-amount'
        ? t('swap.enterAmount')
        : action.kind === 'input-error'
          ? action.message
          : t('swap.review')

  if (selecting) {
    const all = swap.tokens.value
    const pick = (address: string) => {
      const token = all.find((candidate) => candidate.address === address)
      if (token && selecting === 'pay') swap.setSourceToken(token)
      else if (token) swap.setToToken(token)
      setSelecting(undefined)
      setQuery('')
    }
    const sections: SelectorSection[] = [
      {
        id: 'yours',
        title: t('swap.tokens.yours'),
        tokens: searchTokens(swap.myTokensWithBalance.value, query).map((token) => ({
          ...token,
          quantity: formatAmount(token.quantity),
        })),
      },
      {
        id: 'suggested',
        title: t('swap.tokens.suggested'),
        tokens: searchTokens(swap.suggestedTokens.value, query),
      },
      {
        id: 'popular',
        title: t('swap.tokens.popular'),
        tokens: searchTokens(swap.popularTokens.value, query),
      },
    ]
    return (
      <div className="wk-body wk-stack" {...testId('view-swap')}>
        <TokenSelector
          title={t('swap.tokens.title')}
          sections={sections}
          query={query}
          onQuery={setQuery}
          onPick={pick}
          onClose={() => setSelecting(undefined)}
          labels={{
            search: t('swap.tokens.search'),
            searchLabel: t('swap.tokens.searchLabel'),
            close: t('swap.tokens.close'),
            empty: t('swap.tokens.none', { query: cleanLabel(query, 40) }),
          }}
        />
      </div>
    )
  }

  return (
    <div className="wk-body wk-stack" {...testId('view-swap')}>
      <TokenAmountField
        name="pay"
        label={t('swap.pay')}
        token={source}
        tokenLabel={
          source ? t('swap.token', { symbol: cleanLabel(source.symbol, 12) }) : t('swap.noToken')
        }
        amount={amount}
        amountLabel={t('swap.amount', { symbol: cleanLabel(source?.symbol ?? '', 12) })}
        onAmount={swap.setSourceTokenAmount}
        onKeyDown={onKeyDown}
        onSelectToken={() => setSelecting('pay')}
        usd={usd(values.pay)}
        balance={source ? t('swap.balance', { amount: formatAmount(source.quantity) }) : undefined}
        onMax={source && source.balance > 0n ? swap.setMaxAmount : undefined}
        maxLabel={t('swap.max')}
      />
      <button
        type="button"
        className="wk-swap-flip"
        aria-label={t('swap.flip')}
        onClick={swap.flip}
        {...testId('swap-flip')}
      >
        ⇅
      </button>
      <TokenAmountField
        name="receive"
        label={t('swap.receive')}
        token={target}
        tokenLabel={
          target ? t('swap.token', { symbol: cleanLabel(target.symbol, 12) }) : t('swap.noToken')
        }
        amount={swap.toTokenAmount.value}
        amountLabel={t('swap.amount', { symbol: cleanLabel(target?.symbol ?? '', 12) })}
        onSelectToken={() => setSelecting('receive')}
        usd={usd(values.receive)}
        balance={target ? t('swap.balance', { amount: formatAmount(target.quantity) }) : undefined}
        loading={swap.loadingQuote.value}
      />
      {banner ? (
        <div className="wk-swap-banner" role="alert" {...testId('swap-banner')}>
          <p className="wk-text wk-strong">{banner.shortMessage}</p>
          {banner.details && banner.details !== banner.shortMessage ? (
            <p className="wk-muted">{banner.details}</p>
          ) : null}
        </div>
      ) : null}
      <SwapDetails />
      <button
        type="button"
        className="wk-button"
        disabled={action.kind !== 'review' || action.loading}
        data-action={action.kind}
        onClick={() => void swap.review()}
        {...testId('swap-action')}
      >
        {action.kind === 'review' && action.loading ? <span className="wk-spinner" /> : null}
        {label}
      </button>
    </div>
  )
}
