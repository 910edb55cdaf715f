import { UnauthorizedProviderError, UnrecognizedChainError } from '../../core/errors/rpc.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../../core/types/caip.js'
import type { Connector } from '../../core/types/connector.js'
import { parseCaipAddress } from '../../core/utils/caip.js'
import { lazyEvents } from '../lazy-events.js'

/** What the connector needs of the WalletConnect connector whose session it reads. */
export type SessionSource = Pick<Connector, 'on' | 'toError'> & {
  /** The UniversalProvider once created; its `session` lists the approved namespaces. */
  readonly provider: unknown
}

type SessionLike = {
  topic?: unknown
  namespaces?: Record<string, { accounts?: unknown; chains?: unknown } | undefined>
}

/** The provider's session while it is alive (the sign-client still holds its topic). */
export function liveSession(provider: unknown): SessionLike | undefined {
  const p = provider as {
    session?: SessionLike
    client?: { session?: { keys?: unknown } }
  } | null
  const session = p?.session
  if (!session || typeof session !== 'object') return undefined
  const keys = p?.client?.session?.keys
  return Array.isArray(keys) && keys.includes(session.topic) ? session : undefined
}

/** The session's accounts of `namespace` that pass the namespace's rules (SPEC §5). */
export function sessionAccounts(provider: unknown, namespace: ChainNamespace) {
  const accounts = liveSession(provider)?.namespaces?.[namespace]?.accounts
  if (!Array.isArray(accounts)) return []
  return accounts.flatMap((value) => {
    try {
      const parsed = parseCaipAddress(value)
      return parsed.namespace === namespace ? [parsed] : []
    } catch {
      return []
    }
  })
}

/**
 * A connector for one non-EVM namespace (solana, bip122, polkadot) of a WalletConnect session the
 * visitor already approved: it prompts nobody, it reads the session's CAIP-10 accounts. Ending it
 * leaves the shared session to the WalletConnect connector; the session's end disconnects it.
 * `getProvider()` is the UniversalProvider (requests name their chain).
 */
export function createSessionNamespaceConnector(p: {
  source: SessionSource
  namespace: Exclude<ChainNamespace, 'eip155'>
}): Connector {
  const { on } = lazyEvents((emitter) =>
    p.source.on('disconnect', () => emitter.emit('disconnect', undefined)),
  )
  let current: CaipNetworkId | undefined
  const accounts = () => sessionAccounts(p.source.provider, p.namespace)

  const pick = (network: CaipNetwork | undefined): CaipNetworkId | undefined => {
    const list = accounts()
    if (network && list.some((a) => a.caipNetworkId === network.caipNetworkId))
      return network.caipNetworkId
    if (current && list.some((a) => a.caipNetworkId === current)) return current
    return list[0]?.caipNetworkId
  }
  const addresses = (id: CaipNetworkId | undefined) => [
    ...new Set(accounts().flatMap((a) => (a.caipNetworkId === id ? [a.address] : []))),
  ]

  return Object.freeze({
    id: `walletConnect:${p.namespace}`,
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    namespace: p.namespace,
    rdns: undefined,
    async connect({ network }: { network?: CaipNetwork | undefined }) {
      const id = pick(network)
      if (!id)
        throw new UnauthorizedProviderError({
          message: `The WalletConnect session has no ${p.namespace} account.`,
        })
      current = id
      return { accounts: addresses(id), caipNetworkId: id }
    },
    async disconnect() {
      current = undefined
    },
    async getAccounts() {
      return addresses(pick(undefined))
    },
    async getNetworkId() {
      const id = pick(undefined)
      if (!id) throw new UnauthorizedProviderError({ message: 'The session has ended.' })
      return id
    },
    async isAuthorized() {
      return accounts().length > 0
    },
    async switchNetwork(network: CaipNetwork) {
      if (!accounts().some((a) => a.caipNetworkId === network.caipNetworkId))
        throw new UnrecognizedChainError({
          message: `The wallet approved no account on ${network.caipNetworkId}.`,
        })
      current = network.caipNetworkId
    },
    getProvider: () => p.source.provider,
    // Requests go to the same wallet over the same session: its failures read the same way.
    toError: p.source.toError,
    on,
  } satisfies Connector)
}
