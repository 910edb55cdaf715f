import { effect } from '@preact/signals-core'
import { createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { Kit } from '../core/kit.js'
import { App } from '../ui/App.js'
import { UiContext } from '../ui/context.js'
import { directionOf } from '../ui/i18n/index.js'
import { exposeParts } from '../ui/parts.js'
import { modalStyles } from '../ui/styles/index.js'
import { localeTexts } from './locale-texts.js'

let sheets: CSSStyleSheet[] | undefined

/** The modal's constructable stylesheets, built once and shared by every instance. */
function modalSheets(): CSSStyleSheet[] {
  sheets ??= modalStyles.map((css) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    return sheet
  })
  return sheets
}

/**
 * Creates `<walletkit-modal>` on `document.body` with an open shadow root and renders the dialog
 * into it.
 *
 * @returns The host element and a `destroy()` that unmounts and removes everything.
 */
export function mountModal(kit: Kit): { host: HTMLElement; destroy: () => void } {
  // The element that holds the modal's shadow root.
  const host = document.createElement('walletkit-modal')
  host.setAttribute('data-walletkit', '')
  // CSSOM writes (not a style attribute), so a strict CSP without 'unsafe-inline' allows them.
  host.style.setProperty('display', 'contents', 'important')
  const shadow = host.attachShadow({ mode: 'open' })
  document.body.append(host)
  const stop = render(kit, host, shadow, false)
  return {
    host,
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
export function mountInline(kit: Kit, host: HTMLElement): { destroy: () => void } {
  host.style.setProperty('display', 'block', 'important')
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  const stop = render(kit, host, shadow, true)
  return {
    destroy() {
      stop()
      shadow.adoptedStyleSheets = []
      host.style.removeProperty('display')
    },
  }
}

/**
 * Adopts the stylesheets (nothing is written into the host document's head), keeps the theme on
 * the host, exposes the parts and renders the React root.
 *
 * @returns Undoes all of it.
 */
function render(kit: Kit, host: HTMLElement, shadow: ShadowRoot, inline: boolean): () => void {
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
  // A new language re-renders the same tree with the new t(): the modal stays open, where it was.
  const stopLocale = effect(() => {
    const { locale, t } = localeTexts(kit).value
    container.setAttribute('lang', locale)
    container.setAttribute('dir', directionOf(locale))
    const ui = { kit: kit.ui, t, locale }
    root.render(createElement(UiContext.Provider, { value: ui }, createElement(App, { inline })))
  })

  return () => {
    stopLocale()
    stopTheme()
    stopParts()
    root.unmount()
    container.remove()
    host.removeAttribute('data-theme')
    host.removeAttribute('data-preset')
    for (const name of written) host.style.removeProperty(name)
  }
}
