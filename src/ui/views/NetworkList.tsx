import { TokenMark } from '../components/TokenMark.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { errorText } from '../i18n/errors.js'
import { testId } from '../test-id.js'

/**
 * The configured networks of the namespace shown (its tab, else the active one), each with its mark
 * (the catalogue's image of the network, as Account shows it, else its first letters); choosing one
 * switches (the wallet first, when connected). The switch and its state are the connect flow's
 * (`kit.connect.network`).
 */
export function NetworkList() {
  useSignals()
  const { kit, t } = useUi()
  const ns = kit.account.shownNamespace('Networks')
  const current = kit.chain.networks.value[ns]?.caipNetwork?.caipNetworkId
  const { busy, failure, switchTo } = kit.connect.network
  const switching = busy.value
  const failed = failure.value
  const networks = kit.options.networks.filter((n) => n.namespace === ns)

  return (
    <div className="wk-stack">
      {networks.map((network) => (
        <button
          key={network.caipNetworkId}
          type="button"
          className="wk-wallet"
          aria-current={network.caipNetworkId === current ? 'true' : undefined}
          disabled={switching !== undefined}
          onClick={() => switchTo(network)}
          data-network-id={network.caipNetworkId}
          {...testId('network')}
        >
          <TokenMark
            symbol={network.name}
            image={kit.images.catalog('asset', network.caipNetworkId)}
          />
          <bdi className="wk-wallet-name">{network.name}</bdi>
          {network.caipNetworkId === current ? (
            <span className="wk-tag" data-kind="installed">
              {t('networks.current')}
            </span>
          ) : null}
          {switching === network.caipNetworkId ? (
            <span className="wk-spinner" aria-hidden="true" />
          ) : null}
        </button>
      ))}
      {switching ? (
        <p className="wk-muted" role="status">
          {t('networks.switching')}
        </p>
      ) : null}
      {failed ? (
        <p className="wk-error" role="alert" {...testId('network-error')}>
          {t('networks.failed', { reason: errorText(t, failed) })}
        </p>
      ) : null}
    </div>
  )
}
