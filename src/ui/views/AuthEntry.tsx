import { useId } from 'react'
import type { AuthFailure } from '../../core/auth/email.js'
import type { SocialProvider } from '../../core/types/options.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import type { Translate } from '../i18n/index.js'
import { testId } from '../test-id.js'

/** The text of a login step's failure. */
export function failureText(t: Translate, failure: AuthFailure): string {
  return typeof failure === 'string' ? t(`auth.${failure}`) : failure.shortMessage
}

/** A social provider's name. */
export const socialName = (t: Translate, provider: SocialProvider) => t(`auth.social.${provider}`)

/**
 * Connect's login part: the email field and the social buttons the site offers. A social button
 * opens its popup inside the click.
 */
export function AuthEntry() {
  useSignals()
  const { kit, t } = useUi()
  const id = useId()
  const auth = kit.auth
  if (!auth) return null
  const { email } = auth
  const failure = email.error.value
  const busy = email.status.value === 'busy'
  return (
    <div className="wk-stack" {...testId('auth')}>
      {auth.emailEnabled ? (
        <form
          className="wk-stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void email.submit()
          }}
        >
          <label className="wk-section-label" htmlFor={`${id}e`}>
            {t('auth.email')}
          </label>
          <div className="wk-field">
            <input
              id={`${id}e`}
              className="wk-input"
              type="email"
              autoComplete="email"
              placeholder={t('auth.emailPlaceholder')}
              value={email.draft.value}
              onChange={(event) => email.setDraft(event.currentTarget.value)}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? `${id}x` : undefined}
              {...testId('auth-email')}
            />
            <button
              type="submit"
              className="wk-button"
              disabled={busy}
              aria-busy={busy}
              {...testId('auth-email-submit')}
            >
              {busy ? <span className="wk-spinner" aria-hidden="true" /> : t('auth.continue')}
            </button>
          </div>
          {failure ? (
            <p className="wk-error" role="alert" id={`${id}x`} {...testId('auth-email-error')}>
              {failureText(t, failure)}
            </p>
          ) : null}
        </form>
      ) : null}
      {auth.socials.length ? (
        <fieldset className="wk-socials">
          <legend className="wk-hidden">{t('auth.socials')}</legend>
          {auth.socials.map((provider) => (
            <button
              key={provider}
              type="button"
              className="wk-button"
              data-variant="secondary"
              data-provider={provider}
              aria-label={t('auth.socialButton', { name: socialName(t, provider) })}
              onClick={() => auth.social.start(provider)}
              {...testId(`social-${provider}`)}
            >
              {socialName(t, provider)}
            </button>
          ))}
        </fieldset>
      ) : null}
      <p className="wk-divider">{t('auth.or')}</p>
    </div>
  )
}
