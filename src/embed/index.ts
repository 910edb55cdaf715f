import { WalletKitError } from '../core/errors/base.js'
import { AlreadyInitializedError } from '../core/errors/options.js'
import type { WalletKitOptions } from '../core/types/options.js'
import { optionsFromAttributes } from './attributes.js'
import { defineButton } from './button.js'
import { sameOptions } from './equal.js'
import type { WalletKitInstance } from './kit.js'

declare const require: (id: string) => unknown

/**
 * The kit's modules (React, the views, the connectors) are set up on the first `init()`, not while
 * the script tag runs: loading the page stays a short task, and their one-time work happens in the
 * task that calls `init()`. The bundler resolves this require at build time; nothing is fetched.
 */
function loadKit(): typeof import('./kit.js') {
  return require('./kit.js') as typeof import('./kit.js')
}

declare const __WALLETKIT_VERSION__: string

/** The global a site's script tag registers. */
export type WalletKitGlobal = {
  /** The bundle's version. */
  readonly version: string
  /**
   * Validates `options` and starts WalletKit. A second call with the same options returns the same
   * instance; with different options it throws until `destroy()`. Without options it returns the
   * live instance (one the script tag started, say).
   */
  init(options?: WalletKitOptions): WalletKitInstance
}

const version = __WALLETKIT_VERSION__

let current:
  | { options: WalletKitOptions; instance: WalletKitInstance; stopClicks: () => void }
  | undefined
const instanceListeners = new Set<() => void>()
const notify = () => {
  for (const listener of instanceListeners) listener()
}

/** Opens the modal from any element with `data-walletkit-open` (its value may name a view). */
function listenForOpenClicks(instance: WalletKitInstance): () => void {
  const onClick = (event: MouseEvent) => {
    const target =
      event.target instanceof Element ? event.target.closest('[data-walletkit-open]') : null
    if (!target || target.tagName === 'SCRIPT') return
    event.preventDefault()
    const view = target.getAttribute('data-walletkit-open') || undefined
    instance.open(view ? { view: view as never } : {}).catch((error: unknown) => {
      queueMicrotask(() => {
        throw error
      })
    })
  }
  document.addEventListener('click', onClick)
  return () => document.removeEventListener('click', onClick)
}

function init(options?: WalletKitOptions): WalletKitInstance {
  // Without options, init() hands back the live instance (e.g. one the script tag started).
  if (options === undefined && current) return current.instance
  if (current) {
    if (sameOptions(current.options, options)) return current.instance
    throw new AlreadyInitializedError()
  }
  if (typeof document === 'undefined' || !document.body)
    throw new WalletKitError(
      'WalletKit.init() needs a document with a <body>: call it after the page has loaded, or use the script tag with defer.',
    )
  const instance = loadKit().createInstance(options as WalletKitOptions, version, () => {
    current?.stopClicks()
    current = undefined
    notify()
  })
  current = {
    options: options as WalletKitOptions,
    instance,
    stopClicks: listenForOpenClicks(instance),
  }
  notify()
  return instance
}

const existing = (window as unknown as { WalletKit?: WalletKitGlobal }).WalletKit
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null

if (!existing) {
  const api: WalletKitGlobal = Object.freeze({ version, init })
  Object.defineProperty(window, 'WalletKit', {
    value: api,
    enumerable: true,
    configurable: false,
    writable: false,
  })
  defineButton({
    current: () => current?.instance,
    onInstance(listener) {
      instanceListeners.add(listener)
      return () => instanceListeners.delete(listener)
    },
  })
}

// No code: a script tag with data-project-id initialises itself. A deferred tag waits for
// DOMContentLoaded, so the page's later deferred scripts can listen for walletkit:ready first.
const autoOptions = script ? optionsFromAttributes(script) : undefined
if (autoOptions && script) {
  const start = () =>
    (window as unknown as { WalletKit: WalletKitGlobal }).WalletKit.init(autoOptions)
  const parsed = document.readyState === 'complete' || (document.body && !script.defer)
  if (parsed) start()
  else document.addEventListener('DOMContentLoaded', start, { once: true })
}
