import { useEffect, useMemo } from 'react'
import { cleanLabel } from '../core/utils/text.js'
import { routeName } from './actions.js'
import { Dialog } from './components/Dialog.js'
import { Header } from './components/Header.js'
import { Inline } from './components/Inline.js'
import { Toast } from './components/Toast.js'
import { whenIdle } from './components/warm.js'
import { useUi } from './context.js'
import { useSignals } from './hooks/useSignals.js'
import type { MessageKey } from './i18n/index.js'
import { CONNECTED_REHEARSALS, DISCONNECTED_REHEARSALS, rehearseViews } from './rehearse.js'
import { viewComponent } from './views/index.js'
import { warmViews } from './warm-views.js'

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
  const { router, toasts } = kit
  const open = router.isOpen.value
  const address = kit.chain.account.value?.address
  // Closed, the views a visitor opens next get what they compute once, in idle time (again when
  // the account changes), and are rehearsed once (rendered hidden, off the page: rehearse.tsx).
  // It never reads the features row: that is computed when Account shows it, once the wallet's
  // provider is there.
  useEffect(() => {
    if (open) return undefined
    let stop = () => {}
    const cancel = whenIdle(() => {
      warmViews(ui.kit, ui.t, ui.locale)
      const views = address ? CONNECTED_REHEARSALS : DISCONNECTED_REHEARSALS
      stop = rehearseViews(ui, views)
    })
    return () => {
      cancel()
      stop()
    }
  }, [ui, open, address])
  const home = kit.chain.isConnected.value ? 'Account' : 'Connect'
  const routed = router.view.value
  // Closed on a home view, the dialog already holds the one open() will show (Account once a
  // wallet reconnected), so opening only shows it instead of rendering it then.
  const prepared = !inline && !router.isOpen.value && (routed === 'Connect' || routed === 'Account')
  const view = prepared ? home : routed
  const View = viewComponent(view)
  // The view reads what it shows through signals: opening, a toast or a shake render the frame
  // around it again, not the view (the one element is kept while the view stays).
  const shown = useMemo(() => <View />, [View])
  const toast = toasts.current.value
  const history = router.history.value
  const canGoBack = history.length > 1
  const key = `view.${view}` as MessageKey
  const title = t(key, { name: cleanLabel(routeName(kit)) })
  const canClose = !inline || canGoBack || view !== home
  const content = (
    <>
      <Header
        titleId={TITLE_ID}
        title={title.startsWith('view.') ? t('view.default') : title}
        onBack={canGoBack ? () => router.goBack() : undefined}
        onHelp={view === 'Connect' ? () => router.push('WhatIsAWallet') : undefined}
        onClose={canClose ? () => router.close() : undefined}
        labels={{ back: t('modal.back'), help: t('modal.help'), close: t('modal.close') }}
      />
      {shown}
      {toast ? <Toast key={toast.id} variant={toast.variant} message={toast.message} /> : null}
    </>
  )
  const frame = {
    labelledBy: TITLE_ID,
    shaking: router.isShaking.value,
    onRequestClose: () => kit.router.close(),
    viewKey: `${view}:${history.length}`,
  }
  return inline ? (
    <Inline {...frame}>{content}</Inline>
  ) : (
    <Dialog open={router.isOpen.value} afterPaint={kit.afterPaint} {...frame}>
      {content}
    </Dialog>
  )
}
