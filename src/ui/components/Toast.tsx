import { testId } from '../test-id.js'

/** The toast on screen, its text already in the visitor's language: a live region, so screen readers announce it. */
export function Toast({
  variant,
  message,
}: {
  variant: 'loading' | 'success' | 'error'
  message: string
}) {
  return (
    <div
      className="wk-toast"
      data-variant={variant}
      role={variant === 'error' ? 'alert' : 'status'}
      {...testId('toast')}
    >
      {variant === 'loading' ? <span className="wk-spinner" aria-hidden="true" /> : null}
      <span>{message}</span>
    </div>
  )
}
