import { useId } from 'react'
import type { AuthFailure } from '../../core/auth/email.js'
import type { SocialProvider } from '../../core/types/options.js'
import { Icon } from '../components/Icon.js'
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
 * Connect's login part: the email field and the social buttons the site offers, the first one
 * wide with its name, the others as a row of marks (each named for screen readers), so the wallets
 * stay in sight below. A social button opens its popup inside the click. The visitor's first
 * pointer, focus or touch here mounts the login frame (off a phone the first open does not), so
 * that it is ready by the click that follows.
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
  const [first, ...rest] = auth.socials
  // Read on the event, not at render: reading `auth.prepare` makes the login's controller.
  const prepare = () => auth.prepare()
  const social = (provider: SocialProvider, wide: boolean) => (
    <button
      key={provider}
      type="button"
      className="wk-button"
      data-variant="secondary"
      data-provider={provider}
      aria-label={t('auth.socialButton', { name: socialName(t, provider) })}
      title={wide ? undefined : socialName(t, provider)}
      onClick={() => auth.social.start(provider)}
      {...testId(`social-${provider}`)}
    >
      <Icon name={provider} />
      {wide ? t('auth.socialButton', { name: socialName(t, provider) }) : null}
    </button>
  )
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: no interaction, a hint to load ahead
    <div className="wk-stack" onPointerOver={prepare} onFocus={prepare} {...testId('auth')}>
      {auth.emailEnabled ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void email.submit()
          }}
        >
          <label className="wk-sr-only" htmlFor={`${id}e`}>
            {t('auth.email')}
          </label>
          <div className="wk-email">
            <Icon name="mail" />
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
              className="wk-icon-button"
              aria-label={t('auth.continue')}
              disabled={busy}
              aria-busy={busy}
              {...testId('auth-email-submit')}
            >
              {busy ? <span className="wk-spinner" aria-hidden="true" /> : <Icon name="chevron" />}
            </button>
          </div>
          {failure ? (
            <p className="wk-error" role="alert" id={`${id}x`} {...testId('auth-email-error')}>
              {failureText(t, failure)}
            </p>
          ) : null}
        </form>
      ) : null}
      {first ? (
        <fieldset className="wk-socials">
          <legend className="wk-hidden">{t('auth.socials')}</legend>
          {social(first, true)}
          {rest.length ? (
            <div className="wk-social-row">{rest.map((provider) => social(provider, false))}</div>
          ) : null}
        </fieldset>
      ) : null}
      <p className="wk-divider">{t('auth.or')}</p>
    </div>
  )
}
