import { NAME_NAMESPACES } from '../../core/constants.js'
import { isProductName } from '../../core/names/label.js'
import { formatAmount, formatUsd } from '../../core/utils/format.js'
import { cleanLabel, shortAddress } from '../../core/utils/text.js'
import { isHttpsUrl } from '../../core/utils/url.js'
import { Icon } from '../components/Icon.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { AccountEntries } from './AccountEntries.js'
import { AuthAccount } from './AuthAccount.js'
import { NamespaceTabs } from './NamespaceTabs.js'

/**
 * The Account view of the active namespace: identity, address with copy, native balance, the
 * wallet features row (Send, Receive, …), tokens, network and disconnect; with several namespaces, tabs above switch between them, and a namespace
 * without a wallet offers to connect one.
 */
export function Account() {
  useSignals()
  const { kit, t, locale } = useUi()
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
              kit.navigation.go('Connect', { namespace: ns })
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
  // The avatar a name record gives is loaded like every other image (type and size checked,
  // shown from memory), and only from a data: URI or a service origin: no third-party host sees
  // the visitor, and a strict img-src needs nothing but data: and blob:.
  const image = account.profileImage ? kit.images.fromUrl(account.profileImage, 'service') : null
  const avatar = image?.value.status === 'ready' ? image.value.url : undefined

  const copy = () =>
    kit.account.copy(address, {
      copied: { key: 'account.copied' },
      failed: { key: 'account.copy' },
    })
  const explorer =
    account.addressExplorerUrl && isHttpsUrl(account.addressExplorerUrl)
      ? account.addressExplorerUrl
      : undefined
  const tokens = account.tokenBalance.filter((token) => token.address)
  const features = kit.walletFeatures.value

  return (
    <div className="wk-body wk-stack" data-namespace={ns} {...testId('view-account')}>
      <NamespaceTabs />
      <div className="wk-center">
        <span className="wk-avatar" aria-hidden={avatar ? undefined : true}>
          {avatar ? (
            <img
              src={avatar}
              alt={t('account.avatar', { name: name ?? shortAddress(address) })}
              draggable={false}
              {...testId('account-avatar')}
            />
          ) : (
            <Icon name="wallet" />
          )}
        </span>
        <div>
          <p className="wk-text wk-strong" {...testId('account-name')} title={address}>
            <bdi dir="ltr">{name ?? shortAddress(address)}</bdi>
          </p>
          {name ? (
            <p className="wk-muted" {...testId('account-address')}>
              <bdi dir="ltr">{shortAddress(address)}</bdi>
            </p>
          ) : null}
          {account.connector ? (
            <p
              className="wk-muted"
              data-connector-type={account.connector.type}
              {...testId('account-connector')}
            >
              {t('account.connector', { name: cleanLabel(account.connector.name, 40) })}
            </p>
          ) : null}
        </div>
        <p
          className="wk-balance"
          {...testId('account-balance')}
          data-status={account.balanceStatus}
        >
          {account.balanceStatus === 'loading' && account.balance === undefined ? (
            t('account.balanceLoading')
          ) : account.balance !== undefined ? (
            <bdi dir="ltr">{`${formatAmount(account.balance, 4, locale)} ${cleanLabel(account.balanceSymbol ?? '', 12)}`}</bdi>
          ) : (
            t('account.balanceUnavailable')
          )}
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
      {features.length ? (
        <nav className="wk-features" aria-label={t('account.features')}>
          {features.map(({ feature, view }) => (
            <button
              key={feature}
              type="button"
              className="wk-button"
              data-variant="secondary"
              onClick={() => kit.navigation.go(view)}
              {...testId(`account-feature-${feature}`)}
            >
              {t(`account.feature.${feature}`)}
            </button>
          ))}
        </nav>
      ) : null}
      <AuthAccount />
      <button
        type="button"
        className="wk-wallet"
        onClick={() => kit.navigation.go('Networks')}
        {...testId('account-network')}
      >
        <span className="wk-wallet-name">
          {t('account.network', { name: network?.name ?? '' })}
        </span>
        <Icon name="chevron" />
      </button>
      {kit.nameRegistration &&
      (NAME_NAMESPACES as readonly string[]).includes(ns) &&
      !isProductName(account.profileName) ? (
        <button
          type="button"
          className="wk-wallet"
          onClick={() => kit.navigation.go('RegisterName')}
          {...testId('account-register-name')}
        >
          <span className="wk-wallet-name">{t('account.registerName')}</span>
          <Icon name="chevron" />
        </button>
      ) : null}
      <AccountEntries />
      {tokens.length ? (
        <section aria-label={t('account.tokens')}>
          <p className="wk-section-label">{t('account.tokens')}</p>
          <ul className="wk-tokens" {...testId('account-tokens')}>
            {tokens.map((token) => (
              <li key={token.address} className="wk-token" data-symbol={token.symbol}>
                <bdi className="wk-wallet-name">{cleanLabel(token.symbol, 12)}</bdi>
                <bdi dir="ltr">{formatAmount(token.quantity.numeric, 4, locale)}</bdi>
                <bdi dir="ltr" className="wk-muted">
                  {formatUsd(token.value, locale)}
                </bdi>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <button
        type="button"
        className="wk-button"
        data-variant="secondary"
        onClick={kit.account.disconnect}
        {...testId('account-disconnect')}
      >
        {t('account.disconnect')}
      </button>
    </div>
  )
}
