import type { KitParts } from '../parts.js'
import type { AuthPort } from '../types/auth.js'
import { type Auth, createAuth } from './controller.js'
import type { EmailForm } from './email.js'

/**
 * Builds the kit's email, social and Farcaster login over its parts and the login frame's
 * connector; the kit calls it on the login's first use (`core/auth-lazy.ts`), and only when the
 * site offers login.
 *
 * @param form - Connect's email field, which the kit made before.
 */
export function createKitAuth(
  port: AuthPort,
  p: Pick<
    KitParts,
    'options' | 'router' | 'chain' | 'toasts' | 'storage' | 'connection' | 'events'
  >,
  form?: EmailForm,
): Auth {
  const { options } = p
  return createAuth({
    ...p,
    port,
    features: options.features,
    defaultAccountType: options.defaultAccountTypes.eip155,
    connect: (connector, o) => p.connection.connect(connector, o),
    report: (error) => p.events.emit('error', error),
    form,
  })
}
