import { HISTORY_NAMESPACES } from '../../core/constants.js'
import { Icon } from '../components/Icon.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/**
 * The Account view's entries to Activity (with `features.history`, on namespaces with a history)
 * and to Smart Sessions (with `features.smartSessions`, on eip155).
 */
export function AccountEntries() {
  useSignals()
  const { kit, t } = useUi()
  const ns = kit.chain.activeNamespace.value
  const activity = kit.history && (HISTORY_NAMESPACES as readonly string[]).includes(ns)
  const sessions = kit.sessions && ns === 'eip155'
  return (
    <>
      {activity ? (
        <button
          type="button"
          className="wk-wallet"
          onClick={() => kit.navigation.go('Transactions')}
          {...testId('account-activity')}
        >
          <span className="wk-wallet-name">{t('account.activity')}</span>
          <Icon name="chevron" />
        </button>
      ) : null}
      {sessions ? (
        <button
          type="button"
          className="wk-wallet"
          onClick={() => kit.navigation.go('SmartSessions')}
          {...testId('account-smart-sessions')}
        >
          <span className="wk-wallet-name">{t('account.smartSessions')}</span>
          <Icon name="chevron" />
        </button>
      ) : null}
    </>
  )
}
