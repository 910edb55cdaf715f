import { cleanLabel } from '../../core/utils/text.js'
import { testId } from '../test-id.js'
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
 * The token list of the swap form: a search field, then the sections (the account's tokens, then
 * suggested and popular ones); picking one calls `onPick`.
 */
export function TokenSelector(props: {
  sections: readonly SelectorSection[]
  query: string
  onQuery: (query: string) => void
  onPick: (address: string) => void
  labels: { search: string; empty: string }
}) {
  const visible = props.sections.filter((s) => s.tokens.length > 0)
  return (
    <>
      <input
        className="wk-input"
        type="search"
        placeholder={props.labels.search}
        aria-label={props.labels.search}
        value={props.query}
        onChange={(event) => props.onQuery(event.currentTarget.value)}
        {...testId('swap-selector-search')}
      />
      {visible.length === 0 ? <p className="wk-muted">{props.labels.empty}</p> : null}
      {visible.map((section) => (
        <ul
          key={section.id}
          className="wk-tokens"
          aria-label={section.title}
          {...testId(`swap-selector-${section.id}`)}
        >
          <li className="wk-section-label">{section.title}</li>
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
                <bdi className="wk-wallet-name">{cleanLabel(token.symbol, 12)}</bdi>
                <bdi className="wk-muted">{token.quantity ?? cleanLabel(token.name, 24)}</bdi>
              </button>
            </li>
          ))}
        </ul>
      ))}
    </>
  )
}
