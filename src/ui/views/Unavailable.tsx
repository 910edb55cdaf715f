import { useUi } from '../context.js'
import { testId } from '../test-id.js'

/** Shown for a view this version does not provide, instead of an empty or pretend screen. */
export function Unavailable() {
  const { t } = useUi()
  return (
    <div className="wk-body" {...testId('view-unavailable')}>
      <div className="wk-center">
        <p className="wk-text">{t('unavailable.body')}</p>
      </div>
    </div>
  )
}
