import { computed, type ReadonlySignal } from '@preact/signals-core'
import { isPairingConnector, pairingReusedHere } from '../pairing.js'
import type { Router } from '../router.js'
import type { Connector } from '../types/connector.js'
import type { SafeStorage } from '../utils/storage.js'
import { currentInAppBrowser } from './browser.js'
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
}): PhonePairing {
  const { router, storage } = parameters
  const walletConnect = () => parameters.connectors.peek().find(isPairingConnector)
  const phone = createPhonePairing({
    preparer: () => walletConnect()?.preparer,
    isPhone: parameters.isPhone,
    reusePairing: pairingReusedHere,
    listsShown: computed(
      () =>
        router.isOpen.value &&
        (router.view.value === 'Connect' || router.view.value === 'AllWallets'),
    ),
    afterPaint: parameters.afterPaint,
    storage,
    visibility: parameters.visibility,
    inAppBrowser: parameters.isPhone() ? currentInAppBrowser() : undefined,
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
