import { WalletKitError } from '../../core/errors/base.js'
import { ProviderRpcError } from '../../core/errors/rpc.js'
import { SiwxVerificationError } from '../../core/siwx/errors.js'
import { cleanLabel, shortAddress } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { Unavailable } from './Unavailable.js'

/** The error code a failed sign-in is reported with (`walletkit:error`). */
function codeOf(error: unknown): string {
  if (error instanceof ProviderRpcError) return String(error.code)
  if (error instanceof SiwxVerificationError)
    return `SIWX_${error.reason.toUpperCase().replaceAll('-', '_')}`
  return 'SIWX_FAILED'
}

/**
 * The sign-in view (SIWXSignMessage, and ConnectingSiwe for eip155): the site asks the connected
 * account to sign a message. With `required`, the secondary action disconnects; otherwise it skips.
 */
export function SIWXSignMessage() {
  useSignals()
  const { kit, t } = useUi()
  const siwx = kit.siwx
  if (!siwx) return <Unavailable />
  const status = siwx.status.value
  const target = siwx.target.value
  const site = cleanLabel(kit.options.metadata?.name || location.host)
  const busy = status === 'signing' || status === 'checking'

  const sign = () => {
    siwx.signIn().catch((error: unknown) => {
      kit.toasts.error(
        error instanceof WalletKitError ? error.shortMessage : t('siwx.failed'),
        codeOf(error),
      )
    })
  }
  const cancel = () => {
    siwx.cancel().catch((error: unknown) => {
      kit.toasts.error(
        error instanceof WalletKitError ? error.shortMessage : t('disconnect.failed'),
      )
    })
  }

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
            onClick={siwx.required ? cancel : siwx.skip}
            {...testId('siwx-cancel')}
          >
            {siwx.required ? t('siwx.cancel') : t('siwx.skip')}
          </button>
          <button
            type="button"
            className="wk-button"
            disabled={busy || !target}
            onClick={sign}
            {...testId('siwx-sign')}
          >
            {t('siwx.sign')}
          </button>
        </div>
      </div>
    </div>
  )
}
