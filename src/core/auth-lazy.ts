import { signal } from '@preact/signals-core'
import type { Auth } from './auth/controller.js'
import type { AuthFailure, EmailForm, EmailStatus } from './auth/email.js'
import type { createKitAuth } from './auth/wiring.js'
import { isLoginOffered } from './features.js'
import type { AuthPort } from './types/auth.js'
import { lazyObject } from './utils/lazy-object.js'

declare const require: (id: string) => unknown

/**
 * The login's controller (`core/auth/`), evaluated on first use (the visitor's first step, the
 * first open's frame mounting, a silent reconnect's account) or in the idle warm-up, not
 * while the page loads. The bundler resolves the require at build time (docs/architecture.md,
 * "Short tasks while a page loads").
 */
export function authModule() {
  return require('./auth/wiring.js') as typeof import('./auth/wiring.js')
}

/**
 * The kit's email, social and Farcaster login when the site offers it ({@link isLoginOffered}) and
 * the page gave the login frame's connector, else undefined. What Connect's first frame shows of
 * it (whether email is offered, the social providers, the email field's state) is there at once;
 * the controller is made on the first read of anything else, over the same email field.
 */
export function createLazyAuth(
  port: AuthPort | undefined,
  p: Parameters<typeof createKitAuth>[1],
): Auth | undefined {
  const { features } = p.options
  if (!port || !isLoginOffered(p.options)) return undefined
  const form: EmailForm = {
    draft: signal(''),
    status: signal<EmailStatus>('idle'),
    error: signal<AuthFailure | undefined>(undefined),
  }
  let auth: Auth | undefined
  const load = () => (auth ??= authModule().createKitAuth(port, p, form))
  return lazyObject<Auth>(
    {
      emailEnabled: features.email,
      socials: features.socials || [],
      email: lazyObject<Auth['email']>(form, () => load().email),
      destroy: () => auth?.destroy(),
    },
    load,
  )
}
