import { batch, effect, type ReadonlySignal, signal } from '@preact/signals-core'
import {
  PAIRING_AUTO_RENEW_MAX_COUNT,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_LIFETIME_MS,
  PREPARED_PAIRING_INTERVAL_MS,
} from '../constants.js'
import { type OpenWindow, openWalletLink, walletConnectLink } from '../deeplink.js'
import type { WalletEntry } from '../types/wallet.js'
import type { SafeStorage } from '../utils/storage.js'
import type { InAppBrowser } from './browser.js'
import type { PairingPreparer, PreparedPairing } from './ports.js'

/** Whether the page is shown, and a way to hear when that changes. */
export type Visibility = { hidden(): boolean; subscribe(listener: () => void): () => void }

/** What {@link createPhonePairing} needs. */
export type PhonePairingParameters = {
  /** The WalletConnect connector's preparer, when the site offers WalletConnect. */
  preparer: () => PairingPreparer | undefined
  /** True on a phone or tablet. */
  isPhone: () => boolean
  /** True on iOS Safari and in Telegram, where a pairing opened in a wallet is reused (SPEC §4). */
  reusePairing: () => boolean
  /** True while the wallet lists (Connect, All Wallets) are on screen in the open modal. */
  listsShown: ReadonlySignal<boolean>
  /** Runs a task after the next frame (nothing is prepared in the frame that opens the modal). */
  afterPaint: (task: () => void) => void
  storage: SafeStorage
  visibility?: Visibility | undefined
  /** The app whose in-app browser shows the page, if any (`browser.ts`). */
  inAppBrowser?: InAppBrowser | undefined
  /** Opens a wallet link (`window.open` in the browser, given by `embed/`); without it none opens. */
  open?: OpenWindow | undefined
  now?: () => number
  setTimeout?: (fn: () => void, ms: number) => unknown
  clearTimeout?: (timer: unknown) => void
}

/** A wallet link opened inside the visitor's tap: which wallet, with which pairing URI. */
export type OpenedLink = { walletId: string; uri: string }

/** The storage key of a pairing a wallet was opened with (a reload resumes it). */
export const PENDING_PAIRING_KEY = 'walletConnectPending'

type Prepared = { pairing: PreparedPairing; uri?: string; opened: boolean }

/** The phone pairing controller. */
export type PhonePairing = ReturnType<typeof createPhonePairing>

/**
 * Creates the phone pairing controller. iOS and in-app browsers hand a wallet's link to its app
 * only while the visitor's tap is being handled, and a pairing URI takes a round trip to the relay;
 * so on a phone, while the wallet lists are on screen, a pairing is proposed in the background,
 * and the tap on a wallet opens its link at once with that URI ({@link openInTap}). The pairing
 * counts as expired 10 s before its 4 minutes end (SPEC §4); a new one is proposed then, but
 * never sooner than PREPARED_PAIRING_INTERVAL_MS after the last, and at most
 * PAIRING_AUTO_RENEW_MAX_COUNT times while the lists stay on screen; a hidden page proposes none.
 * A pairing a wallet was opened with is reused on iOS Safari and in Telegram while valid; elsewhere
 * the next tap gets a new one. Nothing is proposed before the modal is opened.
 */
export function createPhonePairing(parameters: PhonePairingParameters) {
  const now = parameters.now ?? Date.now
  const setTimer = parameters.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms))
  const clearTimer =
    parameters.clearTimeout ??
    ((timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>))
  const { storage } = parameters

  /** The prepared pairing's URI while it is valid. */
  const uri = signal<string | undefined>(undefined)
  const opened = signal<OpenedLink | undefined>(undefined)
  let current: Prepared | undefined
  let proposedAt = Number.NEGATIVE_INFINITY
  let proposals = 0
  let timer: unknown
  let shown = false
  let destroyed = false

  const valid = (p: Prepared) =>
    now() < p.pairing.createdAt + PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS
  /** May the next tap use it? A pairing opened in a wallet only where SPEC §4 reuses it. */
  const usable = (p: Prepared | undefined): p is Prepared =>
    p !== undefined && valid(p) && (!p.opened || parameters.reusePairing())

  function schedule(at: number) {
    clearTimer(timer)
    timer = setTimer(
      () => {
        timer = undefined
        ensure()
      },
      Math.max(0, at - now()),
    )
  }

  /** Keeps a usable pairing ready while the lists are shown. */
  function ensure() {
    if (destroyed || !shown || !parameters.isPhone() || parameters.visibility?.hidden()) return
    const preparer = parameters.preparer()
    if (!preparer) return
    if (usable(current)) {
      schedule(current.pairing.createdAt + PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS)
      return
    }
    if (uri.peek() !== undefined) uri.value = undefined
    if (proposals >= PAIRING_AUTO_RENEW_MAX_COUNT + 1) return
    // Renewals are paced: a visitor who leaves the lists open makes few pairings.
    if (now() < proposedAt + PREPARED_PAIRING_INTERVAL_MS) {
      schedule(proposedAt + PREPARED_PAIRING_INTERVAL_MS)
      return
    }
    proposedAt = now()
    proposals++
    const prepared: Prepared = { pairing: preparer.propose(), opened: false }
    current = prepared
    prepared.pairing.uri.then(
      (next) => {
        if (current !== prepared || destroyed) return
        prepared.uri = next
        if (valid(prepared)) uri.value = next
        ensure()
      },
      () => undefined,
    )
    // Approved, declined or expired: it can serve no other tap.
    const end = () => {
      if (current !== prepared) return
      current = undefined
      batch(() => {
        uri.value = undefined
        if (opened.peek()?.uri === prepared.uri) opened.value = undefined
      })
      storage.remove(PENDING_PAIRING_KEY)
      ensure()
    }
    prepared.pairing.approved.then(end, end)
  }

  const stopShown = effect(() => {
    const next = parameters.listsShown.value
    if (next === shown) return
    shown = next
    if (!next) {
      clearTimer(timer)
      timer = undefined
      return
    }
    // The pace holds while the lists stay on screen; a pairing still usable is kept anyway.
    proposals = 0
    proposedAt = Number.NEGATIVE_INFINITY
    // Back on the lists: a wallet opened before is no longer waited for after a reload.
    storage.remove(PENDING_PAIRING_KEY)
    parameters.afterPaint(ensure)
  })
  const stopVisibility = parameters.visibility?.subscribe(ensure)

  return {
    /** The prepared pairing's URI while it is valid (a tap can open a wallet with it). */
    uri: uri as ReadonlySignal<string | undefined>,
    /** The wallet link the last tap opened, until its pairing ends. */
    opened: opened as ReadonlySignal<OpenedLink | undefined>,
    /** The app whose in-app browser shows the page: the visitor is told they may leave it. */
    inAppBrowser: parameters.inAppBrowser,
    /**
     * Called from the visitor's tap on a wallet, inside its click handler: when a prepared pairing
     * is usable, the next connect takes it over, and when its URI is there the wallet's link opens
     * now, in the tap. Otherwise nothing opens: the connecting view shows an "Open" button once its
     * link exists (a navigation outside a tap would be refused or lost).
     *
     * @returns True when the wallet's link was opened.
     */
    openInTap(wallet: WalletEntry): boolean {
      const preparer = parameters.preparer()
      if (destroyed || !parameters.isPhone() || !preparer || !usable(current)) return false
      preparer.adopt(current.pairing)
      const ready = current.uri
      if (ready === undefined) return false
      const result = walletConnectLink(wallet, ready, true)
      const open = parameters.open
      if (result.status !== 'ok' || !open || !openWalletLink(result.link, open)) return false
      current.opened = true
      opened.value = { walletId: wallet.id, uri: ready }
      storage.set(PENDING_PAIRING_KEY, { at: current.pairing.createdAt, walletId: wallet.id })
      return true
    },
    destroy(): void {
      destroyed = true
      clearTimer(timer)
      stopShown()
      stopVisibility?.()
    },
  }
}
