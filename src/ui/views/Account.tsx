import { NAME_NAMESPACES } from '../../core/constants.js'
import { formatAmount } from '../../core/utils/format.js'
import { cleanLabel, shortAddress } from '../../core/utils/text.js'
import { isHttpsUrl } from '../../core/utils/url.js'
import { Icon } from '../components/Icon.js'
import { TokenMark } from '../components/TokenMark.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { AccountEntries } from './AccountEntries.js'
import { AccountTokens } from './AccountTokens.js'
import { NamespaceTabs } from './NamespaceTabs.js'

declare const require: (id: string) => unknown

/** The embedded wallet's part of Account; the bundler resolves the require at build time. */
function authAccount() {
  return (require('./AuthAccount.js') as typeof import('./AuthAccount.js')).AuthAccount
}

/**
 * The Account view of the namespace shown (the active one, or a tab picked without a wallet): identity, address with copy, native balance, the
 * wallet features row (Send, Receive, …), tokens, network and disconnect; with several namespaces, tabs above switch between them, and a namespace
 * without a wallet offers to connect one.
 */
export function Account() {
  useSignals()
  const { kit, t, locale } = useUi()
  const ns = kit.account.shownNamespace('Account')
  const account = kit.chain.accounts.value[ns]
  const network = kit.chain.networks.value[ns]?.caipNetwork
  if (!account?.address)
    return (
      <div className="wk-body wk-stack" data-namespace={ns} {...testId('view-account')}>
        <NamespaceTabs view="Account" />
        <div className="wk-center" {...testId('account-not-connected')}>
          <p className="wk-text">{t('account.notConnected', { chain: t(`namespace.${ns}`) })}</p>
          <button
            type="button"
            className="wk-button"
            onClick={() => kit.navigation.go('Connect', { namespace: ns })}
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
  const features = kit.walletFeatures.value
  // The embedded wallet's part is evaluated once such a wallet is connected, not at load.
  const AuthPart = kit.chain.account.value?.connector?.type === 'AUTH' ? authAccount() : undefined
  const short = shortAddress(address)

  return (
    <div className="wk-body wk-stack" data-namespace={ns} {...testId('view-account')}>
      <NamespaceTabs view="Account" />
      <div className="wk-center wk-identity">
        <span
          className="wk-avatar"
          aria-hidden={avatar ? undefined : true}
          style={avatar ? undefined : { background: gradientOf(address) }}
        >
          {avatar ? (
            <img
              src={avatar}
              alt={t('account.avatar', { name: name ?? short })}
              draggable={false}
              {...testId('account-avatar')}
            />
          ) : null}
        </span>
        <div>
          <div className="wk-address-row">
            <p className="wk-text wk-strong" {...testId('account-name')} title={address}>
              <bdi dir="ltr">{name ?? short}</bdi>
            </p>
            <button
              type="button"
              className="wk-icon-button"
              aria-label={t('account.copy')}
              title={t('account.copy')}
              onClick={copy}
              {...testId('account-copy')}
            >
              <Icon name="copy" />
            </button>
            {explorer ? (
              <a
                className="wk-icon-button"
                href={explorer}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('account.explorer')}
                title={t('account.explorer')}
                {...testId('account-explorer')}
              >
                <Icon name="external" />
              </a>
            ) : null}
          </div>
          {name ? (
            <p className="wk-muted" {...testId('account-address')}>
              <bdi dir="ltr">{short}</bdi>
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
              <Icon name={FEATURE_ICONS[feature]} />
              <span>{t(`account.feature.${feature}`)}</span>
            </button>
          ))}
        </nav>
      ) : null}
      {AuthPart ? <AuthPart /> : null}
      <button
        type="button"
        className="wk-wallet"
        onClick={() => kit.navigation.go('Networks')}
        {...testId('account-network')}
      >
        {network ? (
          <TokenMark
            symbol={network.name}
            image={kit.images.catalog('asset', network.caipNetworkId)}
          />
        ) : null}
        <span className="wk-wallet-name">
          {t('account.network', { name: network?.name ?? '' })}
        </span>
        <Icon name="chevron" />
      </button>
      {kit.nameRegistration &&
      (NAME_NAMESPACES as readonly string[]).includes(ns) &&
      account.profileLoaded &&
      !account.profileName ? (
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
      <AccountTokens />
      <button
        type="button"
        className="wk-button"
        data-variant="secondary"
        onClick={kit.account.disconnect}
        {...testId('account-disconnect')}
      >
        <Icon name="power" />
        {t('account.disconnect')}
      </button>
    </div>
  )
}

/** The icon of each wallet feature's button. */
const FEATURE_ICONS = { onramp: 'buy', swaps: 'swap', receive: 'receive', send: 'send' } as const

/**
 * The avatar of an account without a picture: a gradient whose two hues come from its address,
 * so each account keeps its own colours (monochrome in the minimal preset, styles/account.ts).
 */
function gradientOf(address: string): string {
  const hue = (at: number) => (Number.parseInt(address.slice(at, at + 4), 16) || 0) % 360
  const end = address.length - 4
  return `linear-gradient(135deg, hsl(${hue(2)} 80% 62%), hsl(${hue(end)} 70% 42%))`
}
