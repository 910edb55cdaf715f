import { useUi } from '../context.js'
import { textKey } from '../i18n/index.js'
import { testId } from '../test-id.js'

/** The toast on screen: a live region, so screen readers announce it. */
export function Toast({
  variant,
  message,
}: {
  variant: 'loading' | 'success' | 'error'
  message: string
}) {
  const { t } = useUi()
  const key = textKey(message)
  return (
    <div
      className="wk-toast"
      data-variant={variant}
      role={variant === 'error' ? 'alert' : 'status'}
      {...testId('toast')}
    >
      {variant === 'loading' ? <span className="wk-spinner" aria-hidden="true" /> : null}
      <span>{key ? t(key) : message}</span>
    </div>
  )
}
