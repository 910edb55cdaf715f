import { PAIRING_LIFETIME_MS } from '../constants.js'
import type { SafeStorage } from '../utils/storage.js'
import { PENDING_PAIRING_KEY } from './controller.js'
import type { PairingPreparer } from './ports.js'

type Pending = { at: number; walletId?: string }

const isPending = (value: unknown): value is Pending =>
  typeof value === 'object' &&
  value !== null &&
  Number.isFinite((value as Pending).at) &&
  ((value as Pending).walletId === undefined || typeof (value as Pending).walletId === 'string')

/**
 * After a reload: a phone may unload the page while the visitor is in their wallet. When a wallet
 * was opened with a pairing that may still be approved (proposed less than its 4 minutes ago),
 * waits, for what is left of them, for its session, then calls `onSession` (the silent reconnect).
 * The stored record is read once and removed: a later reload does not wait again.
 *
 * @param parameters.storage - Where `openInTap` recorded the pairing.
 * @param parameters.preparer - The WalletConnect connector's preparer, if the site offers it.
 * @param parameters.onSession - Called with the wallet's id once its session is live.
 */
export function resumePairing(parameters: {
  storage: SafeStorage
  preparer: PairingPreparer | undefined
  onSession: (walletId: string | undefined) => void
  now?: () => number
}): void {
  const { storage, preparer } = parameters
  const pending = storage.get(PENDING_PAIRING_KEY, isPending)
  if (pending === undefined) return
  storage.remove(PENDING_PAIRING_KEY)
  const left = pending.at + PAIRING_LIFETIME_MS - (parameters.now ?? Date.now)()
  if (!preparer || left <= 0 || left > PAIRING_LIFETIME_MS) return
  void preparer.awaitSession(left).then(
    (live) => {
      if (live) parameters.onSession(pending.walletId)
    },
    () => undefined,
  )
}
