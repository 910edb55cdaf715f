import { useId } from 'react'
import { cleanLabel } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { failureText } from './AuthEntry.js'
import { Unavailable } from './Unavailable.js'

/** What both email views show under their main part: the failure, if any. */
function Failure() {
  useSignals()
  const { kit, t } = useUi()
  const failure = kit.auth?.email.error.value
  return failure ? (
    <p className="wk-error" role="alert" {...testId('auth-error')}>
      {failureText(t, failure)}
    </p>
  ) : null
}

/**
 * The one-time code view ("Code"): how many digits and how long the code lives, the code as one
 * field drawn as a box per digit (typed, pasted or filled by the phone from the message; checked
 * once complete), its failure beside it, and "Send a new code", disabled with its countdown until
 * a new one may be asked for. The steps are the core's email login; this only renders them.
 */
export function EmailVerifyOtp() {
  useSignals()
  const { kit, t } = useUi()
  const id = useId()
  const email = kit.auth?.email
  if (!email) return <Unavailable />
  const busy = email.status.value === 'busy'
  const wait = email.resendIn.value
  const code = email.code.value
  const failure = email.error.value
  const length = email.codeLength
  return (
    <div className="wk-body wk-stack" {...testId('view-email-otp')}>
      <p className="wk-text">
        <bdi>
          {t('auth.otpSent', { email: cleanLabel(email.email.value, 254), digits: length })}
        </bdi>
      </p>
      <form
        className="wk-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void email.verify()
        }}
      >
        <label className="wk-label" htmlFor={id}>
          {t('auth.code')}
        </label>
        <div className="wk-otp" data-invalid={failure ? '' : undefined}>
          {Array.from({ length }, (_, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: one box per digit, in order
              key={i}
              className="wk-otp-box"
              aria-hidden="true"
              data-active={i === Math.min(code.length, length - 1) ? '' : undefined}
            >
              {code[i] ?? ''}
            </span>
          ))}
          <input
            id={id}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => email.setCode(event.currentTarget.value)}
            readOnly={busy}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${id}x` : `${id}h`}
            data-autofocus="keyboard"
            {...testId('auth-otp')}
          />
        </div>
        {failure ? (
          <p className="wk-error" role="alert" id={`${id}x`} {...testId('auth-error')}>
            {failureText(t, failure)}
          </p>
        ) : null}
        <p className="wk-muted" id={`${id}h`} aria-live="polite" {...testId('auth-otp-status')}>
          {busy ? t('auth.verifying') : t('auth.otpLife', { minutes: email.codeMinutes })}
        </p>
      </form>
      <button
        type="button"
        className="wk-button"
        data-variant="secondary"
        disabled={busy || wait > 0}
        onClick={() => void email.resend()}
        {...testId('auth-resend')}
      >
        {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.resend')}
      </button>
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
