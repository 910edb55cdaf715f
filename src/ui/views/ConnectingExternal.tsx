import type { InstalledWallet } from '../../core/connect/controller.js'
import { cleanLabel } from '../../core/utils/text.js'
import { isHttpsUrl } from '../../core/utils/url.js'
import { Icon } from '../components/Icon.js'
import { WalletImage } from '../components/WalletImage.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { errorText } from '../i18n/errors.js'
import { testId } from '../test-id.js'

/** A wallet's connecting view: waiting, declined (with retry), already pending, or the wallet's error. */
export function ConnectingExternal() {
  useSignals()
  const { kit, t } = useUi()
  const { wallet, connector, name: label } = kit.connect.target.value
  const name = cleanLabel(label)
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

/** The attempt the connect flow runs with the installed wallet: its state, and retry. */
function Connecting({ connector, name }: { connector: InstalledWallet; name: string }) {
  // It reads the attempt itself: it renders again when the attempt changes.
  useSignals()
  const { kit, t } = useUi()
  const { connect } = kit
  const attempt = connect.attempt.value
  const status = attempt.status === 'failed' ? 'error' : attempt.status
  const duplicate = connect.isSuspicious(connector)
  return (
    <>
      <p
        className="wk-text"
        aria-live="polite"
        {...testId('connecting-status')}
        data-status={status}
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
            : errorText(t, attempt.error)}
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
        <button
          type="button"
          className="wk-button"
          onClick={connect.retry}
          {...testId('connecting-retry')}
        >
          {t('connecting.retry')}
        </button>
      )}
    </>
  )
}

function CannotConnect() {
  useSignals()
  const { kit, t } = useUi()
  const { wallet } = kit.connect.target.value
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
