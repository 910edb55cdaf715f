import { batch, type ReadonlySignal, signal } from '@preact/signals-core'
import { FARCASTER_POLL_MS } from '../constants.js'
import { LoginFailedError, SocialPopupClosedError } from '../errors/auth.js'
import type { WalletKitError } from '../errors/base.js'
import { ConnectAbortedError } from '../errors/connection.js'
import type { Router } from '../router.js'
import type { AuthPort, SocialPopup } from '../types/auth.js'
import type { SocialProvider } from '../types/options.js'
import { isWebUrl } from '../utils/url.js'
import type { AuthSteps } from './steps.js'

/** Where a social or Farcaster login stands. */
export type SocialStatus = 'idle' | 'waiting' | 'connecting' | 'failed'

/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

/**
 * Social login (a consent popup on the frame's side) and Farcaster login (a QR code the visitor
 * approves on another device). Each runs while its view is shown: leaving it closes the popup or
 * stops polling.
 */
export function createSocialLogin(p: {
  port: AuthPort
  steps: AuthSteps
  router: Router
  /** Records the provider and the Farcaster URL in the account state (SPEC §3). */
  record: (patch: {
    socialProvider?: string | undefined
    farcasterUrl?: string | undefined
  }) => void
  onPopupError: (error: WalletKitError) => void
}) {
  const provider = signal<SocialProvider | undefined>(undefined)
  const status = signal<SocialStatus>('idle')
  const error = signal<WalletKitError | undefined>(undefined)
  const farcasterUrl = signal<string | undefined>(undefined)

  function begin(name: SocialProvider, view: 'ConnectingSocial' | 'ConnectingFarcaster') {
    p.steps.show(view)
    const run = p.steps.begin()
    batch(() => {
      provider.value = name
      status.value = 'waiting'
      error.value = undefined
      if (view === 'ConnectingFarcaster') farcasterUrl.value = undefined
    })
    p.record({ socialProvider: name })
    return { run, leave: p.router.leaveSignal() }
  }

  function fail(reason: unknown, code: string) {
    if (reason instanceof ConnectAbortedError) {
      status.value = 'idle'
      return
    }
    batch(() => {
      status.value = 'failed'
      error.value = p.steps.shown(reason, code)
    })
  }

  /** The popup flow of SPEC's social login; runs synchronously up to the popup. */
  function popupLogin(name: SocialProvider, popup: SocialPopup) {
    const { run, leave } = begin(name, 'ConnectingSocial')
    leave.addEventListener('abort', () => popup.close())
    void (async () => {
      try {
        popup.navigate(await p.port.getSocialRedirectUri(name))
        const result = await popup.result
        popup.close()
        if (!run.live() || leave.aborted) return
        status.value = 'connecting'
        await p.port.connectSocial(result)
        if (run.live()) await p.steps.connect(run)
        if (run.live()) status.value = 'idle'
      } catch (reason) {
        popup.close()
        if (!run.live() || leave.aborted) return
        // The visitor closed the window: back to Connect, nothing to explain.
        if (reason instanceof SocialPopupClosedError) {
          status.value = 'idle'
          p.router.goBack()
        } else fail(reason, 'SOCIAL_FAILED')
      }
    })()
  }

  /** Farcaster: its URL as a QR code and link, then polling until the visitor approved. */
  async function farcaster() {
    const { run, leave } = begin('farcaster', 'ConnectingFarcaster')
    try {
      const url = await p.port.getFarcasterUri()
      if (!run.live() || leave.aborted) return
      // Shown as a QR code and a link the visitor opens: a web address, and one no one on the way
      // can read or change (https; http only on this machine).
      if (!isWebUrl(url)) throw new LoginFailedError('FARCASTER_URL', 'not an https link')
      farcasterUrl.value = url
      p.record({ farcasterUrl: url })
      while (!(await p.port.pollFarcaster())) {
        await pause(FARCASTER_POLL_MS, leave)
        if (!run.live() || leave.aborted) return
      }
      if (!run.live() || leave.aborted) return
      status.value = 'connecting'
      await p.steps.connect(run)
      if (run.live()) status.value = 'idle'
    } catch (reason) {
      if (run.live() && !leave.aborted) fail(reason, 'FARCASTER_FAILED')
    }
  }

  return {
    provider: provider as ReadonlySignal<SocialProvider | undefined>,
    status: status as ReadonlySignal<SocialStatus>,
    error: error as ReadonlySignal<WalletKitError | undefined>,
    /** The Farcaster approval URL while its view shows it. */
    farcasterUrl: farcasterUrl as ReadonlySignal<string | undefined>,
    /**
     * Starts a social login from the visitor's click: the popup opens before anything is awaited,
     * so no blocker stops it. Farcaster has no popup.
     */
    start(name: SocialProvider) {
      if (name === 'farcaster') return void farcaster()
      let popup: SocialPopup
      try {
        popup = p.port.openSocialPopup()
      } catch (reason) {
        p.onPopupError(p.steps.toError(reason, 'SOCIAL_POPUP'))
        return
      }
      popupLogin(name, popup)
    },
    /** Tries the shown flow again. */
    retry() {
      const name = provider.peek()
      if (!name) return
      p.router.goBack()
      this.start(name)
    },
    /** SPEC §2: leaving ConnectingFarcaster unconnected forgets its URL. */
    clearFarcasterUrl() {
      p.steps.cancel()
      farcasterUrl.value = undefined
      p.record({ farcasterUrl: undefined })
    },
  }
}
