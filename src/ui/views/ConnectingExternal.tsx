import { useCallback, useEffect, useRef, useState } from 'react'
import { WalletKitError } from '../../core/errors/base.js'
import { ConnectAbortedError } from '../../core/errors/connection.js'
import {
  ProviderRpcError,
  RequestAlreadyPendingError,
  UserRejectedRequestError,
} from '../../core/errors/rpc.js'
import type { Connector } from '../../core/types/connector.js'
import { cleanLabel } from '../../core/utils/text.js'
import { isHttpsUrl } from '../../core/utils/url.js'
import { isSuspicious, routeConnector, routeWallet } from '../actions.js'
import { Icon } from '../components/Icon.js'
import { WalletImage } from '../components/WalletImage.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

type Attempt =
  | { status: 'connecting' }
  | { status: 'declined' }
  | { status: 'pending'; message: string }
  | { status: 'error'; message: string }

/** A wallet's connecting view: waiting, declined (with retry), already pending, or the wallet's error. */
export function ConnectingExternal() {
  useSignals()
  const { kit, t } = useUi()
  const wallet = routeWallet(kit)
  const connector = routeConnector(kit)
  const name = cleanLabel(connector?.name ?? wallet?.name ?? '')
  const image = connector?.icon
    ? undefined
    : wallet?.image_id
      ? kit.images.image(wallet.image_id)
      : undefined
  return (
    <div className="wk-body" {...testId('view-connecting')}>
      <div className="wk-center">
        <WalletImage
          image={image}
          src={connector?.icon}
          alt={t('wallet.image', { name })}
          size="lg"
        />
        {connector ? <Connecting connector={connector} name={name} /> : <CannotConnect />}
      </div>
    </div>
  )
}

function Connecting({ connector, name }: { connector: Connector; name: string }) {
  const { kit, t } = useUi()
  const [attempt, setAttempt] = useState<Attempt>({ status: 'connecting' })
  const running = useRef(false)
  const start = useCallback(() => {
    if (running.current) return
    running.current = true
    setAttempt({ status: 'connecting' })
    // The attempt lasts while this view is shown: leaving it or closing the modal abandons it.
    kit.connection.connect(connector, { signal: kit.router.leaveSignal() }).then(
      () => {
        running.current = false
        if (kit.router.view.peek() === 'ConnectingExternal') kit.router.close()
      },
      (error: unknown) => {
        running.current = false
        // The visitor left: nothing failed, and the view is gone.
        if (error instanceof ConnectAbortedError) return
        if (error instanceof UserRejectedRequestError) setAttempt({ status: 'declined' })
        else if (error instanceof RequestAlreadyPendingError)
          setAttempt({ status: 'pending', message: error.shortMessage })
        else
          setAttempt({
            status: 'error',
            message: error instanceof WalletKitError ? error.shortMessage : String(error),
          })
        const code = error instanceof ProviderRpcError ? String(error.code) : 'CONNECT_FAILED'
        kit.reportError({
          code,
          message: error instanceof WalletKitError ? error.shortMessage : 'Connection failed',
        })
      },
    )
  }, [kit, connector])
  // biome-ignore lint/correctness/useExhaustiveDependencies: connect once when the view opens
  useEffect(start, [])

  const duplicate = isSuspicious(kit, connector)
  return (
    <>
      <p
        className="wk-text"
        aria-live="polite"
        {...testId('connecting-status')}
        data-status={attempt.status}
      >
        <bdi>
          {attempt.status === 'connecting'
            ? t('connecting.waiting', { name })
            : attempt.status === 'declined'
              ? t('connecting.declined')
              : attempt.status === 'pending'
                ? t('connecting.pending')
                : t('connecting.failed')}
        </bdi>
      </p>
      <p className="wk-muted" {...testId('connecting-detail')}>
        {attempt.status === 'connecting'
          ? t('connecting.waitingDetail')
          : attempt.status === 'declined'
            ? t('connecting.declinedDetail')
            : attempt.message}
      </p>
      {duplicate ? (
        <p className="wk-muted" {...testId('connecting-duplicate')}>
          <Icon name="alert" /> {t('connecting.duplicate')}
          {connector.rdns ? <bdi> ({connector.rdns})</bdi> : null}
        </p>
      ) : null}
      {attempt.status === 'connecting' ? (
        <span className="wk-spinner" aria-hidden="true" />
      ) : (
        <button type="button" className="wk-button" onClick={start} {...testId('connecting-retry')}>
          {t('connecting.retry')}
        </button>
      )}
    </>
  )
}

function CannotConnect() {
  const { kit, t } = useUi()
  const wallet = routeWallet(kit)
  const name = cleanLabel(wallet?.name ?? '')
  const website = isHttpsUrl(wallet?.homepage) ? wallet?.homepage : undefined
  return (
    <>
      <p className="wk-text" {...testId('connecting-status')} data-status="unavailable">
        <bdi>{t('connecting.unavailable', { name })}</bdi>
      </p>
      <p className="wk-muted">{t('connecting.unavailableDetail')}</p>
      {website ? (
        <a
          className="wk-button"
          data-variant="secondary"
          href={website}
          target="_blank"
          rel="noopener noreferrer"
          {...testId('wallet-website')}
        >
          {t('connecting.website')} <Icon name="external" />
        </a>
      ) : null}
    </>
  )
}
