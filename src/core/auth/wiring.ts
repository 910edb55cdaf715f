import { isLoginOffered } from '../features.js'
import type { KitParts } from '../parts.js'
import type { AuthPort } from '../types/auth.js'
import { type Auth, createAuth } from './controller.js'

/**
 * Builds the kit's email, social and Farcaster login over its parts, when the site offers login
 * ({@link isLoginOffered}) and the page gave the login frame's connector; undefined otherwise.
 */
export function createKitAuth(
  port: AuthPort | undefined,
  p: Pick<
    KitParts,
    'options' | 'router' | 'chain' | 'toasts' | 'storage' | 'connection' | 'events'
  >,
): Auth | undefined {
  const { options } = p
  if (!port || !isLoginOffered(options)) return undefined
  return createAuth({
    ...p,
    port,
    features: options.features,
    defaultAccountType: options.defaultAccountTypes.eip155,
    connect: (connector, o) => p.connection.connect(connector, o),
    report: (error) => p.events.emit('error', error),
  })
}
