import { KitDestroyedError } from '../core/errors/options.js'
import type { WalletKitInstance } from './kit.js'

/** What {@link deferInstance} needs: how to build the live instance, and whom to tell. */
export type DeferInstanceParameters = {
  /** Builds the live instance (the kit's modules, the core, the connectors). */
  create: () => WalletKitInstance
  /** Called once, right after the live instance exists. */
  onLive: () => void
  /** Called when `destroy()` comes before the live instance was built. */
  onDestroyedEarly: () => void
}

/**
 * The instance `init()` returns at once: the kit itself is built in a task of its own right after,
 * so the task that runs `init()` (often the page's own loading task) stays short. Any method called
 * before then builds it on the spot, so the host sees no difference but timing.
 *
 * @returns A frozen instance with the same methods as the live one.
 */
export function deferInstance({
  create,
  onLive,
  onDestroyedEarly,
}: DeferInstanceParameters): WalletKitInstance {
  let live: WalletKitInstance | undefined
  let destroyed = false
  const timer = setTimeout(() => {
    if (!destroyed && !live) ensure()
  }, 0)

  function ensure(): WalletKitInstance {
    if (live) return live
    if (destroyed) throw new KitDestroyedError()
    live = create()
    onLive()
    return live
  }

  // Promise-returning methods report every failure, the build's included, as a rejection.
  const later =
    <A extends unknown[], R>(call: (instance: WalletKitInstance, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> =>
      call(ensure(), ...args)

  return Object.freeze<WalletKitInstance>({
    open: later((i, parameters) => i.open(parameters)),
    close: () => ensure().close(),
    disconnect: later((i, namespace) => i.disconnect(namespace)),
    switchNetwork: later((i, caipNetworkId) => i.switchNetwork(caipNetworkId)),
    getState: () => ensure().getState(),
    subscribe: (listener) => ensure().subscribe(listener),
    getProvider: (namespace) => ensure().getProvider(namespace),
    signIn: later((i) => i.signIn()),
    signOut: later((i) => i.signOut()),
    setTheme: (theme) => ensure().setTheme(theme),
    setLocale: later((i, locale) => i.setLocale(locale)),
    mount: (element, parameters) => ensure().mount(element, parameters),
    destroy() {
      if (destroyed) return
      destroyed = true
      clearTimeout(timer)
      if (live) live.destroy()
      else onDestroyedEarly()
    },
  })
}
