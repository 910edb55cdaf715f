import { useLayoutEffect, useRef } from 'react'
import { testId } from '../test-id.js'

/**
 * The toast on screen, its text already in the visitor's language: a live region, so screen
 * readers announce it. Its height is set on the card (`--wk-toast-height`), where the view keeps
 * that much room below its last row while it shows (styles/modal.ts).
 */
export function Toast({
  variant,
  message,
}: {
  variant: 'loading' | 'success' | 'error'
  message: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const toast = ref.current
    toast?.parentElement?.style.setProperty('--wk-toast-height', `${toast.offsetHeight}px`)
  }, [])
  return (
    <div
      ref={ref}
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
