import type { WalletEntry } from '../../core/types/wallet.js'
import { isNamespace } from '../../core/utils/caip.js'
import { Icon } from '../components/Icon.js'
import { Placeholders } from '../components/Placeholders.js'
import type { WalletTag } from '../components/WalletButton.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { AuthEntry } from './AuthEntry.js'
import { InstalledList } from './InstalledList.js'
import { LegalGate } from './LegalGate.js'
import { WalletConnectEntry } from './WalletConnectEntry.js'
import { WalletList } from './WalletList.js'

/**
 * Connect: email and social login, installed wallets, featured, recent and recommended wallets,
 * and the way to All Wallets, behind the site's legal consent when it asks for one. With
 * `features.collapseWallets`, the logins come first and one entry opens the wallets
 * (ConnectWallets). Installed wallets are those of the namespace Connect was opened for, or else
 * of every namespace not connected yet (EIP-6963 and Wallet Standard wallets side by side).
 */
export function Connect() {
  useSignals()
  const { kit, t } = useUi()
  const { wallets, options, navigation } = kit
  const status = wallets.connectStatus.value
  // Connect, or its wallets alone behind "Continue with a wallet" (`features.collapseWallets`).
  const walletsOnly = navigation.view.value === 'ConnectWallets'
  const requested = (navigation.dataOf('Connect') ?? navigation.dataOf('ConnectWallets'))?.namespace
  const open = kit.adapters.filter((ns) => kit.chain.accounts.value[ns]?.status !== 'connected')
  const scope = isNamespace(requested) ? [requested] : open.length ? open : kit.adapters
  // The embedded wallet is offered through its login (email and socials), not as a wallet.
  const installed = kit.connect.installed.value.filter(
    (c) => scope.includes(c.namespace) && c.type !== 'AUTH',
  )
  // A catalogue wallet that is installed shows once, as installed.
  const installedRdns = new Set(installed.flatMap((c) => (c.rdns ? [c.rdns] : [])))
  const installedIds = new Set(
    installed.flatMap((c) => [c.id, kit.connect.catalogMatch(c)?.id ?? c.id]),
  )
  const notInstalled = (w: WalletEntry) =>
    !(w.rdns && installedRdns.has(w.rdns)) && !installedIds.has(w.id)
  const recent = wallets.recent.value.filter(notInstalled)
  const recentIds = new Set(recent.map((w) => w.id))
  const featured = wallets.featured.value.filter((w) => !recentIds.has(w.id) && notInstalled(w))
  const custom = wallets.custom.filter((w) => !recentIds.has(w.id))
  const recommended = wallets.recommended.value.filter(notInstalled)
  const tag = (w: WalletEntry): WalletTag | undefined =>
    recentIds.has(w.id) ? { kind: 'recent', label: t('connect.recent') } : undefined
  const nothing =
    status === 'ready' &&
    !installed.length &&
    !featured.length &&
    !recent.length &&
    !custom.length &&
    !recommended.length

  const login = scope.includes('eip155') && kit.auth && !walletsOnly
  const list = (
    <>
      <InstalledList connectors={installed.filter((c) => c.type !== 'WALLET_CONNECT')} />
      <WalletConnectEntry />
      <WalletList wallets={recent} tag={tag} />
      <WalletList wallets={featured} />
      <WalletList wallets={custom} />
      {status === 'loading' || status === 'idle' ? (
        <Placeholders count={4} kind="row" label={t('allWallets.loading')} />
      ) : status === 'error' ? (
        <div className="wk-center" role="alert" {...testId('connect-error')}>
          <p className="wk-text">{t('connect.loadError')}</p>
          <button
            type="button"
            className="wk-button"
            data-variant="secondary"
            onClick={() => void wallets.loadConnect()}
            {...testId('connect-retry')}
          >
            {t('connect.retry')}
          </button>
        </div>
      ) : (
        <WalletList wallets={recommended} />
      )}
      {nothing ? <p className="wk-muted">{t('connect.noWallets')}</p> : null}
      {options.features.allWallets ? (
        <button
          type="button"
          className="wk-wallet"
          onClick={() => navigation.go('AllWallets')}
          {...testId('all-wallets')}
        >
          <span className="wk-image">
            <Icon name="wallet" />
          </span>
          <span className="wk-wallet-name">{t('connect.allWallets')}</span>
          {wallets.catalogCount.value > 0 ? (
            <span className="wk-all-wallets-count">
              {t('connect.walletCount', {
                count: Math.max(10, Math.floor(wallets.catalogCount.value / 10) * 10),
              })}
            </span>
          ) : null}
        </button>
      ) : null}
    </>
  )

  return (
    <div className="wk-body wk-stack" {...testId('view-connect')}>
      <LegalGate>
        {login ? <AuthEntry /> : null}
        {login && options.features.collapseWallets ? (
          <button
            type="button"
            className="wk-wallet"
            onClick={() => navigation.go('ConnectWallets', { namespace: requested })}
            {...testId('connect-wallets')}
          >
            <span className="wk-image">
              <Icon name="wallet" />
            </span>
            <span className="wk-wallet-name">{t('connect.withWallet')}</span>
            <Icon name="chevron" />
          </button>
        ) : (
          list
        )}
      </LegalGate>
    </div>
  )
}
