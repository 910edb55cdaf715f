import { WalletKitError } from '../errors/base.js'
import { DisconnectError } from '../errors/connection.js'
import { ProviderRpcError } from '../errors/rpc.js'
import { type KitParts, NO_LOCATION } from '../parts.js'
import type { SiwxOptions } from '../types/options.js'
import { createSiwx, type Siwx } from './controller.js'
import { SiwxVerificationError } from './errors.js'

/** The error code a failed sign-in is reported with (`walletkit:error`). */
function codeOf(error: unknown): string {
  if (error instanceof ProviderRpcError) return String(error.code)
  if (error instanceof SiwxVerificationError)
    return `SIWX_${error.reason.toUpperCase().replaceAll('-', '_')}`
  return 'SIWX_FAILED'
}

/** The SIWX controller with the sign view's two actions. */
export type KitSiwx = Siwx & {
  /** Signs in from the sign view; a failure is told as a toast (which reports it). */
  confirm(): void
  /** The secondary action: a required sign-in is cancelled (disconnecting), else skipped. */
  decline(): void
}

/**
 * Builds the kit's Sign-In With X over its parts: the connected accounts, the router, the eip155
 * wallet's one signing and reading door (a contract account's signature is asked of the account on
 * its network), Solana's provider, disconnect (a required sign-in cancelled), and the page's
 * address for the message's domain and URI.
 */
export function createKitSiwx(
  options: SiwxOptions,
  p: Pick<
    KitParts,
    | 'chain'
    | 'router'
    | 'events'
    | 'storage'
    | 'options'
    | 'provider'
    | 'connection'
    | 'env'
    | 'toasts'
    | 'eip155Wallet'
  >,
): KitSiwx {
  const eip155 = p.eip155Wallet
  const siwx = createSiwx({
    ...p,
    options,
    networks: p.options.networks,
    allowUnsupportedChain: p.options.allowUnsupportedChain,
    wallet: (ns) => (ns === 'eip155' ? eip155 : p.provider(ns)),
    disconnect: p.connection.disconnect,
    location: p.env.location ?? (() => NO_LOCATION),
    read: eip155.read,
  })
  return Object.assign(siwx, {
    confirm() {
      siwx.signIn().catch((error: unknown) => {
        if (error instanceof WalletKitError) p.toasts.error(error, codeOf(error))
        else
          p.toasts.error(new WalletKitError('Sign-in failed', { cause: error }), codeOf(error), {
            key: 'siwx.failed',
          })
      })
    },
    decline() {
      if (!siwx.required) return siwx.skip()
      siwx.cancel().catch((error: unknown) => {
        p.toasts.error(error instanceof WalletKitError ? error : new DisconnectError(error))
      })
    },
  })
}
