import { WalletButton } from '../components/WalletButton.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'

/** The WalletConnect entry on Connect, on a desktop: a QR code for any wallet app. */
export function WalletConnectEntry() {
  useSignals()
  const { kit, t } = useUi()
  const walletConnect = kit.connect.walletConnect.value
  if (!walletConnect || walletConnect.pairing.isMobile()) return null
  return (
    <WalletButton
      id={walletConnect.id}
      name={t('wc.entry')}
      imageAlt={t('wallet.image', { name: t('wc.entry') })}
      tag={{ kind: 'count', label: t('wc.entryTag') }}
      onSelect={kit.connect.selectWalletConnect}
    />
  )
}
