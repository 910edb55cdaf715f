import type { InstalledWallet } from '../../core/connect/controller.js'
import { cleanLabel } from '../../core/utils/text.js'
import { WalletButton, type WalletTag } from '../components/WalletButton.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/**
 * Installed wallets (EIP-6963 and `window.ethereum`), first on Connect. Wallets that share a name,
 * an rdns or a uuid with another, or whose name imitates a known wallet's or hid invisible
 * letters, are all shown and marked, so a look-alike cannot hide behind a real one: its one tag
 * says "Look-alike" (instead of "Installed") and its second line shows its rdns, what tells the two
 * apart. With several namespaces, the second line also says which one a wallet connects. When a
 * flood of announcements went over discovery's caps, the list says how many were left out.
 */
export function InstalledList({ connectors }: { connectors: readonly InstalledWallet[] }) {
  useSignals()
  const { kit, t } = useUi()
  const { connect } = kit
  return (
    <>
      {connectors.map((connector) => {
        const suspicious = connect.isSuspicious(connector)
        const tag: WalletTag = suspicious
          ? { kind: 'warning', label: t('connect.lookalike') }
          : { kind: 'installed', label: t('connect.installed') }
        const sub = [
          kit.adapters.length > 1 ? t(`namespace.${connector.namespace}`) : '',
          suspicious ? cleanLabel(connector.rdns ?? '', 60) : '',
        ]
          .filter(Boolean)
          .join(' · ')
        const catalog = connect.catalogMatch(connector)
        return (
          <WalletButton
            key={connector.id}
            id={connector.id}
            name={connector.name}
            imageSrc={connector.icon}
            image={
              !connector.icon && catalog?.image_id ? kit.images.image(catalog.image_id) : undefined
            }
            imageAlt={t('wallet.image', { name: connector.name })}
            tag={tag}
            sub={sub || undefined}
            title={
              suspicious
                ? `${connector.name} — ${t('connecting.duplicate')}${connector.rdns ? ` (${connector.rdns})` : ''}`
                : connector.name
            }
            onSelect={() => connect.selectConnector(connector)}
          />
        )
      })}
      {kit.leftOutWallets.value > 0 ? (
        <p className="wk-muted" {...testId('installed-left-out')}>
          {t('connect.leftOut', { count: kit.leftOutWallets.value })}
        </p>
      ) : null}
    </>
  )
}
