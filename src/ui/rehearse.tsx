import { Activity } from 'react'
import { createRoot } from 'react-dom/client'
import type { View } from '../core/types/view.js'
import type { UiKit } from '../core/ui-kit.js'
import { whenIdle } from './components/warm.js'
import { type Ui, UiContext } from './context.js'
import { RehearsalStores, type SignalStore } from './hooks/useSignals.js'
import { viewComponent } from './views/index.js'

/** The views a connected visitor opens from Account or a site opens with `open({ view })`. */
export const CONNECTED_REHEARSALS: readonly View[] = [
  'Networks',
  'Send',
  'Receive',
  'Swap',
  'OnRamp',
  'Transactions',
  'RegisterName',
  'SmartSessions',
]
/** Before a connection, the one view besides Connect (which the closed dialog already holds). */
export const DISCONNECTED_REHEARSALS: readonly View[] = ['AllWallets']

const rehearsed = new WeakMap<UiKit, Set<View>>()
const noop = () => {}

/**
 * Renders each of `views` once, in idle time, hidden and off the page: inside a hidden
 * `<Activity>` of a root that is not in any document, so nothing shows, no element can be found,
 * and no effect runs (no request, no flow reset, no focus), then unmounts it. The browser has then
 * compiled the view's code and React's paths for its elements, so the view's first open only
 * renders it (Swap's and Receive's first opens 1.3–1.8 ms shorter, docs/benchmarks.md). Once per view and kit;
 * one view per idle period.
 *
 * @returns Stops: the pending rehearsal is cancelled, the current one unmounted.
 */
export function rehearseViews(ui: Ui, views: readonly View[]): () => void {
  const done = rehearsed.get(ui.kit) ?? new Set<View>()
  rehearsed.set(ui.kit, done)
  const todo = views.filter((view) => !done.has(view))
  let cancel = noop
  let end = noop
  const next = () => {
    const view = todo.shift()
    if (!view) return
    cancel = whenIdle(() => {
      end = rehearse(ui, view, () => done.add(view))
      cancel = whenIdle(() => {
        end()
        end = noop
        next()
      })
    })
  }
  next()
  return () => {
    cancel()
    end()
    end = noop
  }
}

/** One hidden render of `view`; the returned function unmounts it and releases its signals. */
function rehearse(ui: Ui, view: View, rendered: () => void): () => void {
  const stores = new Set<SignalStore>()
  // A view that throws there says nothing to the page: React does not report errors of a hidden
  // render (it would render the view again once shown, which never happens here).
  const root = createRoot(document.createElement('div'), { identifierPrefix: 'wk-rehearsal-' })
  const Rehearsed = viewComponent(view)
  root.render(
    <RehearsalStores.Provider value={stores}>
      <UiContext.Provider value={ui}>
        <Activity mode="hidden">
          <Rehearsed />
          <Done onRender={rendered} />
        </Activity>
      </UiContext.Provider>
    </RehearsalStores.Provider>,
  )
  return () => {
    root.unmount()
    // Never committed, React never subscribed to them: each store's subscription ends its tracking.
    for (const store of stores) store.subscribe(noop)()
  }
}

/** Rendered after the view (React renders a subtree before its next sibling): says it rendered. */
function Done({ onRender }: { onRender: () => void }) {
  onRender()
  return null
}
