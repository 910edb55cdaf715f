import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { TokenMark } from '../components/TokenMark.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/**
 * Account's tokens: the native coin first, then the tokens, each with its image (the catalogue's,
 * else its letters), its name, the amount held and its USD value, in the visitor's locale.
 */
export function AccountTokens() {
  useSignals()
  const { kit, t, locale } = useUi()
  const account = kit.chain.account.value
  // The balances the blockchain API gave; the native coin (no address) comes first.
  const tokens = [...(account?.tokenBalance ?? [])].sort(
    (a, b) => Number(!!a.address) - Number(!!b.address),
  )
  if (!tokens.length) return null
  return (
    <section aria-label={t('account.tokens')}>
      <p className="wk-section-label">{t('account.tokens')}</p>
      <ul className="wk-tokens" {...testId('account-tokens')}>
        {tokens.map((token) => {
          const symbol = cleanLabel(token.symbol, 12)
          return (
            <li
              key={token.address ?? `native:${token.chainId}`}
              className="wk-token"
              data-symbol={token.symbol}
              data-native={token.address ? undefined : ''}
            >
              <TokenMark symbol={symbol} image={kit.images.catalog('token', token.symbol)} />
              <span className="wk-token-text">
                <bdi className="wk-strong">{symbol}</bdi>
                <bdi className="wk-muted">{cleanLabel(token.name, 32)}</bdi>
              </span>
              <span className="wk-token-value">
                <bdi dir="ltr">{formatAmount(token.quantity.numeric, 4, locale)}</bdi>
                <bdi dir="ltr" className="wk-muted">
                  {formatUsd(token.value, locale)}
                </bdi>
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
