import type { ChainState } from './chain-state.js'
import type { Connection } from './connection.js'
import { ChainAdapterNotFoundError } from './errors/caip.js'
import { InvalidOptionError, SiwxNotEnabledError } from './errors/options.js'
import type { LocaleController } from './locale.js'
import { type ResolvedOptions, resolveOptions } from './options.js'
import type { Siwx } from './siwx/controller.js'
import type { Theme } from './theme.js'
import type { Transactions } from './transactions.js'
import type { ChainNamespace } from './types/caip.js'
import type { KitApi } from './types/kit.js'
import { parseCaipNetworkId } from './utils/caip.js'

/**
 * The public methods that act on a part of the kit, each checking its arguments (the one place
 * they are checked): a namespace must be configured, a network configured and served by an
 * adapter, a locale and a theme well formed, sign-in enabled. `alive` throws once the kit is
 * destroyed.
 */
export function createKitApi(p: {
  options: ResolvedOptions
  chain: Pick<ChainState, 'namespaces'>
  /** Namespaces with an adapter. */
  adapters: readonly ChainNamespace[]
  connection: Pick<Connection, 'disconnect' | 'switchNetwork'>
  transactions: Pick<Transactions, 'watchHost'>
  /** SIWX's controller, made on the first call. */
  siwx: (() => Pick<Siwx, 'signIn' | 'signOut'>) | undefined
  locale: Pick<LocaleController, 'set'>
  theme: Pick<Theme, 'set'>
  alive: () => void
}): Pick<
  KitApi,
  'disconnect' | 'switchNetwork' | 'getProvider' | 'signIn' | 'signOut' | 'setLocale' | 'setTheme'
> {
  const { options, alive } = p
  const adapterOf = (namespace: ChainNamespace) => {
    if (!p.adapters.includes(namespace))
      throw new ChainAdapterNotFoundError({ namespace: String(namespace) })
  }
  const siwx = () => {
    if (!p.siwx) throw new SiwxNotEnabledError()
    return p.siwx()
  }
  return {
    async disconnect(namespace) {
      alive()
      if (namespace !== undefined && !p.chain.namespaces.includes(namespace))
        throw new InvalidOptionError({
          key: 'namespace',
          expected: `one of ${p.chain.namespaces.join(', ')}`,
          received: namespace,
        })
      await p.connection.disconnect(namespace)
    },
    async switchNetwork(caipNetworkId) {
      alive()
      const { caipNetworkId: id, namespace } = parseCaipNetworkId(caipNetworkId)
      adapterOf(namespace)
      const network = options.networks.find((n) => n.caipNetworkId === id)
      if (!network)
        throw new InvalidOptionError({
          key: 'caipNetworkId',
          expected: `one of ${options.networks.map((n) => n.caipNetworkId).join(', ')}`,
          received: id,
        })
      await p.connection.switchNetwork(network)
    },
    /**
     * The connected wallet's provider for the host page, or undefined: the connector's own, with
     * the host's sends recorded by the transactions controller.
     */
    getProvider(namespace) {
      alive()
      adapterOf(namespace)
      return p.transactions.watchHost(namespace)
    },
    async signIn() {
      alive()
      return siwx().signIn()
    },
    async signOut() {
      alive()
      await siwx().signOut()
    },
    /**
     * Switches the language (matched along its subtags; English when unknown); before the first
     * open only the choice is kept. Resolves once the texts are shown, or stayed as they were.
     */
    async setLocale(locale) {
      alive()
      resolveOptions({ projectId: options.projectId, locale })
      await p.locale.set(locale).done
    },
    /** Changes the theme live: colour mode, preset and `--wk-*` tokens (merged over earlier ones). */
    setTheme(theme) {
      alive()
      if (typeof theme !== 'object' || theme === null)
        throw new InvalidOptionError({
          key: 'theme',
          expected: 'an object with mode, preset and/or variables',
          received: theme,
        })
      resolveOptions({
        projectId: options.projectId,
        themeMode: theme.mode,
        themeVariables: theme.variables,
        themePreset: theme.preset,
      })
      return p.theme.set(theme)
    },
  }
}
