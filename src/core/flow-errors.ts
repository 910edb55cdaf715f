import { effect, type ReadonlySignal, untracked } from '@preact/signals-core'
import type { Emitter } from './emitter.js'
import type { WalletKitError } from './errors/base.js'
import type { KitEvents } from './types/events.js'

/**
 * Reports each failure a flow shows in its view (not as a toast) to the host page too, as
 * `walletkit:error` with the error's name as its code, until the flow's `destroy()`.
 *
 * @returns The same flow, whose `destroy()` now stops the reports first.
 */
export function reportingFlowErrors<
  Flow extends { readonly error: ReadonlySignal<WalletKitError | undefined>; destroy(): void },
>(flow: Flow, events: Pick<Emitter<KitEvents>, 'emit'>): Flow {
  const stop = effect(() => {
    const shown = flow.error.value
    if (shown)
      untracked(() => events.emit('error', { code: shown.name, message: shown.shortMessage }))
  })
  const { destroy } = flow
  return Object.assign(flow, {
    destroy() {
      stop()
      destroy()
    },
  })
}
