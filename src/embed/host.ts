import { effect } from '@preact/signals-core'
import { createElement, type ReactElement, startTransition } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import type { Kit } from '../core/kit.js'
import { App } from '../ui/App.js'
import { UiContext } from '../ui/context.js'
import { directionOf } from '../ui/i18n/index.js'
import { exposeParts } from '../ui/parts.js'
import { modalStyles } from '../ui/styles/index.js'
import { localeTexts } from './locale-texts.js'

let sheets: CSSStyleSheet[] | undefined

/**
 * The modal's constructable stylesheets, built once and shared by every instance (the kit builds
 * them in a load step of their own, before the mount).
 */
export function modalSheets(): CSSStyleSheet[] {
  sheets ??= modalStyles.map((css) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    return sheet
  })
  return sheets
}

/** What a mount gives back: `flush()` renders at once what is still pending, `destroy()` undoes it. */
export type Mounted = { flush: () => void; destroy: () => void }

/**
 * Creates `<walletkit-modal>` on `document.body` with an open shadow root and renders the dialog
 * into it. The closed dialog's first render is a transition, done in slices between other tasks;
 * `flush()` (an `open()`) finishes it at once.
 *
 * @returns The host element, `flush()` and a `destroy()` that unmounts and removes everything.
 */
export function mountModal(kit: Kit): Mounted & { host: HTMLElement } {
  // The element that holds the modal's shadow root.
  const host = document.createElement('walletkit-modal')
  host.setAttribute('data-walletkit', '')
  // CSSOM writes (not a style attribute), so a strict CSP without 'unsafe-inline' allows them.
  host.style.setProperty('display', 'contents', 'important')
  const shadow = host.attachShadow({ mode: 'open' })
  document.body.append(host)
  const { stop, flush } = render(kit, host, shadow, false)
  return {
    host,
    flush,
    destroy() {
      stop()
      host.remove()
    },
  }
}

/**
 * Renders the views inline in `host` (a `<walletkit-embed>`), in its open shadow root: embedded
 * mode, no dialog.
 *
 * @returns A `destroy()` that unmounts and leaves the host as it found it.
 */
export function mountInline(kit: Kit, host: HTMLElement): Mounted {
  host.style.setProperty('display', 'block', 'important')
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  const { stop, flush } = render(kit, host, shadow, true)
  return {
    flush,
    destroy() {
      stop()
      shadow.adoptedStyleSheets = []
      host.style.removeProperty('display')
    },
  }
}

/**
 * Adopts the stylesheets (nothing is written into the host document's head), keeps the theme on
 * the host, exposes the parts and renders the React root: the first render of a closed dialog as
 * a transition (React yields every few milliseconds, so no task of the page's start is long).
 *
 * @returns `stop()` undoes all of it; `flush()` renders synchronously while nothing is committed.
 */
function render(
  kit: Kit,
  host: HTMLElement,
  shadow: ShadowRoot,
  inline: boolean,
): { stop: () => void; flush: () => void } {
  shadow.adoptedStyleSheets = modalSheets()
  const container = document.createElement('div')
  container.setAttribute('part', 'root')
  shadow.append(container)

  const written = new Set<string>()
  const stopTheme = effect(() => {
    host.setAttribute('data-theme', kit.theme.resolved.value)
    host.setAttribute('data-preset', kit.theme.preset.value)
    const variables = kit.theme.variables.value
    for (const [name, value] of Object.entries(variables))
      if (value) {
        host.style.setProperty(name, value)
        written.add(name)
      }
  })
  const stopParts = exposeParts(shadow)

  const root: Root = createRoot(container, { identifierPrefix: 'wk-' })
  let tree: ReactElement | undefined
  // A new language re-renders the same tree with the new t(): the modal stays open, where it was.
  const stopLocale = effect(() => {
    const { locale, t } = localeTexts(kit).value
    container.setAttribute('lang', locale)
    container.setAttribute('dir', directionOf(locale))
    const ui = { kit: kit.ui, t, locale }
    const next = createElement(UiContext.Provider, { value: ui }, createElement(App, { inline }))
    // Only the first render of a closed dialog (inline views are open from the start).
    if (tree || kit.router.isOpen.peek()) root.render(next)
    else startTransition(() => root.render(next))
    tree = next
  })

  // An open() while the first render is pending: the same tree, at once (React reuses the element).
  const flush = () => {
    const next = tree
    if (next && !container.firstChild) flushSync(() => root.render(next))
  }
  const stop = () => {
    stopLocale()
    stopTheme()
    stopParts()
    root.unmount()
    container.remove()
    host.removeAttribute('data-theme')
    host.removeAttribute('data-preset')
    for (const name of written) host.style.removeProperty(name)
  }
  return { stop, flush }
}
