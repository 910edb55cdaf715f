import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { socialName } from './AuthEntry.js'
import { Unavailable } from './Unavailable.js'

/** Status and retry shared by the social and Farcaster views. */
export function SocialStatus({ waiting }: { waiting: string }) {
  useSignals()
  const { kit, t } = useUi()
  const social = kit.auth?.social
  if (!social) return null
  const status = social.status.value
  const error = social.error.value
  return (
    <>
      <p
        className="wk-text"
        aria-live="polite"
        data-status={status}
        {...testId('auth-social-status')}
      >
        {status === 'failed'
          ? t('auth.failed')
          : status === 'connecting'
            ? t('auth.connecting')
            : waiting}
      </p>
      {status === 'failed' ? (
        <>
          <p className="wk-error" role="alert" {...testId('auth-error')}>
            {error?.shortMessage}
          </p>
          <button
            type="button"
            className="wk-button"
            onClick={() => social.retry()}
            {...testId('auth-social-retry')}
          >
            {t('auth.retry')}
          </button>
        </>
      ) : (
        <span className="wk-spinner" aria-hidden="true" />
      )}
    </>
  )
}

/** A social login under way: the visitor continues in the provider's window. */
export function ConnectingSocial() {
  useSignals()
  const { kit, t } = useUi()
  const social = kit.auth?.social
  const provider = social?.provider.value
  if (!social || !provider) return <Unavailable />
  const name = socialName(t, provider)
  return (
    <div className="wk-body" data-provider={provider} {...testId('view-social')}>
      <div className="wk-center">
        <SocialStatus waiting={t('auth.socialWaiting', { name })} />
        {social.status.value === 'waiting' ? (
          <p className="wk-muted">{t('auth.socialWaitingDetail')}</p>
        ) : null}
      </div>
    </div>
  )
}
