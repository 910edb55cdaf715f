import { useUi } from '../context.js'
import { testId } from '../test-id.js'
import { NetworkList } from './NetworkList.js'

/** The wallet is on a network outside the site's list: switch to a supported one, or disconnect. */
export function UnsupportedChain() {
  const { kit, t } = useUi()
  return (
    <div className="wk-body wk-stack" {...testId('view-unsupported-chain')}>
      <p className="wk-text wk-strong">{t('unsupported.title')}</p>
      <p className="wk-muted">{t('unsupported.body')}</p>
      <NetworkList />
      <button
        type="button"
        className="wk-button"
        data-variant="secondary"
        onClick={kit.account.disconnect}
        {...testId('unsupported-disconnect')}
      >
        {t('account.disconnect')}
      </button>
    </div>
  )
}
