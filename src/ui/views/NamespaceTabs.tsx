import type { KeyboardEvent } from 'react'
import type { ChainNamespace } from '../../core/types/caip.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'

/**
 * The namespace switcher of the Account and Networks views: one tab per namespace the site
 * configured (shown only when there are several). Choosing the tab of a connected namespace makes
 * it the active one, which fires `walletkit:chainChanged`; any other tab only shows its namespace
 * (see `core/namespace-tab.ts`). Arrow keys, Home and End move between tabs.
 */
export function NamespaceTabs({ view }: { view: 'Account' | 'Networks' }) {
  useSignals()
  const { kit, t } = useUi()
  const namespaces = kit.adapters
  const active = kit.account.shownNamespace(view)
  const accounts = kit.chain.accounts.value
  if (namespaces.length < 2) return null

  const choose = (ns: ChainNamespace, focus?: HTMLElement | null) => {
    kit.account.chooseTab(ns)
    focus?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = namespaces.indexOf(active)
    const last = namespaces.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % namespaces.length
        : event.key === 'ArrowLeft'
          ? (index + last) % namespaces.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1
    const ns = namespaces[next]
    if (!ns) return
    event.preventDefault()
    const tabs = event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')
    choose(ns, tabs[next])
  }

  return (
    <div className="wk-tabs" role="tablist" aria-label={t('namespace.label')} onKeyDown={onKeyDown}>
      {namespaces.map((ns) => {
        const connected = accounts[ns]?.status === 'connected'
        return (
          <button
            key={ns}
            type="button"
            role="tab"
            className="wk-tab"
            aria-selected={ns === active}
            tabIndex={ns === active ? 0 : -1}
            data-namespace={ns}
            data-connected={connected}
            onClick={() => choose(ns)}
            {...testId('namespace-tab')}
          >
            {t(`namespace.${ns}`)}
            {connected ? (
              <span className="wk-tab-dot" role="img" aria-label={t('namespace.connected')} />
            ) : null}
          </button>
        )
      })}
    </div>
  )
}
