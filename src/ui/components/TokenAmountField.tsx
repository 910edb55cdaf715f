import type { KeyboardEvent } from 'react'
import { cleanLabel } from '../../core/utils/text.js'
import { testId } from '../test-id.js'
import { Icon } from './Icon.js'

/** A token's round mark: its logo when it is an inline image, else its first letters. */
export function TokenMark({ symbol, logoUri }: { symbol: string; logoUri?: string | undefined }) {
  return (
    <span className="wk-token-mark" aria-hidden="true">
      {logoUri?.startsWith('data:image/') ? (
        <img src={logoUri} alt="" draggable={false} referrerPolicy="no-referrer" />
      ) : (
        cleanLabel(symbol, 3)
      )}
    </span>
  )
}

/**
 * One side of the swap form: the label ("You pay" / "You receive"), the amount (typed, or shown),
 * the token button, and the USD value and balance under them.
 */
export function TokenAmountField(props: {
  name: 'pay' | 'receive'
  label: string
  token: { symbol: string; logoUri?: string | undefined } | undefined
  tokenLabel: string
  amount: string
  amountLabel: string
  /** Typing; absent for the side that only shows the quote. */
  onAmount?: ((value: string) => void) | undefined
  /** SPEC §5 key rules, given by the view. */
  onKeyDown?: ((event: KeyboardEvent<HTMLInputElement>) => void) | undefined
  onSelectToken: () => void
  usd?: string | undefined
  balance?: string | undefined
  onMax?: (() => void) | undefined
  maxLabel?: string | undefined
  loading?: boolean | undefined
}) {
  const { name, token } = props
  const inputId = `wk-swap-${name}`
  return (
    <div className="wk-swap-field" data-loading={props.loading ? 'true' : undefined}>
      <label className="wk-section-label" htmlFor={inputId}>
        {props.label}
      </label>
      <div className="wk-swap-row">
        <input
          id={inputId}
          className="wk-swap-amount"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          aria-label={props.amountLabel}
          value={props.amount}
          readOnly={!props.onAmount}
          onKeyDown={props.onKeyDown}
          onChange={(event) => props.onAmount?.(event.currentTarget.value)}
          {...testId(`swap-${name}-amount`)}
        />
        <button
          type="button"
          className="wk-swap-token"
          aria-label={props.tokenLabel}
          onClick={props.onSelectToken}
          {...testId(`swap-${name}-token`)}
        >
          {token ? <TokenMark symbol={token.symbol} logoUri={token.logoUri} /> : null}
          <bdi>{token ? cleanLabel(token.symbol, 12) : props.tokenLabel}</bdi>
          <Icon name="chevron" />
        </button>
      </div>
      <div className="wk-swap-row wk-muted">
        <span {...testId(`swap-${name}-usd`)}>{props.usd ?? ''}</span>
        {props.balance !== undefined ? (
          <span>
            <span {...testId(`swap-${name}-balance`)}>{props.balance}</span>
            {props.onMax ? (
              <button
                type="button"
                className="wk-swap-max"
                onClick={props.onMax}
                {...testId(`swap-${name}-max`)}
              >
                {props.maxLabel}
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
    </div>
  )
}
