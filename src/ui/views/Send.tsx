import { useId } from 'react'
import { formatUnits } from 'viem'
import type { Recipient } from '../../core/send/controller.js'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel } from '../../core/utils/text.js'
import { withAddress } from '../components/Address.js'
import { Icon } from '../components/Icon.js'
import { TokenMark } from '../components/TokenMark.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import type { Translate } from '../i18n/index.js'
import { testId } from '../test-id.js'
import { amountInput } from './amount-keys.js'
import { SendReview } from './SendReview.js'

/** The text under the To field: the lookup, the resolved address, or why it cannot be used. */
function recipientNote(r: Recipient, typed: string, t: Translate): string | undefined {
  if (r.status === 'resolving') return t('send.resolving', { name: r.name })
  if (r.status === 'resolved') return t('send.resolved', { name: r.name, address: r.address })
  if (r.status !== 'invalid') return undefined
  if ('problem' in r) return t(`send.error.name.${r.problem}`, { subject: r.subject })
  return {
    'invalid-address': t('send.error.invalidAddress'),
    checksum: t('send.error.checksum'),
    'unknown-name': t('send.error.unknownName', { name: typed.trim() }),
    'lookup-failed': t('send.error.lookupFailed'),
    'names-unavailable': t('send.error.namesUnavailable'),
  }[r.issue]
}

/**
 * The Send view: the token, the amount (SPEC §5 key rules, Max), the recipient (an address, or a
 * name shown with the address it resolves to), live validation, then the review. The flow is the
 * core's `kit.send`; this only renders it and calls its actions.
 */
export function Send() {
  useSignals()
  const { kit, t, locale } = useUi()
  const ids = useId()
  const send = kit.send()
  const account = kit.chain.account.value
  if (!account?.address)
    return (
      <div className="wk-body" {...testId('view-send')}>
        <p className="wk-text wk-center">{t('send.notConnected')}</p>
      </div>
    )
  if (send.step.value !== 'form') return <SendReview />

  const tokens = send.tokens.value
  const token = send.token.value
  const native = send.native.value
  const amount = send.amount.value
  const recipient = send.recipient.value
  const issue = send.amountIssue.value
  const fee = send.fee.value
  const note = recipientNote(recipient, send.recipientText.value, t)
  const usd = token && token.price > 0 && amount ? Number(amount) * token.price : 0
  const amountError =
    issue === 'insufficient-balance'
      ? t('send.error.insufficientBalance')
      : issue === 'insufficient-fee'
        ? t('send.error.fee', { symbol: cleanLabel(native?.symbol ?? '', 12) })
        : issue === 'invalid'
          ? t('send.error.invalidAmount', { decimals: token?.decimals ?? 0 })
          : undefined

  const amountField = amountInput(send.setAmount)

  if (!token)
    return (
      <div className="wk-body" {...testId('view-send')}>
        <p className="wk-text wk-center">{t('send.noTokens')}</p>
      </div>
    )
  return (
    <form
      className="wk-body wk-stack"
      onSubmit={(event) => {
        event.preventDefault()
        void send.review()
      }}
      noValidate
      {...testId('view-send')}
    >
      <label className="wk-label" htmlFor={`${ids}token`}>
        {t('send.token')}
      </label>
      {/* The native list follows the modal's color-scheme: dark in dark mode. */}
      <div className="wk-select-field">
        <TokenMark symbol={token.symbol} image={kit.images.catalog('token', token.symbol)} />
        <select
          id={`${ids}token`}
          className="wk-input"
          value={token.id}
          onChange={(event) => send.selectToken(event.currentTarget.value)}
          {...testId('send-token')}
        >
          {tokens.map((option) => (
            <option key={option.id} value={option.id}>
              {t('send.tokenOption', {
                symbol: cleanLabel(option.symbol, 12),
                balance: formatAmount(option.balance, 4, locale),
              })}
            </option>
          ))}
        </select>
        <Icon name="down" />
      </div>

      <label className="wk-label" htmlFor={`${ids}amount`}>
        {t('send.amount')}
      </label>
      <div className="wk-amount">
        <input
          id={`${ids}amount`}
          className="wk-input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          value={amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={`${ids}amount-note`}
          onKeyDown={amountField.onKeyDown}
          onChange={(event) => amountField.onText(event.currentTarget.value)}
          {...testId('send-amount')}
        />
        <button
          type="button"
          className="wk-button"
          data-variant="secondary"
          onClick={() => send.setMax()}
          {...testId('send-max')}
        >
          {t('send.max')}
        </button>
      </div>
      <p
        id={`${ids}amount-note`}
        className={amountError ? 'wk-error' : 'wk-muted'}
        aria-live="polite"
        {...testId('send-amount-note')}
      >
        {amountError ?? (usd > 0 ? t('send.usd', { value: formatUsd(usd, locale) }) : null)}
      </p>

      <label className="wk-label" htmlFor={`${ids}to`}>
        {t('send.to')}
      </label>
      {/* A field of two lines once an address is typed: the whole address stays in sight. */}
      <textarea
        id={`${ids}to`}
        className="wk-input wk-recipient"
        rows={send.recipientText.value.length > 24 ? 2 : 1}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('send.toPlaceholder')}
        value={send.recipientText.value}
        aria-invalid={recipient.status === 'invalid' ? true : undefined}
        aria-describedby={`${ids}to-note`}
        onChange={(event) => send.setRecipient(event.currentTarget.value.replace(/[\r\n]+/g, ''))}
        onKeyDown={(event) => {
          // One line of text: Enter sends the form, as in the other fields.
          if (event.key !== 'Enter') return
          event.preventDefault()
          event.currentTarget.form?.requestSubmit()
        }}
        {...testId('send-to')}
      />
      <p
        id={`${ids}to-note`}
        className={recipient.status === 'invalid' ? 'wk-error' : 'wk-muted wk-address'}
        aria-live="polite"
        data-status={recipient.status}
        {...testId('send-to-note')}
      >
        {note === undefined ? null : (
          <bdi>{recipient.status === 'resolved' ? withAddress(note, recipient.address) : note}</bdi>
        )}
      </p>
      {send.toSelf.value ? (
        <p className="wk-warning" role="status" {...testId('send-self')}>
          {t('send.self')}
        </p>
      ) : null}
      {fee !== undefined && native ? (
        <p className="wk-muted" {...testId('send-fee')}>
          {t('send.fee', {
            amount: formatAmount(formatUnits(fee, native.decimals), 8, locale),
            symbol: cleanLabel(native.symbol, 12),
          })}
        </p>
      ) : null}
      {send.failure.value ? (
        <p className="wk-error" role="alert" {...testId('send-failure')}>
          {send.failure.value}
        </p>
      ) : null}
      <button
        type="submit"
        className="wk-button"
        disabled={!send.canReview.value}
        aria-busy={send.busy.value || undefined}
        {...testId('send-review')}
      >
        {send.busy.value ? <span className="wk-spinner" aria-hidden="true" /> : null}
        {t('send.review')}
      </button>
    </form>
  )
}
