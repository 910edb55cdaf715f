import type { Stack } from '../../../stack/index'
import {
  connect,
  type EvmE2E,
  type EvmSession,
  type EvmSessionOptions,
  networkObjects,
  setupEvmE2E,
} from '../../evm/support/fixture'
import { chainOf } from './chain'
import { SwapPage } from './swap-page'

/** A connected session with the swap's page object and the chain it swaps on. */
export type SwapSession = EvmSession & { swap: SwapPage; chain: ReturnType<typeof chainOf> }

/**
 * The local chains as network objects with their exchange's router declared, as a site declares
 * its own (`swapRouter` marks the network swap-capable).
 */
export function swapNetworks(stack: Stack) {
  return networkObjects(stack.chains).map((n, i) => ({
    ...n,
    swapRouter: stack.chains[i]?.router as string,
  }))
}

/** One stack per file (EVM fixture); `session()` opens the blank page and connects the wallet. */
export function setupSwapE2E(): EvmE2E & {
  session(options?: EvmSessionOptions & { init?: Record<string, unknown> }): Promise<SwapSession>
} {
  const e2e = setupEvmE2E()
  return {
    get stack() {
      return e2e.stack
    },
    get browser() {
      return e2e.browser
    },
    newSession: (options) => e2e.newSession(options),
    allowPageErrors: (pattern) => e2e.allowPageErrors(pattern),
    async session(options = {}) {
      const s = await e2e.newSession(options)
      await s.open({ networks: swapNetworks(e2e.stack), ...options.init })
      await connect(s)
      return Object.assign(s, { swap: new SwapPage(s.page), chain: chainOf(e2e.stack) })
    },
  }
}

/** Opens the Swap view from the host page and waits until its form is loaded. */
export async function openSwap(s: SwapSession): Promise<void> {
  await s.modal.openViaApi({ view: 'Swap' })
  await s.swap.payToken.waitFor()
}
