import type { OpenParameters } from '../core/kit.js'

/** The tag of the element that shows the modal's views inline. */
export const EMBED_TAG = 'walletkit-embed'

/** How an embed finds the live instance (the embed registry). */
export type EmbedRegistry = {
  current(): { mount(element: HTMLElement, parameters?: OpenParameters): () => void } | undefined
  onInstance(listener: () => void): () => void
}

/** Hands an error to the page as an uncaught one, as a failing `data-walletkit-open` does. */
const report = (error: unknown) =>
  queueMicrotask(() => {
    throw error
  })

/**
 * Defines `<walletkit-embed>`: the modal's views inline in the page (embedded mode), for pages
 * without code. It binds to the live instance when there is one (and again after a
 * `destroy()` and a new `init()`); `view` and `namespace` attributes are those of `open()`.
 * A second element on a page whose kit is embedded already stays empty and reports
 * AlreadyEmbeddedError.
 */
export function defineEmbed(registry: EmbedRegistry): void {
  if (customElements.get(EMBED_TAG)) return
  class WalletKitEmbed extends HTMLElement {
    #stop: (() => void) | undefined
    #bound: unknown
    #unmount: (() => void) | undefined

    connectedCallback() {
      this.#stop ??= registry.onInstance(() => this.#bind())
      this.#bind()
    }

    disconnectedCallback() {
      this.#stop?.()
      this.#stop = undefined
      this.#release()
    }

    #release() {
      const unmount = this.#unmount
      this.#unmount = undefined
      this.#bound = undefined
      unmount?.()
    }

    #bind() {
      const instance = registry.current()
      if (instance === this.#bound) return
      this.#release()
      if (!instance || !this.isConnected) return
      this.#bound = instance
      const parameters: Record<string, string> = {}
      for (const name of ['view', 'namespace']) {
        const value = this.getAttribute(name)?.trim()
        if (value) parameters[name] = value
      }
      try {
        this.#unmount = instance.mount(this, parameters as OpenParameters)
      } catch (error) {
        report(error)
      }
    }
  }
  customElements.define(EMBED_TAG, WalletKitEmbed)
}
