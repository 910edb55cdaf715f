import { cleanLabel } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/**
 * Account's part for the embedded wallet: who signed in (email or social handle), the account type
 * in use and the switch between the smart account and the EOA (eip155, SPEC §6).
 */
export function AuthAccount() {
  useSignals()
  const { kit, t } = useUi()
  const auth = kit.auth
  const account = kit.chain.account.value
  if (!auth || account?.connector?.type !== 'AUTH' || kit.chain.activeNamespace.value !== 'eip155')
    return null
  const who = account.user?.email ?? account.user?.username
  const type = account.allAccounts.find((a) => a.address === account.address)?.type
  const smart = type === 'smartAccount'
  const busy = auth.switching.value
  return (
    <div className="wk-stack" {...testId('account-auth')}>
      {who ? (
        <p className="wk-muted wk-center-text" {...testId('account-user')}>
          <bdi>{cleanLabel(who, 64)}</bdi>
        </p>
      ) : null}
      <p className="wk-muted wk-center-text" data-type={type} {...testId('account-type')}>
        {smart ? t('auth.smartAccount') : t('auth.eoa')}
      </p>
      <button
        type="button"
        className="wk-button"
        data-variant="secondary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void auth.switchAccountType(smart ? 'eoa' : 'smartAccount')}
        {...testId('account-type-switch')}
      >
        {smart ? t('auth.switchToEoa') : t('auth.switchToSmart')}
      </button>
    </div>
  )
}
