import { useUi } from '../context.js'
import { testId } from '../test-id.js'
import { NetworkList } from './NetworkList.js'

/** The Networks view: back to where the visitor came from once the switch is done. */
export function Networks() {
  const { kit } = useUi()
  return (
    <div className="wk-body" {...testId('view-networks')}>
      <NetworkList
        onSwitched={() => (kit.chain.isConnected.peek() ? kit.router.goBack() : undefined)}
      />
    </div>
  )
}
