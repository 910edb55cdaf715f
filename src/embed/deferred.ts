import { KitDestroyedError } from '../core/errors/options.js'
import type { WalletKitInstance } from './kit.js'

/** What {@link deferInstance} needs: how to build the live instance, and whom to tell. */
export type DeferInstanceParameters = {
  /**
   * Builds the live instance (the kit's modules, the core, the connectors) in steps: each `yield`
   * ends a step, and the next runs in a task of its own.
   */
  create: () => Generator<void, WalletKitInstance>
  /** Called once, right after the live instance exists. */
  onLive: () => void
  /** Called when `destroy()` comes before the live instance was built. */
  onDestroyedEarly: () => void
}

/**
 * The instance `init()` returns at once: the kit itself is built right after, one step per task,
 * so neither the task that runs `init()` (often the page's own loading task) nor any after it is
 * long. Any method called before then finishes the build on the spot, so the host sees no
 * difference but timing.
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
  let steps: Generator<void, WalletKitInstance> | undefined
  let timer = setTimeout(function step() {
    if (!destroyed && !live && !advance()) timer = setTimeout(step, 0)
  }, 0)

  /** Runs the next step of the build, or with `all` every step left; the instance once built. */
  function advance(all?: boolean): WalletKitInstance | undefined {
    try {
      steps ??= create()
      let next = steps.next()
      while (!next.done) {
        if (!all) return
        next = steps.next()
      }
      live = next.value
    } catch (error) {
      // A failed build starts again from its first step at the next call.
      steps = undefined
      throw error
    }
    onLive()
    return live
  }

  function ensure(): WalletKitInstance {
    if (live) return live
    if (destroyed) throw new KitDestroyedError()
    return advance(true) as WalletKitInstance
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
