import type { ChainState } from './chain-state.js'
import type { ChainNamespace } from './types/caip.js'
import type { Connector } from './types/connector.js'

/** A connect attempt in flight. */
export type ConnectAttempt = {
  readonly connector: Connector
  /** The visitor left before the wallet answered: the answer is not used. */
  abandoned: boolean
}

/** The connect attempts of the connection controller. */
export type ConnectAttempts = ReturnType<typeof createConnectAttempts>

/**
 * Keeps the connect attempts whose outcome still counts, per namespace, and the "connecting"
 * status they put on it. Several may run at once (a renewed QR code while the last one can still
 * be scanned); the status goes back only when none is left.
 *
 * @param parameters.chain - The account state the status lives in.
 * @param parameters.isConnected - True when the namespace keeps a connection.
 */
export function createConnectAttempts(parameters: {
  chain: ChainState
  isConnected: (ns: ChainNamespace) => boolean
}) {
  const { chain } = parameters
  const current = new Map<ChainNamespace, Set<ConnectAttempt>>()

  function remove(ns: ChainNamespace, attempt: ConnectAttempt): boolean {
    const list = current.get(ns)
    list?.delete(attempt)
    if (list?.size) return false
    current.delete(ns)
    return true
  }

  return {
    /** Starts an attempt: the namespace is connecting. */
    begin(ns: ChainNamespace, connector: Connector): ConnectAttempt {
      const attempt: ConnectAttempt = { connector, abandoned: false }
      current.set(ns, (current.get(ns) ?? new Set<ConnectAttempt>()).add(attempt))
      chain.patchAccount(ns, { status: 'connecting' })
      return attempt
    },
    /** The attempt connected; the connection it made sets the status. */
    succeed(ns: ChainNamespace, attempt: ConnectAttempt): void {
      remove(ns, attempt)
    },
    /**
     * The attempt failed or was abandoned. When it was the last one, the status is what the
     * connections say: connected when one is kept, else disconnected. Only the "connecting" the
     * attempts put there is undone; a disconnect or a silent reconnect meanwhile set its own.
     */
    end(ns: ChainNamespace, attempt: ConnectAttempt): void {
      if (!remove(ns, attempt)) return
      if (chain.accounts.peek()[ns]?.status === 'connecting')
        chain.patchAccount(ns, {
          status: parameters.isConnected(ns) ? 'connected' : 'disconnected',
        })
    },
    /** True while an attempt with `connector` still counts. */
    uses(ns: ChainNamespace, connector: Connector): boolean {
      for (const attempt of current.get(ns) ?? []) if (attempt.connector === connector) return true
      return false
    },
  }
}
