import type { ReactNode } from 'react'
import { BALANCE_NAMESPACES } from '../../core/constants.js'
import { useUi } from '../context.js'
import { useAfterPaint } from '../hooks/useAfterPaint.js'
import { useSignals } from '../hooks/useSignals.js'
import { testId } from '../test-id.js'
import { OnRampForm } from './onramp/OnRampForm.js'
import { Unavailable } from './Unavailable.js'

/**
 * Buy crypto with a card or bank transfer: the form, then a waiting state while the visitor pays in
 * the checkout window. The flow is the core's OnRamp controller; this view only renders it.
 */
export function OnRamp() {
  useSignals()
  const { kit, t } = useUi()
  const onramp = kit.onramp?.()
  useAfterPaint(() => {
    void onramp?.start()
  }, [onramp])
  if (!onramp) return <Unavailable />
  const ns = kit.chain.activeNamespace.value
  const account = kit.chain.account.value
  const step = onramp.step.value
  let body: ReactNode
  if (!account?.address || !(BALANCE_NAMESPACES as readonly string[]).includes(ns))
    body = (
      <p className="wk-text" {...testId('onramp-not-connected')}>
        {t('onramp.notConnected')}
      </p>
    )
  else if (step !== 'form')
    body = (
      <div className="wk-center" aria-live="polite" {...testId('onramp-waiting')} data-step={step}>
        <span className="wk-spinner" aria-hidden="true" />
        <p className="wk-text">
          {step === 'opening'
            ? t('onramp.opening')
            : t('onramp.waiting', { host: onramp.checkoutHost.value ?? '' })}
        </p>
      </div>
    )
  else if (!onramp.options.value)
    body = (
      <p className="wk-muted" aria-busy="true">
        {t('onramp.loading')}
      </p>
    )
  else if (onramp.assets.value.length === 0)
    body = (
      <p className="wk-text" {...testId('onramp-unavailable')}>
        {t('onramp.unavailable')}
      </p>
    )
  else body = <OnRampForm onramp={onramp} namespace={ns} />
  return (
    <div className="wk-body wk-stack" {...testId('view-onramp')}>
      {body}
    </div>
  )
}
