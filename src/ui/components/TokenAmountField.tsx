import type { KeyboardEvent } from 'react'
import { cleanLabel } from '../../core/utils/text.js'
import { testId } from '../test-id.js'

/** A token's round mark: its logo when it is an inline image, else its first letters. */
export function TokenMark({ symbol, logoUri }: { symbol: string; logoUri?: string | undefined }) {
  return (
    <span className="wk-token-mark" aria-hidden="true">
      {logoUri?.startsWith('data:image/') ? <img src={logoUri} alt="" /> : cleanLabel(symbol, 3)}
    </span>
  )
}

/**
 * One side of the swap form: its label ("You pay" / "You receive") on the amount (typed, or
 * shown), the token button, and the USD value and balance under them.
 */
export function TokenAmountField(props: {
  name: 'pay' | 'receive'
  label: string
  token: { symbol: string; logoUri?: string | undefined } | undefined
  /** What the token button does, for screen readers; its text while no token is picked. */
  tokenLabel: string
  amount: string
  /** Typing; absent for the side that shows the quote. */
  onAmount?: ((value: string) => void) | undefined
  /** SPEC §5 key rules, given by the view. */
  onKeyDown?: ((event: KeyboardEvent<HTMLInputElement>) => void) | undefined
  onSelectToken: () => void
  usd?: string | undefined
  balance?: string | undefined
  onMax?: (() => void) | undefined
  maxLabel?: string | undefined
  busy?: boolean | undefined
}) {
  const { name, token } = props
  const id = `wk-swap-${name}`
  const test = (part: string) => testId(`swap-${name}-${part}`)
  return (
    <div className="wk-swap-field" aria-busy={props.busy}>
      <label className="wk-section-label" htmlFor={id}>
        {props.label}
      </label>
      <div className="wk-swap-row">
        <input
          id={id}
          className="wk-input wk-swap-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={props.amount}
          readOnly={!props.onAmount}
          onKeyDown={props.onKeyDown}
          onChange={(event) => props.onAmount?.(event.currentTarget.value)}
          {...test('amount')}
        />
        <button
          type="button"
          className="wk-button"
          data-variant="secondary"
          onClick={props.onSelectToken}
          {...test('token')}
        >
          {token ? (
            <>
              <span className="wk-sr-only">{props.tokenLabel}</span>
              <bdi>{cleanLabel(token.symbol, 12)}</bdi>
            </>
          ) : (
            props.tokenLabel
          )}
        </button>
      </div>
      <div className="wk-swap-row wk-muted">
        <span {...test('usd')}>{props.usd}</span>
        <span {...test('balance')}>{props.balance}</span>
        {props.onMax ? (
          <button type="button" className="wk-link" onClick={props.onMax} {...test('max')}>
            {props.maxLabel}
          </button>
        ) : null}
      </div>
    </div>
  )
}
