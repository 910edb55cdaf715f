import { SwitchChainUnavailableError } from '../../core/errors/connection.js'
import type { CaipNetworkId } from '../../core/types/caip.js'
import type { Connector } from '../../core/types/connector.js'
import type { SafeChannel } from './channel.js'
import type { SafeInfo } from './protocol.js'
import { createSafeProvider, waitForExecution } from './provider.js'

/** The Safe connector's id. */
export const SAFE_CONNECTOR_ID = 'safe'

/**
 * The connector of the Safe the page is open in: it connects without a prompt (the visitor already
 * chose the Safe in its web wallet), on the Safe's own network, and sends what the Safe returns
 * for a transaction, a Safe transaction hash (`sentHash: 'safe'`), whose chain hash
 * `chainHashOf` waits for.
 */
export function createSafeConnector(channel: SafeChannel, info: SafeInfo): Connector {
  const caipNetworkId: CaipNetworkId = `eip155:${info.chainId}`
  const provider = createSafeProvider(channel, info)
  const accounts = () => [info.safeAddress as string]
  return Object.freeze({
    id: SAFE_CONNECTOR_ID,
    name: 'Safe',
    type: 'SAFE',
    namespace: 'eip155',
    sentHash: 'safe',
    async connect() {
      return { accounts: accounts(), caipNetworkId }
    },
    // The Safe stays the page's account in its web wallet: the site only forgets it.
    async disconnect() {},
    getAccounts: async () => accounts(),
    getNetworkId: async () => caipNetworkId,
    isAuthorized: async () => true,
    async switchNetwork(network) {
      if (network.caipNetworkId !== caipNetworkId)
        throw new SwitchChainUnavailableError({ wallet: 'Safe', current: caipNetworkId })
    },
    getProvider: () => provider,
    chainHashOf: (hash, { signal }) => waitForExecution(channel, hash, signal),
    on: () => () => undefined,
  } satisfies Connector)
}
