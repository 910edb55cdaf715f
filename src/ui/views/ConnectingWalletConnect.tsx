import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { WalletConnectPairing } from './WalletConnectPairing.js'

/**
 * Connecting over WalletConnect: for a catalogue wallet (its image in the QR code, its link on a
 * phone) or for any wallet app (the WalletConnect entry on Connect).
 */
export function ConnectingWalletConnect() {
  useSignals()
  const { kit, t } = useUi()
  const walletConnect = kit.connect.walletConnect.value
  const { wallet } = kit.connect.target.value
  return (
    <div className="wk-body" {...testId('view-wc')}>
      {walletConnect ? (
        <WalletConnectPairing
          key={wallet?.id ?? 'any'}
          pairing={walletConnect.pairing}
          wallet={wallet}
        />
      ) : (
        <p className="wk-muted wk-center">{t('wc.unavailable')}</p>
      )}
    </div>
  )
}
