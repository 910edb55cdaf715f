import { isWebUrl } from '../../core/utils/url.js'
import { Icon } from '../components/Icon.js'
import { QrCode } from '../components/QrCode.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { SocialStatus } from './ConnectingSocial.js'
import { Unavailable } from './Unavailable.js'

/**
 * ConnectingFarcaster (SPEC §2): the approval URL as a QR code to scan with a phone, and as a link;
 * the kit polls until the visitor approved. Going back clears the URL and reloads the connector.
 */
export function ConnectingFarcaster() {
  useSignals()
  const { kit, t } = useUi()
  const social = kit.auth?.social
  if (!social) return <Unavailable />
  const url = social.farcasterUrl.value
  return (
    <div className="wk-body" {...testId('view-farcaster')}>
      <div className="wk-center">
        {isWebUrl(url) ? (
          <>
            <QrCode value={url} label={t('auth.farcasterQr')} />
            <p className="wk-muted">{t('auth.farcasterScan')}</p>
            <a
              className="wk-button"
              data-variant="secondary"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              {...testId('auth-farcaster-link')}
            >
              {t('auth.farcasterOpen')} <Icon name="external" />
            </a>
          </>
        ) : null}
        <SocialStatus waiting={url ? '' : t('auth.farcasterPreparing')} />
      </div>
    </div>
  )
}
