import { Placeholders } from '../components/Placeholders.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { LegalGate } from './LegalGate.js'
import { WalletConnectPairing } from './WalletConnectPairing.js'
import { WalletList } from './WalletList.js'

/**
 * The basic WalletConnect view, for sites with no chain adapter on a desktop (SPEC §2): a QR code
 * for any wallet app, and wallet apps to pick from.
 */
export function ConnectingWalletConnectBasic() {
  useSignals()
  const { kit, t } = useUi()
  const { wallets } = kit
  const status = wallets.connectStatus.value
  const walletConnect = kit.connect.walletConnect.value
  return (
    <div className="wk-body wk-stack" {...testId('view-wc-basic')}>
      <LegalGate>
        {!walletConnect ? (
          <p className="wk-muted">{t('basic.unavailable')}</p>
        ) : kit.legal.agreed.value ? (
          // A QR code cannot be disabled: it shows once the visitor agreed to the site's terms.
          <>
            <WalletConnectPairing pairing={walletConnect.pairing} />
            <p className="wk-muted">{t('basic.scan')}</p>
          </>
        ) : null}
        <WalletList wallets={[...wallets.featured.value, ...wallets.recommended.value]} />
        {status === 'loading' ? (
          <Placeholders count={4} kind="row" label={t('allWallets.loading')} />
        ) : null}
        {kit.options.features.allWallets ? (
          <button
            type="button"
            className="wk-button"
            data-variant="secondary"
            onClick={() => kit.navigation.go('AllWallets')}
            {...testId('all-wallets')}
          >
            {t('connect.allWallets')}
          </button>
        ) : null}
      </LegalGate>
    </div>
  )
}
