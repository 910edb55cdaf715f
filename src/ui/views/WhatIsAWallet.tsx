import { Icon } from '../components/Icon.js'
import { useUi } from '../context.js'
import { testId } from '../test-id.js'

/** A short explanation for visitors new to wallets. */
export function WhatIsAWallet() {
  const { kit, t } = useUi()
  return (
    <div className="wk-body" {...testId('view-help')}>
      <div className="wk-center">
        <span className="wk-image" data-size="lg">
          <Icon name="wallet" />
        </span>
        <p className="wk-text">{t('help.body')}</p>
        <button
          type="button"
          className="wk-button"
          onClick={() => kit.navigation.go('AllWallets')}
          {...testId('get-wallet')}
        >
          {t('help.getWallet')}
        </button>
      </div>
    </div>
  )
}
