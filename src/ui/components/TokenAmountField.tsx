import type { ReadonlySignal } from '@preact/signals-core'
import type { KeyboardEvent } from 'react'
import type { ImageState } from '../../core/images.js'
import { cleanLabel } from '../../core/utils/text.js'
import { testId } from '../test-id.js'
import { Icon } from './Icon.js'
import { TokenMark } from './TokenMark.js'

/**
 * One side of the swap form: its label ("You pay" / "You receive") on the amount (typed, or
 * shown), the token button (its image, symbol and a chevron, or "Choose a token"), and the USD
 * value and balance under them.
 */
export function TokenAmountField(props: {
  name: 'pay' | 'receive'
  label: string
  token: { symbol: string } | undefined
  /** The token's image (the catalogue's), else its letters show. */
  image?: ReadonlySignal<ImageState> | undefined
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
  const symbol = token ? cleanLabel(token.symbol, 12) : ''
  return (
    <div className="wk-swap-field" aria-busy={props.busy}>
      <label className="wk-label" htmlFor={id}>
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
          // Long amounts get a smaller size, so the whole number stays in sight.
          data-length={
            props.amount.length > 12 ? 'long' : props.amount.length > 8 ? 'mid' : undefined
          }
          readOnly={!props.onAmount}
          onKeyDown={props.onKeyDown}
          onChange={(event) => props.onAmount?.(event.currentTarget.value)}
          {...test('amount')}
        />
        <button
          type="button"
          className="wk-token-button"
          data-empty={token ? undefined : ''}
          onClick={props.onSelectToken}
          {...test('token')}
        >
          {token ? (
            <>
              <TokenMark symbol={symbol} image={props.image} size="sm" />
              <span className="wk-sr-only">{props.tokenLabel}</span>
              <bdi>{symbol}</bdi>
            </>
          ) : (
            props.tokenLabel
          )}
          <Icon name="down" />
        </button>
      </div>
      <div className="wk-swap-row wk-muted">
        <span {...test('usd')}>{props.usd}</span>
        <span className="wk-swap-balance">
          <span {...test('balance')}>{props.balance}</span>
          {props.onMax ? (
            <button type="button" className="wk-max" onClick={props.onMax} {...test('max')}>
              {props.maxLabel}
            </button>
          ) : null}
        </span>
      </div>
    </div>
  )
}
