import { cleanLabel, shortAddress } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { Unavailable } from './Unavailable.js'

/**
 * The sign-in view (SIWXSignMessage, and ConnectingSiwe for eip155): the site asks the connected
 * account to sign a message. With `required`, the secondary action disconnects; otherwise it skips.
 */
export function SIWXSignMessage() {
  useSignals()
  const { kit, t } = useUi()
  const siwx = kit.siwx?.()
  if (!siwx) return <Unavailable />
  const status = siwx.status.value
  const target = siwx.target.value
  const site = cleanLabel(kit.options.metadata?.name || location.host)
  const busy = status === 'signing' || status === 'checking'

  return (
    <div className="wk-body" {...testId('view-siwx')} data-status={status}>
      <div className="wk-center">
        <p className="wk-text wk-strong">
          <bdi>{t('siwx.title', { site })}</bdi>
        </p>
        <p className="wk-muted">{t('siwx.body')}</p>
        {target ? (
          <p className="wk-muted" {...testId('siwx-account')}>
            <bdi dir="ltr">{shortAddress(target.address)}</bdi>
          </p>
        ) : null}
        <p className="wk-muted" role="status" aria-live="polite" {...testId('siwx-status')}>
          {status === 'checking'
            ? t('siwx.checking')
            : status === 'signing'
              ? t('siwx.signing')
              : siwx.required
                ? t('siwx.requiredNote')
                : ''}
        </p>
        {busy ? <span className="wk-spinner" aria-hidden="true" /> : null}
        <div className="wk-row">
          <button
            type="button"
            className="wk-button"
            data-variant="secondary"
            onClick={siwx.decline}
            {...testId('siwx-cancel')}
          >
            {siwx.required ? t('siwx.cancel') : t('siwx.skip')}
          </button>
          <button
            type="button"
            className="wk-button"
            disabled={busy || !target}
            onClick={siwx.confirm}
            {...testId('siwx-sign')}
          >
            {t('siwx.sign')}
          </button>
        </div>
      </div>
    </div>
  )
}
