import { computed, type ReadonlySignal } from '@preact/signals-core'
import type { OpenWindow } from '../deeplink.js'
import { isPairingConnector } from '../pairing.js'
import type { Router } from '../router.js'
import type { Connector } from '../types/connector.js'
import type { SafeStorage } from '../utils/storage.js'
import type { InAppBrowser } from './browser.js'
import { createPhonePairing, type PhonePairing, type Visibility } from './controller.js'
import { resumePairing } from './resume.js'

/**
 * Builds the kit's phone pairing controller over its parts: the WalletConnect connector (when the
 * site offers it), the router (the wallet lists on screen in the open modal), and the silent
 * reconnect of a session a wallet approved while a reload was under way.
 */
export function createKitPhone(parameters: {
  connectors: ReadonlySignal<readonly Connector[]>
  router: Pick<Router, 'isOpen' | 'view'>
  isPhone: () => boolean
  storage: SafeStorage
  afterPaint: (task: () => void) => void
  visibility: Visibility | undefined
  /** The silent reconnect of the connection controller. */
  reconnect: (connector: Connector) => Promise<boolean>
  /** Records the wallet the visitor connected with among the recent wallets. */
  addRecent: (walletId: string) => void
  /** True where a pairing opened in a wallet is reused (read by `embed/`); default false. */
  reusePairing?: (() => boolean) | undefined
  /** The app whose in-app browser shows the page (read by `embed/`); default none. */
  inAppBrowser?: (() => InAppBrowser | undefined) | undefined
  /** Opens a wallet link (`window.open`, from `embed/`); without it no link is opened in the tap. */
  open?: OpenWindow | undefined
}): PhonePairing {
  const { router, storage } = parameters
  const walletConnect = () => parameters.connectors.peek().find(isPairingConnector)
  const phone = createPhonePairing({
    preparer: () => walletConnect()?.preparer,
    isPhone: parameters.isPhone,
    reusePairing: parameters.reusePairing ?? (() => false),
    listsShown: computed(
      () =>
        router.isOpen.value &&
        (router.view.value === 'Connect' || router.view.value === 'AllWallets'),
    ),
    afterPaint: parameters.afterPaint,
    storage,
    visibility: parameters.visibility,
    inAppBrowser: parameters.isPhone() ? parameters.inAppBrowser?.() : undefined,
    open: parameters.open,
  })
  const connector = walletConnect()
  resumePairing({
    storage,
    preparer: connector?.preparer,
    onSession: (walletId) => {
      if (!connector) return
      void parameters.reconnect(connector).then((connected) => {
        if (connected && walletId) parameters.addRecent(walletId)
      })
    },
  })
  return phone
}
