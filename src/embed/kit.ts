import { createKit, type KitState, type OpenParameters } from '../core/kit.js'
import { resolveOptions } from '../core/options.js'
import { WalletKitError } from '../core/errors/base.js'
import { KitDestroyedError, InvalidOptionError } from '../core/errors/options.js'
import type { CaipNetworkId, ChainNamespace } from '../core/types/caip.js'
import type { ThemeMode, ThemeVariables, WalletKitOptions } from '../core/types/options.js'
import { parseCaipNetworkId } from '../core/utils/caip.js'
import { createAnalyticsService } from '../services/analytics.js'
import { createCatalogService } from '../services/catalog.js'
import { createHttpClient } from '../services/http.js'
import { bridgeEvents } from './dom-events.js'
import { isMobileDevice } from './environment.js'
import { mountModal } from './host.js'

/** The SDK type sent to services as `st`. */
export const SDK_TYPE = 'walletkit'

/** A live WalletKit instance, as the host page sees it (DESIGN §2). */
export type WalletKitInstance = {
  /** Opens the modal (SPEC §2 opening rules). */
  open(parameters?: OpenParameters): Promise<void>
  /** Closes the modal. */
  close(): void
  /** Disconnects a namespace, or every namespace. */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** Switches the active network, e.g. `'eip155:8453'`. */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /** A plain snapshot of the state. */
  getState(): KitState
  /** Calls `listener` after each state change; returns the unsubscribe. */
  subscribe(listener: (state: KitState) => void): () => void
  /** The connected wallet's provider for a namespace, or undefined. */
  getProvider(namespace: ChainNamespace): unknown
  /** Starts a SIWX sign-in. */
  signIn(): Promise<void>
  /** Ends the SIWX session. */
  signOut(): Promise<void>
  /** Changes the theme live. */
  setTheme(theme: { mode?: ThemeMode; variables?: ThemeVariables }): void
  /** Removes the modal, its listeners, timers and sockets. */
  destroy(): void
}

/**
 * Builds a live instance: validates options, creates the core, mounts the shadow host and bridges
 * events to `window`.
 *
 * @throws WalletKitError naming the option that is wrong.
 */
export function createInstance(input: WalletKitOptions, version: string, onDestroy: () => void): WalletKitInstance {
  const options = resolveOptions(input)
  const sdkVersion = `html-walletkit-${version}`
  const client = (baseUrl: string) =>
    createHttpClient({ baseUrl, projectId: options.projectId, sdkType: SDK_TYPE, sdkVersion })
  const catalog = createCatalogService(client(options.apiUrl))
  const kit = createKit({
    options,
    version,
    services: { catalog, analytics: createAnalyticsService(client(options.analyticsUrl)) },
    adapters: ['eip155'],
    env: { isMobile: isMobileDevice, matchMedia: (q) => matchMedia(q) },
  })
  const stopEvents = bridgeEvents(kit)
  const modal = mountModal(kit)
  let destroyed = false
  const alive = () => {
    if (destroyed) throw new KitDestroyedError()
  }

  const instance: WalletKitInstance = {
    open: (parameters) => kit.open(parameters),
    close: () => kit.close(),
    async disconnect() {
      alive()
    },
    async switchNetwork(caipNetworkId) {
      alive()
      const { caipNetworkId: id, namespace } = parseCaipNetworkId(caipNetworkId)
      const network = options.networks.find((n) => n.caipNetworkId === id)
      if (!network) throw new InvalidOptionError({ key: 'caipNetworkId', expected: 'one of the configured networks', received: id })
      kit.chain.patchNetwork(namespace, { caipNetwork: network })
      kit.chain.setActiveNamespace(namespace)
    },
    getState: () => kit.getState(),
    subscribe: (listener) => kit.subscribe(listener),
    getProvider() {
      alive()
      return undefined
    },
    async signIn() {
      alive()
      if (!options.siwx) throw new WalletKitError('SIWX is not enabled')
    },
    async signOut() {
      alive()
      if (!options.siwx) throw new WalletKitError('SIWX is not enabled')
    },
    setTheme(theme) {
      alive()
      if (typeof theme !== 'object' || theme === null)
        throw new InvalidOptionError({ key: 'theme', expected: 'an object with mode and/or variables', received: theme })
      resolveOptions({ projectId: options.projectId, themeMode: theme.mode, themeVariables: theme.variables })
      kit.setTheme(theme)
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      kit.destroy()
      modal.destroy()
      stopEvents()
      onDestroy()
    },
  }

  queueMicrotask(() => {
    if (destroyed) return
    kit.events.emit('ready', { version })
    void kit.analytics.track('MODAL_CREATED')
  })
  return Object.freeze(instance)
}
