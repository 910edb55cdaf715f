import { batch, computed, effect, type ReadonlySignal, signal } from '@preact/signals-core'
import { FARCASTER_RELOAD_DELAY_MS, MODAL_SHAKE_MS } from './constants.js'
import type { RouteArgs, RouteData, RouteDataMap, View } from './types/view.js'

/** What the router needs to know about the rest of the kit. */
export type RouterParameters = {
  /** True when an address is connected. */
  isConnected: () => boolean
  /** True when at least one chain adapter is registered for the configured networks. */
  hasAdapters: () => boolean
  /** True on a phone or tablet. */
  isMobile: () => boolean
  /** Embedded mode from the start: the kit is rendered inline and never hides (see `setEmbedded`). */
  embedded?: boolean
  /** May the modal close now? (False while a required SIWX sign-in is pending.) */
  canClose?: () => boolean
  /** Leaving ConnectingFarcaster while not connected: clear its URL and reload the auth connector. */
  onLeaveFarcaster?: { clearUrl: () => void; reloadAuth: () => void }
  /** Timers, replaceable in tests. */
  setTimeout?: (fn: () => void, ms: number) => unknown
}

/** The router: the modal's open state and its view history (SPEC §2). */
export type Router = ReturnType<typeof createRouter>

/**
 * Creates the router: the opening rules, push, replace, back and close of SPEC §2.
 *
 * @example
 * const router = createRouter({ isConnected: () => false, hasAdapters: () => true, isMobile: () => false })
 * router.open()
 * router.view.value // 'Connect'
 */
export function createRouter(parameters: RouterParameters) {
  const timers = parameters.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms))
  const history = signal<readonly View[]>(['Connect'])
  const data = signal<unknown>(undefined)
  const embedded = signal(parameters.embedded === true)
  const isOpen = signal(embedded.peek())
  const isShaking = signal(false)
  let shakeTimer: unknown
  /** Stops the watchers of the leave signals not yet aborted. */
  const leaveWatchers = new Set<() => void>()

  const view = computed(() => history.value[history.value.length - 1] ?? 'Connect')

  /** The view opening starts on, by SPEC §2's rules. */
  function initialView(requested?: View): View {
    if (requested) return requested
    if (parameters.isConnected()) return 'Account'
    if (!parameters.hasAdapters() && !parameters.isMobile()) return 'ConnectingWalletConnectBasic'
    return 'Connect'
  }

  function reset<V extends View>(next: V, ...[routeData]: RouteArgs<V>) {
    batch(() => {
      history.value = [next]
      data.value = routeData
    })
  }

  /** Opens the modal on `requested` (with its data), or on the view SPEC §2's rules pick. */
  function open<V extends View>(requested?: V, ...[routeData]: RouteArgs<V>) {
    batch(() => {
      history.value = [initialView(requested)]
      data.value = routeData
      isOpen.value = true
    })
  }

  /** Closes the modal; refused (with a shake) while `canClose` says no, unless forced (destroy). */
  function close(options: { force?: boolean } = {}): boolean {
    if (!options.force && parameters.canClose && !parameters.canClose()) {
      shake()
      return false
    }
    if (embedded.peek() && !options.force) {
      reset(parameters.isConnected() ? 'Account' : 'Connect')
      return true
    }
    isOpen.value = false
    return true
  }

  function push<V extends View>(next: V, ...[routeData]: RouteArgs<V>) {
    if (next === view.value) return
    batch(() => {
      history.value = [...history.value, next]
      data.value = routeData
    })
  }

  function replace<V extends View>(next: V, ...[routeData]: RouteArgs<V>) {
    batch(() => {
      history.value = [...history.value.slice(0, -1), next]
      data.value = routeData
    })
  }

  function goBack() {
    const current = history.value
    if (current[current.length - 1] === 'ConnectingFarcaster' && !parameters.isConnected()) {
      const hooks = parameters.onLeaveFarcaster
      hooks?.clearUrl()
      if (hooks) timers(() => hooks.reloadAuth(), FARCASTER_RELOAD_DELAY_MS)
    }
    if (current.length <= 1 || current.includes('UnsupportedChain')) {
      close()
      return
    }
    batch(() => {
      history.value = current.slice(0, -1)
      data.value = undefined
    })
  }

  /** Back to `target`: to the `target` below in the history, or `target` in place of this view. */
  function returnTo(target: View) {
    const current = history.peek()
    if (current[current.length - 2] === target) goBack()
    else replace(target)
  }

  /**
   * A signal that aborts once the visitor leaves the view shown now: another view is shown or the
   * modal closes. Work that only makes sense while a view is on screen (a connect attempt started
   * by a connecting view) takes it. Already aborted while the modal is closed.
   */
  function leaveSignal(): AbortSignal {
    const controller = new AbortController()
    const shown = view.peek()
    if (!isOpen.peek()) {
      controller.abort()
      return controller.signal
    }
    const stop = effect(function () {
      if (isOpen.value && view.value === shown) return
      this.dispose()
      leaveWatchers.delete(stop)
      controller.abort()
    })
    leaveWatchers.add(stop)
    return controller.signal
  }

  /**
   * Embedded mode on: the views are shown inline in the page, so the router is open and closing
   * goes to Account or Connect (SPEC §2). Off: back to the dialog, closed.
   */
  function setEmbedded(on: boolean) {
    batch(() => {
      embedded.value = on
      isOpen.value = on
    })
  }

  function shake() {
    isShaking.value = true
    clearTimeout(shakeTimer as ReturnType<typeof setTimeout>)
    shakeTimer = timers(() => {
      isShaking.value = false
    }, MODAL_SHAKE_MS)
  }

  return {
    /** The history stack, oldest first. */
    history: history as ReadonlySignal<readonly View[]>,
    /** The current view. */
    view,
    /** Data the current view was pushed with (typed: {@link dataOf}). */
    data: data as ReadonlySignal<unknown>,
    /**
     * The data the current view was opened with, when the current view is `of`. It follows the
     * current view, not the history: a reader is not run again when an open starts a new history
     * on the same view with the same data (Connect's first open then renders only the frame).
     */
    dataOf<V extends keyof RouteDataMap>(of: V): RouteData<V> | undefined {
      return view.value === of ? (data.value as RouteData<V> | undefined) : undefined
    },
    /** Whether the modal is open (always, while embedded). */
    isOpen: isOpen as ReadonlySignal<boolean>,
    /** Whether the views are shown inline in the page instead of in the dialog. */
    embedded: embedded as ReadonlySignal<boolean>,
    /** True for MODAL_SHAKE_MS after `shake()`. */
    isShaking: isShaking as ReadonlySignal<boolean>,
    initialView,
    open,
    close,
    reset,
    push,
    replace,
    goBack,
    returnTo,
    shake,
    setEmbedded,
    leaveSignal,
    /** Stops timers and the watchers of leave signals. */
    destroy() {
      clearTimeout(shakeTimer as ReturnType<typeof setTimeout>)
      for (const stop of leaveWatchers) stop()
      leaveWatchers.clear()
    },
  }
}
