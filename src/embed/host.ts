import { effect } from '@preact/signals-core'
import { createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { Kit } from '../core/kit.js'
import { App } from '../ui/App.js'
import { UiContext } from '../ui/context.js'
import { createTranslate } from '../ui/i18n/index.js'
import { modalStyles } from '../ui/styles/index.js'

/** The tag of the element that holds the modal's shadow root. */
export const HOST_TAG = 'walletkit-modal'

let sheets: CSSStyleSheet[] | undefined

/** The modal's constructable stylesheets, built once and shared by every instance. */
export function modalSheets(): CSSStyleSheet[] {
  sheets ??= modalStyles.map((css) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    return sheet
  })
  return sheets
}

/**
 * Creates `<walletkit-modal>` on `document.body` with an open shadow root, adopts the stylesheets
 * (nothing is written into the host document's head), keeps the theme on the host, and renders
 * the React root.
 *
 * @returns The host element, its shadow root and a `destroy()` that unmounts and removes everything.
 */
export function mountModal(kit: Kit): {
  host: HTMLElement
  shadow: ShadowRoot
  destroy: () => void
} {
  const host = document.createElement(HOST_TAG)
  host.setAttribute('data-walletkit', '')
  // CSSOM writes (not a style attribute), so a strict CSP without 'unsafe-inline' allows them.
  host.style.setProperty('display', 'contents', 'important')
  const shadow = host.attachShadow({ mode: 'open' })
  shadow.adoptedStyleSheets = modalSheets()
  const container = document.createElement('div')
  container.setAttribute('part', 'root')
  shadow.append(container)
  document.body.append(host)

  const stopTheme = effect(() => {
    host.setAttribute('data-theme', kit.theme.resolved.value)
    const variables = kit.theme.variables.value
    for (const [name, value] of Object.entries(variables))
      if (value) host.style.setProperty(name, value)
  })

  const root: Root = createRoot(container, { identifierPrefix: 'wk-' })
  const ui = { kit, t: createTranslate(kit.options.locale) }
  root.render(createElement(UiContext.Provider, { value: ui }, createElement(App)))

  return {
    host,
    shadow,
    destroy() {
      stopTheme()
      root.unmount()
      host.remove()
    },
  }
}
