import { useEffect, useRef } from 'react'
import { cleanLabel } from '../../core/utils/text.js'
import { testId } from '../test-id.js'
import { Icon } from './Icon.js'
import { TokenMark } from './TokenAmountField.js'

/** A token as the selector lists it. */
export type SelectorToken = {
  address: string
  symbol: string
  name: string
  logoUri?: string | undefined
  /** What the account holds, already formatted. */
  quantity?: string | undefined
}

/** A titled group of tokens. */
export type SelectorSection = { id: string; title: string; tokens: readonly SelectorToken[] }

/**
 * The token list of the swap form: a search field and the sections (the account's tokens, then
 * suggested and popular ones); picking one calls `onPick`.
 */
export function TokenSelector(props: {
  title: string
  sections: readonly SelectorSection[]
  query: string
  onQuery: (query: string) => void
  onPick: (address: string) => void
  onClose: () => void
  labels: { search: string; searchLabel: string; close: string; empty: string }
}) {
  const search = useRef<HTMLInputElement>(null)
  useEffect(() => search.current?.focus(), [])
  const visible = props.sections.filter((s) => s.tokens.length > 0)
  return (
    <section className="wk-swap-selector" aria-label={props.title} {...testId('swap-selector')}>
      <div className="wk-swap-row">
        <p className="wk-text wk-strong">{props.title}</p>
        <button
          type="button"
          className="wk-icon-button"
          aria-label={props.labels.close}
          onClick={props.onClose}
          {...testId('swap-selector-close')}
        >
          <Icon name="close" />
        </button>
      </div>
      <input
        ref={search}
        className="wk-input"
        type="search"
        placeholder={props.labels.search}
        aria-label={props.labels.searchLabel}
        value={props.query}
        onChange={(event) => props.onQuery(event.currentTarget.value)}
        {...testId('swap-selector-search')}
      />
      {visible.length === 0 ? <p className="wk-muted">{props.labels.empty}</p> : null}
      {visible.map((section) => (
        <div key={section.id} className="wk-stack">
          <p className="wk-section-label">{section.title}</p>
          <ul className="wk-tokens" {...testId(`swap-selector-${section.id}`)}>
            {section.tokens.map((token) => (
              <li key={token.address}>
                <button
                  type="button"
                  className="wk-wallet"
                  data-symbol={cleanLabel(token.symbol, 12)}
                  onClick={() => props.onPick(token.address)}
                  {...testId('swap-selector-token')}
                >
                  <TokenMark symbol={token.symbol} logoUri={token.logoUri} />
                  <span className="wk-wallet-name">
                    <bdi>{cleanLabel(token.symbol, 12)}</bdi>{' '}
                    <bdi className="wk-muted">{cleanLabel(token.name, 32)}</bdi>
                  </span>
                  {token.quantity ? <span className="wk-muted">{token.quantity}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}
