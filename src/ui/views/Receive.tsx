import { cleanLabel } from '../../core/utils/text.js'
import { QrCode } from '../components/QrCode.js'
import { TokenMark } from '../components/TokenMark.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/**
 * The Receive view: the active address as a QR code (the bare address, which phone wallets scan
 * into their recipient field), copy, the network, the site's networks on which this address
 * receives, and a warning that assets sent on other networks may be lost.
 */
export function Receive() {
  useSignals()
  const { kit, t } = useUi()
  const account = kit.chain.account.value
  const state = kit.chain.network.value
  const address = account?.address
  if (!address || !state?.caipNetwork)
    return (
      <div className="wk-body" {...testId('view-receive')}>
        <p className="wk-text wk-center">{t('send.notConnected')}</p>
      </div>
    )
  const copy = () =>
    kit.account.copy(address, {
      copied: { key: 'receive.copied' },
      failed: { key: 'receive.copy' },
    })
  return (
    <div className="wk-body wk-stack" {...testId('view-receive')}>
      <div className="wk-center">
        <QrCode value={address} label={t('receive.qrLabel')} />
        <p className="wk-text wk-address" {...testId('receive-address')}>
          {address}
        </p>
        <button
          type="button"
          className="wk-button"
          data-variant="secondary"
          onClick={copy}
          {...testId('receive-copy')}
        >
          {t('receive.copy')}
        </button>
        <p className="wk-muted">
          <bdi>{t('receive.network', { name: cleanLabel(state.caipNetwork.name, 40) })}</bdi>
        </p>
      </div>
      <p className="wk-section-label">{t('receive.networks')}</p>
      <ul className="wk-tokens" {...testId('receive-networks')}>
        {state.requestedCaipNetworks.map((network) => (
          <li key={network.caipNetworkId} className="wk-token" data-network={network.caipNetworkId}>
            <TokenMark
              symbol={network.name}
              image={kit.images.catalog('asset', network.caipNetworkId)}
            />
            <bdi className="wk-wallet-name">{cleanLabel(network.name, 40)}</bdi>
          </li>
        ))}
      </ul>
      <p className="wk-warning" role="note" {...testId('receive-warning')}>
        {t('receive.warning')}
      </p>
    </div>
  )
}
