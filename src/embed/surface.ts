import { AlreadyEmbeddedError, InvalidOptionError } from '../core/errors/options.js'
import type { Kit, OpenParameters } from '../core/kit.js'
import { EMBED_TAG } from './embed-element.js'

declare const require: (id: string) => unknown

type Host = typeof import('./host.js')

/** Where a kit's views are: the dialog on `<walletkit-modal>`, or inline in one element. */
export type Surface = ReturnType<typeof createSurface>

/**
 * The kit's one place on the page: the dialog (by default) or, after `embed()`, inline in a
 * `<walletkit-embed>`; never both, so there is one React root and one set of views per kit. The
 * modal's modules are required on first use (the bundler resolves it at build time).
 */
export function createSurface(kit: Kit) {
  let ui: Host | undefined
  let shown: ReturnType<Host['mountInline']> | undefined
  let embedded: { host: HTMLElement; container: HTMLElement; unmount: () => void } | undefined
  /** The views have been rendered once: from then on they always are, somewhere. */
  let started = false
  let destroyed = false

  const load = (): Host => {
    ui ??= require('./host.js') as Host
    return ui
  }

  /** Renders the views where they belong now, unless they are already up. */
  function show() {
    if (shown || destroyed) return
    started = true
    shown = embedded ? load().mountInline(kit, embedded.host) : load().mountModal(kit)
  }

  function hide() {
    shown?.destroy()
    shown = undefined
  }

  /**
   * Shows the views inline in `element` (SPEC §2's embedded mode) and opens them as `open()` would.
   * A `<walletkit-embed>` is the host itself; any other element gets one appended. Mounting the
   * same element again returns the same unmount.
   *
   * @returns Unmounts: the views go back to the (closed) dialog.
   * @throws AlreadyEmbeddedError while another element shows the kit; UnknownViewError and
   *   ChainAdapterNotFoundError for a bad `view` or `namespace`.
   */
  function embed(element: HTMLElement, parameters: OpenParameters = {}): () => void {
    if (!(element instanceof HTMLElement))
      throw new InvalidOptionError({
        key: 'element',
        expected: 'an HTML element',
        received: element,
      })
    if (embedded && (embedded.container === element || embedded.host === element))
      return embedded.unmount
    if (embedded) throw new AlreadyEmbeddedError()
    kit.checkOpen(parameters)

    const own = element.localName === EMBED_TAG
    const host = own ? element : document.createElement(EMBED_TAG)
    const entry = {
      host,
      container: element,
      unmount() {
        if (embedded !== entry) return
        embedded = undefined
        hide()
        if (!own) host.remove()
        if (destroyed) return
        kit.router.setEmbedded(false)
        if (started) show()
      },
    }
    hide()
    embedded = entry
    // open() first, so walletkit:open names the view the embed starts on.
    void kit.open(parameters)
    kit.router.setEmbedded(true)
    // Appended after `embedded` is set: the element's own binding then finds itself mounted.
    if (!own) element.append(host)
    // At once when the views were up; otherwise in the task that would have mounted the dialog.
    if (started) show()
    return entry.unmount
  }

  return {
    /** Sets up the modal's modules without rendering anything. */
    load,
    /** Builds the modal's stylesheets, still without rendering anything. */
    sheets: () => void load().modalSheets(),
    show,
    /** Finishes at once a first render still in progress (an early `open()`). */
    flush: () => shown?.flush(),
    embed,
    /** Removes the views and any element `embed()` appended. */
    destroy() {
      destroyed = true
      embedded?.unmount()
      hide()
    },
  }
}
