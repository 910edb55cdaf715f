import { WalletKitError } from '../core/errors/base.js'
import { AlreadyInitializedError } from '../core/errors/options.js'
import type { WalletKitOptions } from '../core/types/options.js'
import type { Translate } from '../ui/i18n/index.js'
import { optionsFromAttributes } from './attributes.js'
import { defineButton } from './button.js'
import { deferInstance } from './deferred.js'
import { defineEmbed } from './embed-element.js'
import { sameOptions } from './equal.js'
import type { WalletKitInstance } from './kit.js'

declare const require: (id: string) => unknown

/**
 * The kit's modules (React, the views, the connectors) are set up after `init()` returns, in a task
 * of their own, not while the script tag runs nor in the task that calls `init()`: loading the page
 * stays a short task. Only the option checks run at once, so a wrong option still throws from
 * `init()`. The bundler resolves these requires at build time; nothing is fetched.
 */
function loadKit(): typeof import('./kit.js') {
  return require('./kit.js') as typeof import('./kit.js')
}

function loadOptions(): typeof import('../core/options.js') {
  return require('../core/options.js') as typeof import('../core/options.js')
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

/** The instance `init()` returned; `live` once the kit behind it is built. */
let current:
  | {
      options: WalletKitOptions
      instance: WalletKitInstance
      live: boolean
      stopClicks: () => void
    }
  | undefined
const instanceListeners = new Set<() => void>()
/** The live kit's texts, for the elements outside the modal (set once the kit is built). */
let liveTexts: (() => Translate) | undefined
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
  const resolved = loadOptions().resolveOptions(options as WalletKitOptions)
  const forget = () => {
    current?.stopClicks()
    current = undefined
    notify()
  }
  const entry = {
    options: options as WalletKitOptions,
    live: false,
    instance: deferInstance({
      // The kit's modules in one task (and the page's storage opened, a round trip to the
      // browser), then the kit's build in the steps createInstance() yields.
      *create() {
        const kit = loadKit()
        try {
          localStorage.key(0)
        } catch {}
        yield
        return yield* kit.createInstance(resolved, version, forget, {
          scriptSrc,
          onTexts: (texts) => {
            liveTexts = texts
          },
        })
      },
      onLive() {
        entry.live = true
        notify()
      },
      onDestroyedEarly: forget,
    }),
    stopClicks: () => {},
  }
  entry.stopClicks = listenForOpenClicks(entry.instance)
  current = entry
  return entry.instance
}

const existing = (window as unknown as { WalletKit?: WalletKitGlobal }).WalletKit
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null
/** The bundle's own address, read while it runs: the locale packs sit beside it. */
const scriptSrc = script?.src || undefined

if (!existing) {
  const api: WalletKitGlobal = Object.freeze({ version, init })
  Object.defineProperty(window, 'WalletKit', {
    value: api,
    enumerable: true,
    configurable: false,
    writable: false,
  })
  // The elements bind to the kit once it is built: binding must not build it early.
  const registry = {
    current: () => (current?.live ? current.instance : undefined),
    texts: () => (current?.live ? liveTexts?.() : undefined),
    onInstance(listener: () => void) {
      instanceListeners.add(listener)
      return () => void instanceListeners.delete(listener)
    },
  }
  defineButton(registry)
  defineEmbed(registry)
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
