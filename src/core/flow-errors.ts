import { effect, type ReadonlySignal, untracked } from '@preact/signals-core'
import type { Emitter } from './emitter.js'
import type { WalletKitError } from './errors/base.js'
import type { KitEvents } from './types/events.js'

/**
 * Reports each failure a flow shows in its view (not as a toast) to the host page too, as
 * `walletkit:error` with the error's name as its code.
 *
 * @returns Stops reporting.
 */
export function reportFlowError(
  error: ReadonlySignal<WalletKitError | undefined>,
  events: Pick<Emitter<KitEvents>, 'emit'>,
): () => void {
  return effect(() => {
    const shown = error.value
    if (shown)
      untracked(() => events.emit('error', { code: shown.name, message: shown.shortMessage }))
  })
}
