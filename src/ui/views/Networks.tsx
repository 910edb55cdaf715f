import { useUi } from '../context.js'
import { testId } from '../test-id.js'
import { NamespaceTabs } from './NamespaceTabs.js'
import { NetworkList } from './NetworkList.js'

/**
 * The Networks view: the namespace tabs (with several namespaces) and the networks of the active
 * one; back to where the visitor came from once the switch is done.
 */
export function Networks() {
  const { kit } = useUi()
  return (
    <div className="wk-body wk-stack" {...testId('view-networks')}>
      <NamespaceTabs view="Networks" />
      <NetworkList
        onSwitched={() =>
          // Not when the switch moved the modal on (a sign-in asked for the new network).
          kit.chain.isConnected.peek() && kit.router.view.peek() === 'Networks'
            ? kit.router.goBack()
            : undefined
        }
      />
    </div>
  )
}
