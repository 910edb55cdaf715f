import type { ConnectOptions } from '../connection.js'
import { AuthInitError, LoginFailedError } from '../errors/auth.js'
import { WalletKitError } from '../errors/base.js'
import type { Router } from '../router.js'
import type { Toasts } from '../toast.js'
import type { AuthPort } from '../types/auth.js'
import type { Connector } from '../types/connector.js'
import type { View } from '../types/view.js'

/** One run of a login step; a newer run or leaving its view makes it stale (late answers are dropped). */
export type StepRun = { live(): boolean }

function toError(reason: unknown, code: string): WalletKitError {
  return reason instanceof WalletKitError
    ? reason
    : new LoginFailedError(code, reason instanceof Error ? reason.message : undefined)
}

/** The `walletkit:error` code of a failure: the frame's code, or the error's name (INVALID_OTP). */
function codeOf(error: WalletKitError): string {
  if (error instanceof LoginFailedError) return error.code
  return error.name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toUpperCase()
}

/** What every login flow shares: navigation, the last run, connecting, and failures. */
export type AuthSteps = ReturnType<typeof createAuthSteps>

/**
 * The plumbing the email, social and Farcaster flows share: only the newest run's answers count;
 * the views they move between; the connection once the frame has signed the visitor in; and the
 * failures the visitor sees (the spec's toast when the frame never answered).
 */
export function createAuthSteps(p: {
  port: AuthPort
  router: Router
  toasts: Toasts
  connect: (connector: Connector, options: ConnectOptions) => Promise<void>
  /** Tells the host page about a failure shown to the visitor (`walletkit:error`). */
  report: (error: { code: string; message: string }) => void
}) {
  let generation = 0
  return {
    /** A new run, bound to the view shown now: it goes stale when another run starts or the view goes. */
    begin(): StepRun {
      const mine = ++generation
      const view = p.router.view.peek()
      return {
        live: () => mine === generation && p.router.isOpen.peek() && p.router.view.peek() === view,
      }
    },
    /** Drops every run in flight. */
    cancel() {
      ++generation
    },
    show(view: View) {
      p.router.push(view)
    },
    replace(view: View) {
      p.router.replace(view)
    },
    /**
     * Connects the signed-in wallet while the view on screen stays (leaving it abandons the
     * attempt), then closes the modal unless something else took the screen (a sign-in).
     */
    async connect(run: StepRun): Promise<void> {
      await p.connect(p.port, { signal: p.router.leaveSignal() })
      if (run.live()) p.router.close()
    },
    /** A failure as WalletKit's error: as it is, or the frame's refusal with `code`. */
    toError,
    /**
     * A failure the view shows: reported as `walletkit:error`; the frame's silence also gets the
     * spec's toast (which reports it).
     */
    shown(reason: unknown, code: string): WalletKitError {
      const error = toError(reason, code)
      if (error instanceof AuthInitError) p.toasts.error(error, 'AUTH_INIT_FAILED')
      else p.report({ code: codeOf(error), message: error.shortMessage })
      return error
    },
  }
}
