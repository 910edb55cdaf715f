import { testId } from '../test-id.js'
import { Icon } from './Icon.js'

/** The header: back (or help), the title, close (when closing goes somewhere). */
export function Header({
  titleId,
  title,
  onBack,
  onHelp,
  onClose,
  labels,
}: {
  titleId: string
  title: string
  onBack?: (() => void) | undefined
  onHelp?: (() => void) | undefined
  onClose?: (() => void) | undefined
  labels: { back: string; help: string; close: string }
}) {
  return (
    <div className="wk-header">
      {onBack ? (
        <button
          type="button"
          className="wk-icon-button"
          aria-label={labels.back}
          onClick={onBack}
          {...testId('back')}
        >
          <Icon name="back" />
        </button>
      ) : onHelp ? (
        <button
          type="button"
          className="wk-icon-button"
          aria-label={labels.help}
          onClick={onHelp}
          {...testId('help')}
        >
          <Icon name="help" />
        </button>
      ) : (
        <span />
      )}
      <h2 className="wk-title" id={titleId} {...testId('title')}>
        {title}
      </h2>
      {onClose ? (
        <button
          type="button"
          className="wk-icon-button"
          aria-label={labels.close}
          onClick={onClose}
          {...testId('close')}
        >
          <Icon name="close" />
        </button>
      ) : (
        <span />
      )}
    </div>
  )
}
