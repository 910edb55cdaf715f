import { useSignals } from '@preact/signals-react/runtime'
import { isHttpsUrl } from '../../core/utils/url.js'
import { cleanLabel } from '../../core/utils/text.js'
import { routeWallet } from '../actions.js'
import { Icon } from '../components/Icon.js'
import { WalletImage } from '../components/WalletImage.js'
import { useUi } from '../context.js'
import { testId } from '../test-id.js'

/** A wallet's connecting view. It says plainly when the wallet cannot be connected from here. */
export function ConnectingExternal() {
  useSignals()
  const { kit, t } = useUi()
  const wallet = routeWallet(kit)
  if (!wallet) return null
  const name = cleanLabel(wallet.name)
  const website = isHttpsUrl(wallet.homepage) ? wallet.homepage : undefined
  return (
    <div className="wk-body" {...testId('view-connecting')}>
      <div className="wk-center">
        <WalletImage image={wallet.image_id ? kit.images.image(wallet.image_id) : undefined} alt={t('wallet.image', { name })} size="lg" />
        <p className="wk-text" {...testId('connecting-status')}>
          <bdi>{t('connecting.unavailable', { name })}</bdi>
        </p>
        <p className="wk-muted">{t('connecting.unavailableDetail')}</p>
        {website ? (
          <a className="wk-button" data-variant="secondary" href={website} target="_blank" rel="noopener noreferrer" {...testId('wallet-website')}>
            {t('connecting.website')} <Icon name="external" />
          </a>
        ) : null}
      </div>
    </div>
  )
}
