import { useSignals } from '@preact/signals-react/runtime'
import { cleanLabel } from '../core/utils/text.js'
import { routeName } from './actions.js'
import { Dialog } from './components/Dialog.js'
import { Header } from './components/Header.js'
import { Toast } from './components/Toast.js'
import { useUi } from './context.js'
import type { MessageKey } from './i18n/index.js'
import { viewComponent } from './views/index.js'

const TITLE_ID = 'wk-title'

/** The modal: the dialog, its header, the current view and the toast. */
export function App() {
  useSignals()
  const { kit, t } = useUi()
  const { router, toasts } = kit
  const view = router.view.value
  const View = viewComponent(view)
  const toast = toasts.current.value
  const canGoBack = router.history.value.length > 1
  const key = `view.${view}` as MessageKey
  const title = t(key, { name: cleanLabel(routeName(kit)) })
  return (
    <Dialog
      open={router.isOpen.value}
      labelledBy={TITLE_ID}
      shaking={router.isShaking.value}
      onRequestClose={() => kit.router.close()}
      viewKey={`${view}:${router.history.value.length}`}
    >
      <Header
        titleId={TITLE_ID}
        title={title.startsWith('view.') ? t('view.default') : title}
        onBack={canGoBack ? () => router.goBack() : undefined}
        onHelp={view === 'Connect' ? () => router.push('WhatIsAWallet') : undefined}
        onClose={() => router.close()}
        labels={{ back: t('modal.back'), help: t('modal.help'), close: t('modal.close') }}
      />
      <View />
      {toast ? <Toast key={toast.id} variant={toast.variant} message={toast.message} /> : null}
    </Dialog>
  )
}
