import type { ReadonlySignal } from '@preact/signals-core'
import type { Auth } from './auth/controller.js'
import { createLazyAuth } from './auth-lazy.js'
import { readOnlyChain } from './chain-state.js'
import type { History } from './history/controller.js'
import { createKitHistory } from './history/wiring.js'
import { createNameNormalizer } from './names/normalizer.js'
import type { NameRegistration } from './names/registration.js'
import { createKitNames } from './names/wiring.js'
import type { OnRamp } from './onramp/controller.js'
import { createKitOnRamp } from './onramp/wiring.js'
import type { KitParts } from './parts.js'
import { createSend, type Send } from './send/controller.js'
import type { SmartSessions } from './sessions/controller.js'
import { createKitSessions } from './sessions/wiring.js'
import { createKitSiwx, type KitSiwx } from './siwx/wiring.js'
import type { SwapController } from './swap/controller.js'
import { createKitSwap } from './swap/wiring.js'
import type { AuthPort } from './types/auth.js'
import { createWalletFeatures, type WalletFeatureEntry } from './wallet-features.js'

/** The kit's features: each present when the site turned it on and the page gave its service. */
export type KitFeatures = {
  /** Email, social and Farcaster login, when the site offers it. */
  auth: Auth | undefined
  /** The Send flow. */
  send: Send
  /** The active account's history, when `features.history` is on. */
  history: History | undefined
  /** The eip155 account's smart sessions, when `features.smartSessions` is on. */
  sessions: SmartSessions | undefined
  /** Sign-In With X, when the `siwx` option is given. */
  siwx: KitSiwx | undefined
  /** Token swaps, when the `swaps` feature is on and the blockchain API is given. */
  swap: (SwapController & { dispose(): void }) | undefined
  /** The OnRamp flow, when the on-ramp feature is on. */
  onramp: OnRamp | undefined
  /** The RegisterName flow, when the names service is there. */
  nameRegistration: NameRegistration | undefined
  /** The Account view's wallet features row (SPEC §9), in the site's order. */
  walletFeatures: ReadonlySignal<readonly WalletFeatureEntry[]>
}

/**
 * Creates each feature the site has from its wiring (`<feature>/wiring.ts`), over the kit's
 * shared parts. The one place a feature is switched on; each takes only the parts it needs.
 *
 * @returns The features, and `stop()` that destroys them.
 */
export function createKitFeatures(
  parts: KitParts,
  authPort: AuthPort | undefined,
): KitFeatures & { stop(): void } {
  const { options, services, chain, adapters } = parts
  const { features } = options
  const blockchain = services.blockchain
  const auth = createLazyAuth(authPort, parts)
  const send = createSend({
    ...parts,
    chain: readOnlyChain(chain),
    connectorOf: parts.connection.connectorOf,
    blockchain,
    normalizeName: createNameNormalizer(services.ensip15),
  })
  const history = features.history && blockchain ? createKitHistory(blockchain, parts) : undefined
  const sessions =
    features.smartSessions && blockchain ? createKitSessions(blockchain, parts) : undefined
  const siwx = options.siwx ? createKitSiwx(options.siwx, parts) : undefined
  const swap =
    features.swaps && services.swap
      ? createKitSwap({
          ...parts,
          api: services.swap,
          adapter: adapters.eip155,
          slippage: options.swapMaxSlippage,
          visibility: parts.env.visibility,
        })
      : undefined
  const onramp =
    services.onramp && features.onramp
      ? createKitOnRamp(services.onramp, blockchain, parts)
      : undefined
  const nameRegistration = services.names ? createKitNames(services.names, parts) : undefined
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
      siwx?.destroy()
      send.destroy()
      swap?.dispose()
      onramp?.destroy()
      nameRegistration?.destroy()
      history?.destroy()
      sessions?.destroy()
    },
  }
}
