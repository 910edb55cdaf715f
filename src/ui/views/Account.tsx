import { useSignals } from '@preact/signals-react/runtime'
import { WalletKitError } from '../../core/errors/base.js'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel, shortAddress } from '../../core/utils/text.js'
import { isHttpsUrl } from '../../core/utils/url.js'
import { Icon } from '../components/Icon.js'
import { useUi } from '../context.js'
import { testId } from '../test-id.js'
import { AuthAccount } from './AuthAccount.js'
import { NamespaceTabs } from './NamespaceTabs.js'

/**
 * The Account view of the active namespace: identity, address with copy, native balance, tokens,
 * network and disconnect; with several namespaces, tabs above switch between them, and a namespace
 * without a wallet offers to connect one.
 */
export function Account() {
  useSignals()
  const { kit, t } = useUi()
  const account = kit.chain.account.value
  const network = kit.chain.network.value?.caipNetwork
  const ns = kit.chain.activeNamespace.value
  if (!account?.address)
    return (
      <div className="wk-body wk-stack" data-namespace={ns} {...testId('view-account')}>
        <NamespaceTabs />
        <div className="wk-center" {...testId('account-not-connected')}>
          <p className="wk-text">{t('account.notConnected', { chain: t(`namespace.${ns}`) })}</p>
          <button
            type="button"
            className="wk-button"
            onClick={() => {
              kit.router.push('Connect', { namespace: ns })
              void kit.wallets.loadConnect()
            }}
            {...testId('account-connect')}
          >
            {t('account.connectNamespace', { chain: t(`namespace.${ns}`) })}
          </button>
        </div>
      </div>
    )
  const address = account.address
  const name = account.profileName ? cleanLabel(account.profileName, 32) : undefined
  const avatar = account.profileImage

  const copy = () => {
    navigator.clipboard?.writeText(address).then(
      () => kit.toasts.success(t('account.copied')),
      () => kit.toasts.error(t('account.copy')),
    )
  }
  const disconnect = () => {
    kit.connection.disconnect(kit.chain.activeNamespace.peek()).catch((error: unknown) => {
      kit.toasts.error(
        error instanceof WalletKitError ? error.shortMessage : t('disconnect.failed'),
      )
    })
  }
  const explorer =
    account.addressExplorerUrl && isHttpsUrl(account.addressExplorerUrl)
      ? account.addressExplorerUrl
      : undefined
  const tokens = account.tokenBalance.filter((token) => token.address)

  return (
    <div className="wk-body wk-stack" data-namespace={ns} {...testId('view-account')}>
      <NamespaceTabs />
      <div className="wk-center">
        <span className="wk-avatar" aria-hidden={avatar ? undefined : true}>
          {avatar ? (
            <img
              src={avatar}
              alt={t('account.avatar', { name: name ?? shortAddress(address) })}
              referrerPolicy="no-referrer"
            />
          ) : (
            <Icon name="wallet" />
          )}
        </span>
        <div>
          <p className="wk-text wk-strong" {...testId('account-name')} title={address}>
            <bdi>{name ?? shortAddress(address)}</bdi>
          </p>
          {name ? (
            <p className="wk-muted" {...testId('account-address')}>
              {shortAddress(address)}
            </p>
          ) : null}
        </div>
        <p
          className="wk-balance"
          {...testId('account-balance')}
          data-status={account.balanceStatus}
        >
          {account.balanceStatus === 'loading' && account.balance === undefined
            ? t('account.balanceLoading')
            : account.balance !== undefined
              ? `${formatAmount(account.balance)} ${cleanLabel(account.balanceSymbol ?? '', 12)}`
              : t('account.balanceUnavailable')}
        </p>
        <div className="wk-row">
          <button
            type="button"
            className="wk-button"
            data-variant="secondary"
            onClick={copy}
            {...testId('account-copy')}
          >
            {t('account.copy')}
          </button>
          {explorer ? (
            <a
              className="wk-button"
              data-variant="secondary"
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
              {...testId('account-explorer')}
            >
              {t('account.explorer')} <Icon name="external" />
            </a>
          ) : null}
        </div>
      </div>
      <AuthAccount />
      <button
        type="button"
        className="wk-wallet"
        onClick={() => kit.router.push('Networks')}
        {...testId('account-network')}
      >
        <span className="wk-wallet-name">
          {t('account.network', { name: network?.name ?? '' })}
        </span>
        <Icon name="chevron" />
      </button>
      {tokens.length ? (
        <section aria-label={t('account.tokens')}>
          <p className="wk-section-label">{t('account.tokens')}</p>
          <ul className="wk-tokens" {...testId('account-tokens')}>
            {tokens.map((token) => (
              <li key={token.address} className="wk-token" data-symbol={token.symbol}>
                <bdi className="wk-wallet-name">{cleanLabel(token.symbol, 12)}</bdi>
                <span>{formatAmount(token.quantity.numeric)}</span>
                <span className="wk-muted">{formatUsd(token.value)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <button
        type="button"
        className="wk-button"
        data-variant="secondary"
        onClick={disconnect}
        {...testId('account-disconnect')}
      >
        {t('account.disconnect')}
      </button>
    </div>
  )
}
