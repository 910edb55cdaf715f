import { testId } from '../test-id.js'
import { NamespaceTabs } from './NamespaceTabs.js'
import { NetworkList } from './NetworkList.js'

/**
 * The Networks view: the namespace tabs (with several namespaces) and the networks of the active
 * one; back to where the visitor came from once the switch is done.
 */
export function Networks() {
  return (
    <div className="wk-body wk-stack" {...testId('view-networks')}>
      <NamespaceTabs view="Networks" />
      <NetworkList />
    </div>
  )
}
