import { signal } from '@preact/signals-core'
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach } from 'vitest'
import type { ImageState } from '../../../../src/core/images.js'
import type { UiKit } from '../../../../src/core/ui-kit.js'
import { UiContext } from '../../../../src/ui/context.js'
import { createTranslate, type Messages } from '../../../../src/ui/i18n/index.js'

/** The kit's features, each made on its first call (`UiKit`). */
const FEATURES = ['send', 'swap', 'onramp', 'nameRegistration', 'history', 'sessions', 'siwx']

const mounted: { root: Root; host: HTMLElement }[] = []
afterEach(() => {
  for (const { root, host } of mounted.splice(0)) {
    act(() => root.unmount())
    host.remove()
  }
})

/**
 * Renders `node` as the modal does, with English texts (or `messages`, the texts of `locale`) and
 * `locale` for the formats of numbers, amounts and dates; `kit` holds only what the view reads, a
 * feature as its controller.
 *
 * @returns The element the view rendered into.
 */
export function renderView(
  node: ReactNode,
  kit: object,
  locale: string,
  messages?: Messages,
): HTMLElement {
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  mounted.push({ root, host })
  // Images never load here: the views show their letter marks.
  const failed = () => signal<ImageState>({ status: 'failed' })
  const images = { catalog: failed, image: failed, fromUrl: failed }
  // A view makes a feature's controller by calling it (`kit.swap()`); a test gives the controller,
  // read at each call, so that a test may change it after rendering.
  const given = kit as Record<string, unknown>
  const features = Object.fromEntries(
    FEATURES.filter((name) => given[name] !== undefined).map((name) => [name, () => given[name]]),
  )
  const ui = {
    kit: { images, ...kit, ...features } as unknown as UiKit,
    t: createTranslate(messages ? locale : 'en', messages),
    locale,
  }
  act(() => root.render(<UiContext.Provider value={ui}>{node}</UiContext.Provider>))
  return host
}

/** The text of the element with `data-testid="wk-<id>"` (empty when absent). */
export const textOf = (host: HTMLElement, id: string) =>
  host.querySelector(`[data-testid="wk-${id}"]`)?.textContent ?? ''
