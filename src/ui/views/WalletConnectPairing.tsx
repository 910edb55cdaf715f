import { useCallback, useEffect, useRef, useState } from 'react'
import { openWalletLink, type WalletLinkResult, walletConnectLink } from '../../core/deeplink.js'
import type { PairingConnector } from '../../core/pairing.js'
import type { WalletEntry } from '../../core/types/wallet.js'
import { cleanLabel } from '../../core/utils/text.js'
import { QrCode } from '../components/QrCode.js'
import { WalletImage } from '../components/WalletImage.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import type { MessageKey } from '../i18n/index.js'
import { testId } from '../test-id.js'

/** Views that close once a WalletConnect session is established. */
const PAIRING_VIEWS = new Set(['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'])

/**
 * The pairing of a WalletConnect view: the QR code (with the wallet's image), copy-link, the
 * countdown to the next QR code, the wallet's link on a phone, and the failed states with a retry.
 * The pairing runs while the view is shown. On a phone the link opens only inside a tap: the tap
 * on the wallet (with the pairing prepared for it, `core/phone/`), else the "Open" button here
 * once the link exists.
 */
export function WalletConnectPairing({
  connector,
  wallet,
}: {
  connector: PairingConnector
  wallet?: WalletEntry | undefined
}) {
  useSignals()
  const { kit, t } = useUi()
  const { pairing } = connector
  const mobile = pairing.isMobile()
  const name = cleanLabel(wallet?.name ?? '')
  const uri = pairing.uri.value
  const failure = pairing.failure.value
  const status = pairing.status.value
  const reported = useRef(false)

  const open = kit.router.isOpen.value
  const idle = status === 'disconnected' && failure === undefined

  // Each attempt lasts while this view is shown: leaving it or closing the modal abandons it.
  const connect = useCallback(
    () =>
      kit.connection.connect(connector, { signal: kit.router.leaveSignal() }).then(() => {
        if (wallet) kit.wallets.addRecent(wallet)
        if (!PAIRING_VIEWS.has(kit.router.view.peek())) return
        // Back from the wallet app, a phone visitor finds the modal on their account.
        if (mobile) kit.router.reset('Account')
        else kit.router.close()
      }),
    [kit, connector, wallet, mobile],
  )

  // The modal may close and open again on this view without it being mounted anew (a site
  // without adapters opens on it): the pairing runs, and is watched, while the modal is open.
  useEffect(() => {
    if (!open) return
    const stop = pairing.watch()
    pairing.start(connect)
    return stop
  }, [pairing, connect, open])

  // An attempt that ended with nothing to show while the view stays on screen (closed and opened
  // again at once, or a session that ended) starts again.
  useEffect(() => {
    if (open && idle) pairing.start(connect)
  }, [pairing, connect, open, idle])

  useEffect(() => {
    if (!failure) return
    kit.reportError({
      code: `WALLETCONNECT_${failure.kind.toUpperCase()}`,
      message: failure.message,
    })
  }, [kit, failure])

  const link: WalletLinkResult | undefined =
    wallet && uri ? walletConnectLink(wallet, uri, mobile) : undefined

  const follow = useCallback(
    (result: WalletLinkResult | undefined) => {
      if (result?.status === 'blocked' || (result?.status === 'ok' && !openWalletLink(result.link)))
        kit.toasts.error(t('wc.linkBlocked'), 'UNSAFE_WALLET_LINK')
      else if (result?.status === 'ok')
        void kit.analytics.track('SELECT_WALLET', { name, platform: result.link.kind })
    },
    [kit, t, name],
  )

  // A link that may not be followed is reported once, as soon as it is known; nothing opens by
  // itself (a navigation outside a tap would be refused or lost).
  useEffect(() => {
    if (!mobile || link?.status !== 'blocked' || reported.current) return
    reported.current = true
    follow(link)
  }, [mobile, link, follow])

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
          onClick={() => {
            reported.current = false
            pairing.retry(connect)
          }}
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
  const tapped = kit.phone.opened.value
  const openedInTap = uri !== undefined && tapped?.uri === uri && tapped.walletId === wallet?.id
  const inApp = kit.phone.inAppBrowser
  const openButton = (
    <button
      type="button"
      className="wk-button"
      disabled={uri === undefined}
      onClick={() => follow(link)}
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
      onClick={() => {
        const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
        if (!clipboard) {
          kit.toasts.error(t('wc.copyFailed'), 'COPY_FAILED')
          return
        }
        clipboard.writeText(uri).then(
          () => kit.toasts.success(t('wc.copied')),
          () => kit.toasts.error(t('wc.copyFailed'), 'COPY_FAILED'),
        )
      }}
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
