import { useEffect, useState } from 'react'
import type { PairingView } from '../../core/connect/controller.js'
import { type WalletLinkResult, walletConnectLink } from '../../core/deeplink.js'
import type { WalletEntry } from '../../core/types/wallet.js'
import { cleanLabel } from '../../core/utils/text.js'
import { QrCode } from '../components/QrCode.js'
import { WalletImage } from '../components/WalletImage.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import type { MessageKey } from '../i18n/index.js'
import { testId } from '../test-id.js'

/**
 * The pairing of a WalletConnect view: the QR code (with the wallet's image), copy-link, the
 * countdown to the next QR code, the wallet's link on a phone, and the failed states with a retry.
 * The connect flow runs the pairing while the view is shown on an open modal. On a phone the link
 * opens only inside a tap: the tap on the wallet (with the pairing prepared for it, `core/phone/`),
 * else the "Open" button here once the link exists.
 */
export function WalletConnectPairing({
  pairing,
  wallet,
}: {
  pairing: PairingView
  wallet?: WalletEntry | undefined
}) {
  useSignals()
  const { kit, t } = useUi()
  const { connect } = kit
  const mobile = pairing.isMobile()
  const name = cleanLabel(wallet?.name ?? '')
  const uri = pairing.uri.value
  const failure = pairing.failure.value
  const status = pairing.status.value
  const open = kit.navigation.isOpen.value

  // The modal may close and open again on this view without it being mounted anew (a site
  // without adapters opens on it): the pairing runs while the modal is open.
  useEffect(() => (open ? connect.pair(wallet) : undefined), [connect, wallet, open])

  const link: WalletLinkResult | undefined =
    wallet && uri ? walletConnectLink(wallet, uri, mobile) : undefined

  if (failure) {
    const title: MessageKey =
      failure.kind === 'rejected'
        ? 'wc.rejected'
        : failure.kind === 'unreachable'
          ? 'wc.unreachable'
          : failure.kind === 'expired'
            ? 'wc.expired'
            : 'wc.failed'
    return (
      <div className="wk-center" role="alert">
        <p className="wk-text" {...testId('wc-status')} data-status={failure.kind}>
          {t(title)}
        </p>
        <p className="wk-muted" {...testId('wc-detail')}>
          {failure.kind === 'rejected' ? t('wc.rejectedDetail') : failure.message}
        </p>
        <button
          type="button"
          className="wk-button"
          onClick={connect.retryPairing}
          {...testId('wc-retry')}
        >
          {failure.kind === 'expired' ? t('wc.newQr') : t('wc.retry')}
        </button>
      </div>
    )
  }

  if (status === 'connected')
    return (
      <p className="wk-text" {...testId('wc-status')} data-status="connected">
        {t('wc.connected')}
      </p>
    )

  const image = wallet?.image_id ? kit.images.image(wallet.image_id) : undefined
  const appLink = link?.status === 'ok' ? link.link : undefined
  // On a phone, a wallet with an app link is opened by it (from the tap, or the button below).
  const byLink =
    mobile && wallet ? walletConnectLink(wallet, uri ?? 'wc:', true).status === 'ok' : false
  const tapped = connect.phone.opened.value
  const openedInTap = uri !== undefined && tapped?.uri === uri && tapped.walletId === wallet?.id
  const inApp = connect.phone.inAppBrowser
  const openButton = (
    <button
      type="button"
      className="wk-button"
      disabled={uri === undefined}
      onClick={() => connect.followLink(link, name)}
      {...testId('wc-open')}
    >
      <bdi>{t('wc.open', { name })}</bdi>
    </button>
  )
  return (
    <div className="wk-center">
      {byLink ? (
        <>
          <WalletImage image={image} alt={t('wallet.image', { name })} size="lg" />
          <p className="wk-text" {...testId('wc-status')} data-status={uri ? 'ready' : 'loading'}>
            <bdi>
              {uri === undefined
                ? t('wc.linkPending', { name })
                : openedInTap
                  ? t('wc.openApp', { name })
                  : t('wc.tapToOpen', { name })}
            </bdi>
          </p>
          <p className="wk-muted">{t('wc.openAppDetail')}</p>
          {inApp ? (
            <p className="wk-muted" {...testId('wc-in-app')}>
              {t('wc.inApp', { app: inApp })}
            </p>
          ) : null}
        </>
      ) : uri === undefined ? (
        <div className="wk-qr-placeholder" {...testId('wc-status')} data-status="loading">
          <span className="wk-spinner" role="status" aria-label={t('wc.preparing')} />
        </div>
      ) : (
        <>
          <QrCode
            value={uri}
            label={t('wc.qrLabel')}
            logo={<WalletImage image={image} alt={t('wallet.image', { name: name || 'Wallet' })} />}
          />
          <p className="wk-text" {...testId('wc-status')} data-status="ready">
            {name ? t('wc.scanWallet', { name }) : t('wc.scan')}
          </p>
        </>
      )}
      {uri !== undefined ? (
        <>
          <Countdown until={pairing.renewsAt()} />
          <div className="wk-wc-actions">
            {appLink || link?.status === 'blocked' ? openButton : null}
            <CopyLink uri={uri} />
          </div>
        </>
      ) : byLink ? (
        <div className="wk-wc-actions">{openButton}</div>
      ) : null}
    </div>
  )
}

function CopyLink({ uri }: { uri: string }) {
  const { kit, t } = useUi()
  return (
    <button
      type="button"
      className="wk-button"
      data-variant="secondary"
      onClick={() =>
        kit.account.copy(uri, {
          copied: { key: 'wc.copied' },
          failed: { key: 'wc.copyFailed' },
          code: 'COPY_FAILED',
        })
      }
      {...testId('wc-copy')}
    >
      {t('wc.copy')}
    </button>
  )
}

/** The time left before the QR code is replaced, as m:ss, updated every second. */
function Countdown({ until }: { until: number | undefined }) {
  const { t } = useUi()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  if (until === undefined) return null
  const seconds = Math.max(0, Math.ceil((until - now) / 1000))
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
  return (
    <p
      className="wk-muted wk-wc-countdown"
      aria-live="off"
      {...testId('wc-countdown')}
      data-seconds={seconds}
    >
      {t('wc.expiresIn', { time })}
    </p>
  )
}
