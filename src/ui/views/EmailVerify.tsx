import { useId } from 'react'
import { OTP_LENGTH } from '../../core/constants.js'
import { cleanLabel } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { failureText } from './AuthEntry.js'
import { Unavailable } from './Unavailable.js'

/** What both email views show under their main part: the failure, if any. */
function Failure() {
  const { kit, t } = useUi()
  const failure = kit.auth?.email.error.value
  return failure ? (
    <p className="wk-error" role="alert" {...testId('auth-error')}>
      {failureText(t, failure)}
    </p>
  ) : null
}

/** The one-time code view ("Code"): the code, checked once complete, and a new code on request. */
export function EmailVerifyOtp() {
  useSignals()
  const { kit, t } = useUi()
  const id = useId()
  const email = kit.auth?.email
  if (!email) return <Unavailable />
  const busy = email.status.value === 'busy'
  const wait = email.resendIn.value
  return (
    <div className="wk-body wk-stack" {...testId('view-email-otp')}>
      <p className="wk-text">
        <bdi>{t('auth.otpSent', { email: cleanLabel(email.email.value, 254) })}</bdi>
      </p>
      <form
        className="wk-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void email.verify()
        }}
      >
        <label className="wk-section-label" htmlFor={id}>
          {t('auth.code')}
        </label>
        <div className="wk-field">
          <input
            id={id}
            className="wk-input wk-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            value={email.code.value}
            onChange={(event) => email.setCode(event.currentTarget.value)}
            readOnly={busy}
            data-autofocus
            {...testId('auth-otp')}
          />
          <button type="submit" className="wk-button" disabled={busy} {...testId('auth-verify')}>
            {busy ? <span className="wk-spinner" aria-hidden="true" /> : t('auth.verify')}
          </button>
        </div>
      </form>
      <p className="wk-muted" aria-live="polite" {...testId('auth-otp-status')}>
        {busy ? t('auth.verifying') : ''}
      </p>
      <Failure />
      <button
        type="button"
        className="wk-button"
        data-variant="secondary"
        disabled={busy}
        onClick={() => void email.resend()}
        {...testId('auth-resend')}
      >
        {t('auth.resend')}
      </button>
      {wait > 0 ? (
        <p className="wk-muted" {...testId('auth-resend-wait')}>
          {t('auth.resendIn', { seconds: wait })}
        </p>
      ) : null}
    </div>
  )
}

/** The device step: the visitor approves this device from a link in their email. */
export function EmailVerifyDevice() {
  useSignals()
  const { kit, t } = useUi()
  const email = kit.auth?.email
  if (!email) return <Unavailable />
  const busy = email.status.value === 'busy'
  return (
    <div className="wk-body" {...testId('view-email-device')}>
      <div className="wk-center">
        <p className="wk-text wk-strong">{t('auth.deviceTitle')}</p>
        <p className="wk-muted">
          <bdi>{t('auth.deviceBody', { email: cleanLabel(email.email.value, 254) })}</bdi>
        </p>
        {busy ? <span className="wk-spinner" aria-hidden="true" /> : null}
        <Failure />
        {busy ? null : (
          <button
            type="button"
            className="wk-button"
            onClick={() => void email.awaitDevice()}
            {...testId('auth-device-retry')}
          >
            {t('auth.retry')}
          </button>
        )}
      </div>
    </div>
  )
}
