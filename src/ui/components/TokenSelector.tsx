import type { ReadonlySignal } from '@preact/signals-core'
import type { ImageState } from '../../core/images.js'
import { cleanLabel } from '../../core/utils/text.js'
import { testId } from '../test-id.js'
import { Icon } from './Icon.js'
import { TokenMark } from './TokenMark.js'

/** A token as the selector lists it. */
export type SelectorToken = {
  address: string
  symbol: string
  name: string
  /** What the account holds, already formatted. */
  quantity?: string | undefined
}

/** A titled group of tokens. */
export type SelectorSection = { id: string; title: string; tokens: readonly SelectorToken[] }

/**
 * The token list of the swap form: a search field, then the sections (the account's tokens, then
 * suggested and popular ones), each token with its image, symbol, name and balance; picking one
 * calls `onPick`.
 */
export function TokenSelector(props: {
  sections: readonly SelectorSection[]
  query: string
  onQuery: (query: string) => void
  onPick: (address: string) => void
  /** A token's image by its symbol (the catalogue's). */
  imageOf: (symbol: string) => ReadonlySignal<ImageState>
  labels: { search: string; empty: string }
}) {
  const visible = props.sections.filter((s) => s.tokens.length > 0)
  return (
    <>
      <div className="wk-search-field">
        <Icon name="search" />
        <input
          className="wk-input"
          type="search"
          placeholder={props.labels.search}
          aria-label={props.labels.search}
          value={props.query}
          onChange={(event) => props.onQuery(event.currentTarget.value)}
          {...testId('swap-selector-search')}
        />
      </div>
      {visible.length === 0 ? <p className="wk-muted">{props.labels.empty}</p> : null}
      {visible.map((section) => (
        <ul
          key={section.id}
          className="wk-tokens"
          aria-label={section.title}
          {...testId(`swap-selector-${section.id}`)}
        >
          <li className="wk-section-label">{section.title}</li>
          {section.tokens.map((token) => {
            const symbol = cleanLabel(token.symbol, 12)
            return (
              <li key={token.address}>
                <button
                  type="button"
                  className="wk-wallet"
                  data-symbol={symbol}
                  onClick={() => props.onPick(token.address)}
                  {...testId('swap-selector-token')}
                >
                  <TokenMark symbol={symbol} image={props.imageOf(token.symbol)} />
                  <span className="wk-token-text">
                    <bdi>{symbol}</bdi>
                    <bdi className="wk-muted">{cleanLabel(token.name, 32)}</bdi>
                  </span>
                  {token.quantity ? <bdi dir="ltr">{token.quantity}</bdi> : null}
                </button>
              </li>
            )
          })}
        </ul>
      ))}
    </>
  )
}
