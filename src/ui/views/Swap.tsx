import { type ReactNode, useState } from 'react'
import { searchTokens } from '../../core/swap/tokens.js'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { Icon } from '../components/Icon.js'
import { TokenAmountField } from '../components/TokenAmountField.js'
import { TokenSelector } from '../components/TokenSelector.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { amountInput } from './amount-keys.js'
import { SwapDetails } from './SwapDetails.js'
import { Unavailable } from './Unavailable.js'

/**
 * The swap form (SPEC §4): "You pay" and "You receive" with their tokens, the flip between them,
 * the quote's details and one button that says what happens next.
 */
export function Swap() {
  useSignals()
  const { kit, t, locale } = useUi()
  const swap = kit.swap?.()
  const [selecting, setSelecting] = useState<'pay' | 'receive'>()
  const [query, setQuery] = useState('')
  if (!swap) return <Unavailable />
  const body = (children: ReactNode) => (
    <div className="wk-body wk-stack" {...testId('view-swap')}>
      {children}
    </div>
  )
  const blocked = swap.unavailable.value
  if (blocked) {
    const connect = blocked.name === 'SwapAddressNotFoundError'
    return body(
      <>
        <p className="wk-text" role="alert" {...testId('swap-unavailable')}>
          {t(connect ? 'swap.noAddress' : 'swap.unsupported')}
        </p>
        {kit.options.debug && blocked.details ? (
          <p className="wk-muted" {...testId('swap-unavailable-details')}>
            {blocked.details}
          </p>
        ) : null}
        <button
          type="button"
          className="wk-button"
          onClick={() => kit.navigation.go(connect ? 'Connect' : 'Networks')}
          {...testId('swap-unavailable-action')}
        >
          {t(connect ? 'swap.connect' : 'swap.switchNetwork')}
        </button>
      </>,
    )
  }
  if (!swap.initialized.value)
    return body(<p className="wk-muted wk-center">{t('swap.loading')}</p>)

  if (selecting) {
    const pick = (address: string) => {
      const token = swap.tokens.value.find((candidate) => candidate.address === address)
      if (token) (selecting === 'pay' ? swap.setSourceToken : swap.setToToken)(token)
      setSelecting(undefined)
      setQuery('')
    }
    return body(
      <>
        <TokenSelector
          sections={[
            {
              id: 'yours',
              title: t('swap.tokens.yours'),
              tokens: searchTokens(swap.myTokensWithBalance.value, query).map((token) => ({
                ...token,
                quantity: formatAmount(token.quantity, 4, locale),
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
          ]}
          query={query}
          onQuery={setQuery}
          onPick={pick}
          imageOf={(symbol) => kit.images.catalog('token', symbol)}
          labels={{
            search: t('swap.tokens.search'),
            empty: t('swap.tokens.none', { query: cleanLabel(query, 40) }),
          }}
        />
        <button
          type="button"
          className="wk-button"
          data-variant="secondary"
          onClick={() => setSelecting(undefined)}
          {...testId('swap-selector-close')}
        >
          {t('swap.preview.cancel')}
        </button>
      </>,
    )
  }

  const source = swap.sourceToken.value
  const target = swap.toToken.value
  const action = swap.action.value
  const banner = swap.quoteError.value
  const values = swap.valuesUsd.value
  const amount = amountInput(swap.setSourceTokenAmount)
  const received = swap.toTokenAmount.value
  const tokenLabel = (token: typeof source) => (token ? t('swap.token') : t('swap.noToken'))
  const image = (token: typeof source) => token && kit.images.catalog('token', token.symbol)
  const usd = (value: number | undefined) =>
    value === undefined ? undefined : formatUsd(value, locale)
  const balance = (token: typeof source) =>
    token && t('swap.balance', { amount: formatAmount(token.quantity, 4, locale) })
  return body(
    <>
      <TokenAmountField
        name="pay"
        label={t('swap.pay')}
        token={source}
        image={image(source)}
        tokenLabel={tokenLabel(source)}
        amount={swap.sourceTokenAmount.value}
        onAmount={amount.onText}
        onKeyDown={amount.onKeyDown}
        onSelectToken={() => setSelecting('pay')}
        usd={usd(values.pay)}
        balance={balance(source)}
        onMax={source?.balance ? swap.setMaxAmount : undefined}
        maxLabel={t('swap.max')}
      />
      <button
        type="button"
        className="wk-icon-button wk-swap-flip"
        aria-label={t('swap.flip')}
        onClick={swap.flip}
        {...testId('swap-flip')}
      >
        <Icon name="flip" />
      </button>
      <TokenAmountField
        name="receive"
        label={t('swap.receive')}
        token={target}
        image={image(target)}
        tokenLabel={tokenLabel(target)}
        amount={received ? formatAmount(received, 6, locale) : ''}
        onSelectToken={() => setSelecting('receive')}
        usd={usd(values.receive)}
        balance={balance(target)}
        // Busy only while no quote of what is typed is shown: the background refresh of the quote
        // on screen (every 10 s) keeps it as it is.
        busy={swap.loadingQuote.value && !received}
      />
      {banner ? (
        <div className="wk-swap-banner" role="alert" {...testId('swap-banner')}>
          {banner.name === 'IncorrectAmountError' ? (
            <>
              <p className="wk-text wk-strong">{t('error.incorrectAmount')}</p>
              <p className="wk-muted">{t('error.validAmount')}</p>
            </>
          ) : (
            <p className="wk-text wk-strong" title={banner.shortMessage}>
              {t('swap.quoteFailed')}
            </p>
          )}
        </div>
      ) : null}
      <SwapDetails />
      <button
        type="button"
        className="wk-button"
        disabled={action.kind !== 'review' || action.loading}
        onClick={() => void swap.review()}
        {...testId('swap-action')}
      >
        {action.kind === 'select-token'
          ? t('swap.selectToken')
          : action.kind === 'enter-amount'
            ? t('swap.enterAmount')
            : action.kind === 'input-error'
              ? t(
                  action.liquidity
                    ? 'swap.insufficientLiquidity'
                    : 'send.error.insufficientBalance',
                )
              : t('swap.review')}
      </button>
    </>,
  )
}
