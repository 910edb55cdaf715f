import { effect, type ReadonlySignal, untracked } from '@preact/signals-core'
import type { Auth } from './auth/controller.js'
import { createLazyAuth } from './auth-lazy.js'
import { readOnlyChain } from './chain-state.js'
import type { History } from './history/controller.js'
import { type Lazy, lazy } from './lazy.js'
import type { NameRegistration } from './names/registration.js'
import type { OnRamp } from './onramp/controller.js'
import type { KitParts } from './parts.js'
import type { Send } from './send/controller.js'
import type { SmartSessions } from './sessions/controller.js'
import type { KitSiwx } from './siwx/wiring.js'
import type { SwapController } from './swap/controller.js'
import type { AuthPort } from './types/auth.js'
import { createWalletFeatures, type WalletFeatureEntry } from './wallet-features.js'

declare const require: (id: string) => unknown

/**
 * The kit's features: each present when the site turned it on and the page gave its service. Each
 * controller but Auth's is made on its first use (a call), not while the page loads.
 */
export type KitFeatures = {
  /** Email, social and Farcaster login, when the site offers it. */
  auth: Auth | undefined
  /** The Send flow. */
  send: Lazy<Send>
  /** The active account's history, when `features.history` is on. */
  history: Lazy<History> | undefined
  /** The eip155 account's smart sessions, when `features.smartSessions` is on. */
  sessions: Lazy<SmartSessions> | undefined
  /** Sign-In With X, when the `siwx` option is given; made once an account connects. */
  siwx: Lazy<KitSiwx> | undefined
  /** Token swaps, when the `swaps` feature is on and the blockchain API is given. */
  swap: Lazy<SwapController & { dispose(): void }> | undefined
  /** The OnRamp flow, when the on-ramp feature is on. */
  onramp: Lazy<OnRamp> | undefined
  /** The RegisterName flow, when the names service is there. */
  nameRegistration: Lazy<NameRegistration> | undefined
  /** The Account view's wallet features row (SPEC §9), in the site's order. */
  walletFeatures: ReadonlySignal<readonly WalletFeatureEntry[]>
}

/**
 * Gives each feature the site has from its wiring (`<feature>/wiring.ts`), over the kit's shared
 * parts. The one place a feature is switched on; each takes only the parts it needs. A feature's
 * controller, and its modules (each `require` here is resolved by the bundler into a module
 * evaluated on its first call), are made on its first use: a view's first render, the idle warm-up
 * (after the visitor's first sign), or an API call. SIWX is made when an account first connects,
 * as its controller would have seen no account before.
 *
 * @returns The features, and `stop()` that destroys those made.
 */
export function createKitFeatures(
  parts: KitParts,
  authPort: AuthPort | undefined,
): KitFeatures & { stop(): void } {
  const { options, services, chain, adapters } = parts
  const { features } = options
  const { blockchain, swap: swapApi, onramp: onrampApi, names } = services
  const auth = createLazyAuth(authPort, parts)
  const send = lazy(() =>
    (require('./send/wiring.js') as typeof import('./send/wiring.js')).createKitSend(parts),
  )
  const history =
    features.history && blockchain
      ? lazy(() =>
          (require('./history/wiring.js') as typeof import('./history/wiring.js')).createKitHistory(
            blockchain,
            parts,
          ),
        )
      : undefined
  const sessions =
    features.smartSessions && blockchain
      ? lazy(() =>
          (
            require('./sessions/wiring.js') as typeof import('./sessions/wiring.js')
          ).createKitSessions(blockchain, parts),
        )
      : undefined
  const siwxOptions = options.siwx
  const siwx = siwxOptions
    ? lazy(() =>
        (require('./siwx/wiring.js') as typeof import('./siwx/wiring.js')).createKitSiwx(
          siwxOptions,
          parts,
        ),
      )
    : undefined
  // SIWX follows the connected account from its first connect (a silent reconnect at load too).
  const stopSiwx = siwx
    ? effect(() => {
        if (chain.isConnected.value) untracked(siwx)
      })
    : undefined
  const swap =
    features.swaps && swapApi
      ? lazy(() =>
          (require('./swap/wiring.js') as typeof import('./swap/wiring.js')).createKitSwap({
            ...parts,
            api: swapApi,
            adapter: adapters.eip155,
            slippage: options.swapMaxSlippage,
            visibility: parts.env.visibility,
          }),
        )
      : undefined
  const onramp =
    onrampApi && features.onramp
      ? lazy(() =>
          (require('./onramp/wiring.js') as typeof import('./onramp/wiring.js')).createKitOnRamp(
            onrampApi,
            blockchain,
            parts,
          ),
        )
      : undefined
  const nameRegistration = names
    ? lazy(() =>
        (require('./names/wiring.js') as typeof import('./names/wiring.js')).createKitNames(
          names,
          parts,
        ),
      )
    : undefined
  const walletFeatures = createWalletFeatures({
    features,
    chain: readOnlyChain(chain),
    canSend(ns) {
      const writer = adapters[ns]?.writer
      const network = chain.networks.peek()[ns]?.caipNetwork
      return (
        writer !== undefined &&
        network !== undefined &&
        writer.canSend({ network, provider: parts.provider(ns) })
      )
    },
    // Swaps and buying are offered when their flow exists (the site gave their service).
    offered: (feature) =>
      feature === 'swaps' ? swap !== undefined : feature === 'onramp' ? onramp !== undefined : true,
  })
  return {
    auth,
    send,
    history,
    sessions,
    siwx,
    swap,
    onramp,
    nameRegistration,
    walletFeatures,
    stop() {
      auth?.destroy()
      stopSiwx?.()
      siwx?.made.peek()?.destroy()
      send.made.peek()?.destroy()
      swap?.made.peek()?.dispose()
      onramp?.made.peek()?.destroy()
      nameRegistration?.made.peek()?.destroy()
      history?.made.peek()?.destroy()
      sessions?.made.peek()?.destroy()
    },
  }
}
