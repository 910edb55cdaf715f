import { useEffect, useMemo } from 'react'
import { cleanLabel } from '../core/utils/text.js'
import { Dialog } from './components/Dialog.js'
import { Header } from './components/Header.js'
import { Inline } from './components/Inline.js'
import { Toast } from './components/Toast.js'
import { idleSteps } from './components/warm.js'
import { useUi } from './context.js'
import { useSignals } from './hooks/useSignals.js'
import { toastText } from './i18n/errors.js'
import { CONNECTED_REHEARSALS, DISCONNECTED_REHEARSALS, rehearseViews } from './rehearse.js'
import { viewComponent } from './views/index.js'
import { viewTitle } from './views/titles.js'
import { warmSteps } from './warm-views.js'

const TITLE_ID = 'wk-title'

/**
 * The modal: its header, the current view and the toast, in the dialog or, with `inline`, in the
 * page (embedded mode). Inline, the close button shows only where closing goes somewhere: off the
 * view closing would return to.
 */
export function App({ inline = false }: { inline?: boolean }) {
  useSignals()
  const ui = useUi()
  const { kit, t } = ui
  const { navigation } = kit
  const open = navigation.isOpen.value
  const address = kit.chain.account.value?.address
  const warm = kit.warm.value
  // Once the visitor shows a sign (`kit.warm`: a pointer over the button, the first open, or a few
  // seconds after ready; never while the page loads), the views a visitor opens next get what they
  // compute once, in idle time (again when the account changes), and are rehearsed once (rendered
  // hidden, off the page: rehearse.tsx). It never reads the features row: that is computed when
  // Account shows it, once the wallet's provider is there.
  useEffect(() => {
    if (!warm) return undefined
    let stop = () => {}
    const cancel = idleSteps([
      ...warmSteps(ui.kit, ui.t, ui.locale),
      () => {
        stop = rehearseViews(ui, address ? CONNECTED_REHEARSALS : DISCONNECTED_REHEARSALS)
      },
    ])
    return () => {
      cancel()
      stop()
    }
  }, [ui, warm, address])
  const home = kit.chain.isConnected.value ? 'Account' : 'Connect'
  const routed = navigation.view.value
  // Closed on a home view, the dialog already holds the one open() will show (Account once a
  // wallet reconnected), so opening only shows it instead of rendering it then.
  const prepared = !inline && !open && (routed === 'Connect' || routed === 'Account')
  const view = prepared ? home : routed
  const View = viewComponent(view)
  // The view reads what it shows through signals: opening, a toast or a shake render the frame
  // around it again, not the view (the one element is kept while the view stays).
  const shown = useMemo(() => <View />, [View])
  const toast = kit.toast.value
  const history = navigation.history.value
  const canGoBack = history.length > 1
  const title = t(viewTitle(view), { name: cleanLabel(kit.connect.target.value.name) })
  const canClose = !inline || canGoBack || view !== home
  const content = (
    <>
      <Header
        titleId={TITLE_ID}
        title={title}
        onBack={canGoBack ? navigation.back : undefined}
        onHelp={view === 'Connect' ? () => navigation.go('WhatIsAWallet') : undefined}
        onClose={canClose ? navigation.close : undefined}
        labels={{ back: t('modal.back'), help: t('modal.help'), close: t('modal.close') }}
      />
      {shown}
      {toast ? (
        <Toast key={toast.id} variant={toast.variant} message={toastText(t, toast)} />
      ) : null}
    </>
  )
  const frame = {
    labelledBy: TITLE_ID,
    shaking: navigation.isShaking.value,
    onRequestClose: navigation.close,
    viewKey: `${view}:${history.length}`,
  }
  return inline ? (
    <Inline {...frame}>{content}</Inline>
  ) : (
    <Dialog open={open} afterPaint={kit.afterPaint} toastKey={toast?.id} {...frame}>
      {content}
    </Dialog>
  )
}
