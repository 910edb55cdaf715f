import { useState } from 'react'
import { WalletKitError } from '../../core/errors/base.js'
import type { CaipNetwork } from '../../core/types/caip.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/** The configured networks of the active namespace; choosing one switches (the wallet first, when connected). */
export function NetworkList({ onSwitched }: { onSwitched?: () => void }) {
  useSignals()
  const { kit, t } = useUi()
  const ns = kit.chain.activeNamespace.value
  const current = kit.chain.networks.value[ns]?.caipNetwork?.caipNetworkId
  const [busy, setBusy] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | undefined>()
  const networks = kit.options.networks.filter((n) => n.namespace === ns)

  const choose = (network: CaipNetwork) => {
    if (busy) return
    setBusy(network.caipNetworkId)
    setFailure(undefined)
    kit.connection.switchNetwork(network).then(
      () => {
        setBusy(undefined)
        onSwitched?.()
      },
      (error: unknown) => {
        setBusy(undefined)
        const reason = error instanceof WalletKitError ? error.shortMessage : String(error)
        setFailure(t('networks.failed', { reason }))
        kit.toasts.error(reason)
      },
    )
  }

  return (
    <div className="wk-stack">
      {networks.map((network) => (
        <button
          key={network.caipNetworkId}
          type="button"
          className="wk-wallet"
          aria-current={network.caipNetworkId === current ? 'true' : undefined}
          disabled={busy !== undefined}
          onClick={() => choose(network)}
          data-network-id={network.caipNetworkId}
          {...testId('network')}
        >
          <bdi className="wk-wallet-name">{network.name}</bdi>
          {network.caipNetworkId === current ? (
            <span className="wk-tag" data-kind="installed">
              {t('networks.current')}
            </span>
          ) : null}
          {busy === network.caipNetworkId ? (
            <span className="wk-spinner" aria-hidden="true" />
          ) : null}
        </button>
      ))}
      {busy ? (
        <p className="wk-muted" role="status">
          {t('networks.switching')}
        </p>
      ) : null}
      {failure ? (
        <p className="wk-error" role="alert" {...testId('network-error')}>
          {failure}
        </p>
      ) : null}
    </div>
  )
}
