import { useState } from 'react'
import { formatUnits } from 'viem'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel, shortAddress } from '../../core/utils/text.js'
import { AddressGroups } from '../components/Address.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/**
 * The Send review: what the wallet will be asked to sign, in plain words (amount and its USD
 * value, the recipient with the full address on request, the network, the most the fee can cost),
 * then Send; while the wallet is asked, a note to confirm there. Each value is an isolate of its
 * own with the space between them outside: in a right-to-left language a space inside an isolate
 * lands on its far side, and the parts ran together. The short address never breaks.
 */
export function SendReview() {
  useSignals()
  const { kit, t, locale } = useUi()
  const [full, setFull] = useState(false)
  const send = kit.send()
  const prepared = send.prepared.value
  const token = send.token.value
  const native = send.native.value
  const network = kit.chain.network.value?.caipNetwork
  const recipient = send.recipient.value
  if (!prepared || !token || !network) return null
  const address =
    recipient.status === 'address' || recipient.status === 'resolved' ? recipient.address : ''
  const sending = send.step.value === 'sending'
  const amount = formatUnits(prepared.amount, token.decimals)
  const fee = native ? formatUnits(prepared.fee, native.decimals) : undefined
  const symbol = cleanLabel(token.symbol, 12)
  const failure = send.failure.value
  const issue = send.amountIssue.value

  return (
    <div className="wk-body wk-stack" {...testId('view-send-review')}>
      <dl className="wk-review">
        <dt>{t('send.reviewAmount')}</dt>
        <dd {...testId('send-review-amount')}>
          <bdi dir="ltr" className="wk-strong">
            {formatAmount(amount, token.decimals, locale)} {symbol}
          </bdi>
          {token.price > 0 ? (
            <>
              {' '}
              <bdi dir="ltr" className="wk-muted">
                {formatUsd(Number(amount) * token.price, locale)}
              </bdi>
            </>
          ) : null}
        </dd>
        <dt>{t('send.reviewTo')}</dt>
        <dd {...testId('send-review-to')}>
          {recipient.status === 'resolved' ? (
            <>
              <bdi className="wk-strong">{cleanLabel(recipient.name, 64)}</bdi>{' '}
            </>
          ) : null}
          <bdi
            dir="ltr"
            className="wk-address"
            data-short={full ? undefined : ''}
            {...testId('send-review-address')}
          >
            {full ? <AddressGroups address={address} /> : shortAddress(address)}
          </bdi>
          <button
            type="button"
            className="wk-link"
            aria-expanded={full}
            onClick={() => setFull(!full)}
            {...testId('send-review-full')}
          >
            {full ? t('send.hideAddress') : t('send.showAddress')}
          </button>
        </dd>
        <dt>{t('send.reviewNetwork')}</dt>
        <dd>
          <bdi>{cleanLabel(network.name, 40)}</bdi>
        </dd>
        <dt>{t('send.reviewFee')}</dt>
        <dd {...testId('send-review-fee')}>
          {fee !== undefined && native ? (
            <>
              <bdi dir="ltr">
                {formatAmount(fee, 8, locale)} {cleanLabel(native.symbol, 12)}
              </bdi>
              {native.price > 0 ? (
                <>
                  {' '}
                  <bdi dir="ltr" className="wk-muted">
                    {formatUsd(Number(fee) * native.price, locale)}
                  </bdi>
                </>
              ) : null}
            </>
          ) : null}
        </dd>
      </dl>
      {issue === 'insufficient-fee' ? (
        <p className="wk-error" role="alert">
          {t('send.error.fee', { symbol: cleanLabel(native?.symbol ?? '', 12) })}
        </p>
      ) : null}
      {failure ? (
        <p className="wk-error" role="alert" {...testId('send-failure')}>
          {failure}
        </p>
      ) : null}
      {sending ? (
        <p className="wk-muted wk-center" role="status" {...testId('send-confirming')}>
          <span className="wk-spinner" aria-hidden="true" /> {t('send.confirming')}
        </p>
      ) : null}
      <div className="wk-row">
        <button
          type="button"
          className="wk-button"
          data-variant="secondary"
          disabled={sending}
          onClick={() => send.back()}
          {...testId('send-edit')}
        >
          {t('send.edit')}
        </button>
        <button
          type="button"
          className="wk-button"
          disabled={sending || issue !== undefined}
          onClick={() =>
            void send.confirm({
              pending: { key: 'send.pending' },
              success: {
                key: 'send.sent',
                values: { amount: formatAmount(amount, token.decimals, locale), symbol },
              },
            })
          }
          {...testId('send-confirm')}
        >
          {t('send.send')}
        </button>
      </div>
    </div>
  )
}
