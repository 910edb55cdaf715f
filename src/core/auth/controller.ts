import { effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core'
import type { ChainState } from '../chain-state.js'
import type { ConnectOptions } from '../connection.js'
import type { Router } from '../router.js'
import type { Toasts } from '../toast.js'
import type { AuthAccountType, AuthPort } from '../types/auth.js'
import type { Connector } from '../types/connector.js'
import type { AccountType, Features, SocialProvider } from '../types/options.js'
import type { SafeStorage } from '../utils/storage.js'
import { createEmailLogin, type EmailForm } from './email.js'
import { createSocialLogin } from './social.js'
import { createAuthSteps } from './steps.js'

const ACCOUNT_TYPE_KEY = 'auth:accountType'
const isAccountType = (v: unknown): v is AuthAccountType => v === 'eoa' || v === 'smartAccount'

/** What the login flows need from the kit. */
export type AuthParameters = {
  port: AuthPort
  router: Router
  chain: ChainState
  toasts: Toasts
  storage: SafeStorage
  features: Pick<Features, 'email' | 'socials'>
  /** `defaultAccountTypes.eip155` (SPEC §6: smartAccount). */
  defaultAccountType: AccountType | undefined
  connect: (connector: Connector, options: ConnectOptions) => Promise<void>
  /** Tells the host page about a failure shown in a view (`walletkit:error`). */
  report: (error: { code: string; message: string }) => void
  now?: () => number
  /** Connect's email field, when the kit made it before the controller. */
  form?: EmailForm | undefined
}

/** The login flows' controller. */
export type Auth = ReturnType<typeof createAuth>

/**
 * Creates the controller of email, social and Farcaster login and of the embedded wallet's account
 * type. Views render its signals and call its actions; the frame is reached only through the Auth
 * connector's port.
 *
 * @example
 * const auth = createAuth({ port, router, chain, toasts, storage, features, connect })
 * await auth.email.send('alice@example.com') // → EmailVerifyOtp
 */
export function createAuth(p: AuthParameters) {
  const steps = createAuthSteps(p)
  const email = createEmailLogin({
    port: p.port,
    storage: p.storage,
    steps,
    now: p.now ?? (() => Date.now()),
    form: p.form,
  })
  const social = createSocialLogin({
    port: p.port,
    steps,
    router: p.router,
    record: (patch) => p.chain.patchAccount('eip155', patch),
    onPopupError: (error) => p.toasts.error(error, 'SOCIAL_POPUP'),
  })
  const switching = signal(false)
  // A failure belongs to the view it happened on.
  let shown = p.router.view.peek()
  const stopViews = effect(() => {
    const view = p.router.view.value
    if (view === shown) return
    shown = view
    untracked(() => email.leave())
  })
  const socials: readonly SocialProvider[] = p.features.socials || []

  return {
    /** Email login is offered. */
    emailEnabled: p.features.email,
    /** The social providers offered, in order. */
    socials,
    email,
    social,
    /** True while the account type is being switched. */
    switching: switching as ReadonlySignal<boolean>,
    /** Mounts the frame ahead of the visitor's first step (the modal's first open). */
    prepare: () => p.port.prepare(),
    /** The account type a new connection starts with: the visitor's last choice, else the site's. */
    preferredAccountType(): AuthAccountType {
      const stored = p.storage.get(ACCOUNT_TYPE_KEY, isAccountType)
      return stored ?? (p.defaultAccountType === 'eoa' ? 'eoa' : 'smartAccount')
    },
    /** Switches the connected embedded wallet between its smart account and its EOA. */
    async switchAccountType(type: AuthAccountType): Promise<void> {
      if (switching.peek()) return
      switching.value = true
      try {
        await p.port.setPreferredAccountType(type)
        p.storage.set(ACCOUNT_TYPE_KEY, type)
      } catch (error) {
        p.toasts.error(steps.toError(error, 'ACCOUNT_TYPE_FAILED'), 'ACCOUNT_TYPE_FAILED')
      } finally {
        switching.value = false
      }
    },
    /** SPEC §2's back rule from ConnectingFarcaster (the router calls these). */
    onLeaveFarcaster: {
      clearUrl: () => social.clearFarcasterUrl(),
      reloadAuth: () => p.port.reload(),
    },
    destroy() {
      stopViews()
      steps.cancel()
      email.destroy()
    },
  }
}
