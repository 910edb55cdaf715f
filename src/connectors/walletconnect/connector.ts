import { numberToHex } from 'viem'
import { RELAY_CONNECT_TIMEOUT_MS } from '../../core/constants.js'
import { createEmitter } from '../../core/emitter.js'
import { WalletKitError } from '../../core/errors/base.js'
import { WalletConnectStartError } from '../../core/errors/connection.js'
import {
  ProviderRpcError,
  toProviderError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../core/errors/rpc.js'
import { createPairing, type PairingConnector, type PairingParameters } from '../../core/pairing.js'
import type { PairingPreparer } from '../../core/phone/ports.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../../core/types/caip.js'
import type { ConnectorEvents } from '../../core/types/connector.js'
import type { Metadata } from '../../core/types/options.js'
import { parseChainId } from '../injected/eip1193.js'
import { sessionAccounts } from '../session-namespaces/connector.js'
import { createProposalLine } from './line.js'
import { buildProposalNamespaces } from './namespaces.js'
import { createPairingPreparer } from './prepare.js'
import {
  closeWalletConnectProvider,
  createWalletConnectProvider,
  loadUniversalProvider,
  type ProviderFactory,
  type WalletConnectProvider,
} from './provider.js'
import { endUnusedPairings } from './unused.js'

/** Parameters of {@link createWalletConnectConnector}. */
export type WalletConnectConnectorParameters = {
  projectId: string
  /** The relay (`wss://`, or `ws://` on loopback). */
  relayUrl: string
  /** The site as wallets show it; read when the provider is created. */
  metadata: () => Metadata
  /** The configured networks: the proposal's namespaces. */
  networks: readonly CaipNetwork[]
  /**
   * The namespace the connector stands for. Default eip155: accounts and network come from the
   * session's EIP-1193 side. Another (a site without EVM networks) reads them from the session's
   * CAIP-10 accounts, as the other namespaces of a session are read.
   */
  namespace?: ChainNamespace
  /** The JSON-RPC endpoint for the provider's own reads on an eip155 network. */
  rpcUrl: (network: CaipNetwork) => string | undefined
  /** Log WalletConnect errors. Default false. */
  debug?: boolean
  /** Storage prefix of the WalletConnect client. Default 'walletkit'. */
  storagePrefix?: string
  /** Loads `UniversalProvider`; replaceable in tests. */
  loadProvider?: () => Promise<ProviderFactory>
  /** The pairing controller's environment and clock. */
  pairing?: Omit<PairingParameters, 'source'>
}

/** The WalletConnect connector, with its pairing controller. */
export type WalletConnectConnector = PairingConnector & {
  readonly preparer: PairingPreparer
  /** The provider once created (undefined before the visitor picks WalletConnect). */
  readonly provider: WalletConnectProvider | undefined
  /** The relay client's id once the provider is created: service calls carry it (SPEC §7). */
  readonly clientId: string | undefined
  /** Closes the provider's socket and stops every timer. */
  destroy(): Promise<void>
}

/** WalletConnect's own rejection codes (user rejected; rejected chains; rejected methods). */
const REJECTION_CODES = new Set([5000, 5001, 5002, 4001])

const toCaip = (chainId: number): CaipNetworkId => `eip155:${chainId}`

/** Converts a WalletConnect failure (often a plain `{ code, message }`) to WalletKit's classes. */
export function toWalletConnectError(error: unknown): WalletKitError {
  if (error instanceof WalletKitError) return error
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'number' && REJECTION_CODES.has(code))
    return new UserRejectedRequestError(error)
  return toProviderError(error)
}

/**
 * Creates the WalletConnect connector (eip155 unless told otherwise). The provider is created the first time it is
 * needed (connect, or a restore the kit's own storage asked for) and then reused; before that no
 * WalletConnect code runs and nothing is opened or stored. Session events become the connector's
 * events exactly like an injected wallet's; `getProvider()` is the EIP-1193 UniversalProvider.
 */
export function createWalletConnectConnector(
  parameters: WalletConnectConnectorParameters,
): WalletConnectConnector {
  const emitter = createEmitter<ConnectorEvents>()
  const uris = createEmitter<{ uri: { uri: string; at?: number } }>()
  let provider: WalletConnectProvider | undefined
  let clientId: string | undefined
  let loading: Promise<WalletConnectProvider> | undefined
  let destroyed = false
  const namespace = parameters.namespace ?? 'eip155'
  const evm = namespace === 'eip155'
  /** The session network in use (namespaces other than eip155, whose provider keeps none). */
  let current: CaipNetworkId | undefined

  const pairing = createPairing({
    ...parameters.pairing,
    source: { onDisplayUri: (listener) => uris.on('uri', (e) => listener(e.uri, e.at)) },
  })
  const now = parameters.pairing?.now ?? Date.now

  function load(): Promise<WalletConnectProvider> {
    if (destroyed) return Promise.reject(new WalletKitError('WalletConnect was closed.'))
    loading ??= (async () => {
      const factory = await (parameters.loadProvider ?? loadUniversalProvider)()
      const created = await createWalletConnectProvider(factory, {
        projectId: parameters.projectId,
        relayUrl: parameters.relayUrl,
        metadata: parameters.metadata(),
        debug: parameters.debug ?? false,
        storagePrefix: parameters.storagePrefix ?? 'walletkit',
      })
      listen(created)
      provider = created
      // The client id only labels service calls: reading it never stops WalletConnect starting.
      Promise.resolve()
        .then(() => created.client.core.crypto.getClientId())
        .then(
          (id) => {
            clientId = id
          },
          () => undefined,
        )
      return created
    })().catch((error: unknown) => {
      loading = undefined
      throw new WalletConnectStartError(error)
    })
    return loading
  }

  /** The provider's session when it is still alive (not deleted, not expired). */
  function liveSession(p: WalletConnectProvider | undefined) {
    const session = p?.session
    if (!p || !session) return undefined
    if (!p.client.session.keys.includes(session.topic)) return undefined
    return session
  }

  function listen(p: WalletConnectProvider) {
    p.on('display_uri', (uri: unknown) => {
      if (typeof uri !== 'string') return
      try {
        endUnusedPairings(p, uri.slice(3, uri.indexOf('@')))
      } catch {
        // Only memory is at stake: the QR code comes first.
      }
      // A prepared pairing's URI is the pairing controller's only once a connect adopts it.
      if (!prepared.takeUri(uri)) uris.emit('uri', { uri })
    })
    p.on('accountsChanged', (accounts: unknown) => {
      emitter.emit(
        'accountsChanged',
        Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string') : [],
      )
    })
    p.on('chainChanged', (chainId: unknown) => {
      if (!evm) return
      // The provider passes the wallet's value through: a number, hex, a decimal string or CAIP-2.
      const raw = typeof chainId === 'string' ? chainId.replace(/^eip155:/, '') : chainId
      const id = parseChainId(raw)
      if (id !== undefined) emitter.emit('chainChanged', toCaip(id))
    })
    p.on('session_update', () => {
      void accountsOf(p).then((accounts) => {
        if (accounts.length) emitter.emit('accountsChanged', accounts)
      })
    })
    p.on('disconnect', () => {
      pairing.reset()
      emitter.emit('disconnect', undefined)
    })
    p.client.on('session_expire', ({ topic }: { topic: string }) => {
      if (topic !== p.session?.topic) return
      pairing.reset()
      emitter.emit('disconnect', undefined)
    })
  }

  /** The session network for a namespace other than eip155: the one asked for, else the current, else the first. */
  function pick(
    p: WalletConnectProvider | undefined,
    network?: CaipNetwork,
  ): CaipNetworkId | undefined {
    const list = sessionAccounts(liveSession(p) ? p : undefined, namespace)
    if (network && list.some((a) => a.caipNetworkId === network.caipNetworkId))
      return network.caipNetworkId
    if (current && list.some((a) => a.caipNetworkId === current)) return current
    return list[0]?.caipNetworkId
  }

  /** The session's addresses on `id` (namespaces other than eip155). */
  function addressesOn(p: WalletConnectProvider, id: CaipNetworkId | undefined): string[] {
    const list = sessionAccounts(liveSession(p) ? p : undefined, namespace)
    return [...new Set(list.flatMap((a) => (a.caipNetworkId === id ? [a.address] : [])))]
  }

  async function accountsOf(p: WalletConnectProvider): Promise<string[]> {
    if (!liveSession(p)) return []
    if (!evm) return addressesOn(p, pick(p))
    try {
      const accounts = await p.request<unknown>({ method: 'eth_accounts' })
      return Array.isArray(accounts)
        ? accounts.filter((a): a is string => typeof a === 'string')
        : []
    } catch {
      return []
    }
  }

  async function networkOf(p: WalletConnectProvider): Promise<CaipNetworkId> {
    if (!evm) {
      const id = pick(p)
      if (!id) throw toProviderError({ code: 4100, message: 'The session has ended.' })
      return id
    }
    let raw: unknown
    try {
      raw = await p.request<unknown>({ method: 'eth_chainId' })
    } catch (error) {
      throw toWalletConnectError(error)
    }
    const id = parseChainId(raw)
    if (id === undefined)
      throw toProviderError({ code: -32603, message: 'The wallet sent an invalid chain id.' })
    return toCaip(id)
  }

  const inTurn = createProposalLine(parameters.pairing?.relayTimeoutMs ?? RELAY_CONNECT_TIMEOUT_MS)

  /** Proposes a session through the provider and waits for the wallet's answer. */
  async function propose(p: WalletConnectProvider, network?: CaipNetwork): Promise<void> {
    const namespaces = buildProposalNamespaces(parameters.networks, parameters.rpcUrl, network)
    try {
      await inTurn(p, () => p.connect({ optionalNamespaces: namespaces }).then(() => undefined))
    } catch (error) {
      throw toWalletConnectError(error)
    }
  }

  const prepared = createPairingPreparer({
    load,
    live: (p) => liveSession(p) !== undefined,
    propose,
    namespaces: () => buildProposalNamespaces(parameters.networks, parameters.rpcUrl),
    now,
  })

  async function request<T>(method: string, params?: unknown[]): Promise<T> {
    const p = await load()
    try {
      return await p.request<T>(params === undefined ? { method } : { method, params })
    } catch (error) {
      throw toWalletConnectError(error)
    }
  }

  const connector: WalletConnectConnector = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    namespace,
    pairing,
    get clientId() {
      return clientId
    },
    preparer: prepared.preparer,
    get provider() {
      return provider
    },
    async connect({ network } = {}) {
      const ahead = prepared.takeAdopted()
      const p = await load()
      if (!liveSession(p)) {
        // A pairing prepared ahead of the tap (its link may be open in the wallet already) is
        // this attempt's.
        if (ahead) {
          ahead.uri.then(
            (uri) => uris.emit('uri', { uri, at: ahead.createdAt }),
            () => undefined,
          )
          await ahead.approved
        } else await propose(p, network)
        const session = liveSession(p)
        if (!session)
          throw toProviderError({ code: 4100, message: 'The wallet approved no session.' })
        const approved = session.namespaces.eip155?.chains ?? []
        if (evm && network && approved.includes(network.caipNetworkId))
          p.setDefaultChain(network.caipNetworkId)
      }
      if (!evm) {
        const id = pick(p, network)
        if (!id)
          throw toProviderError({
            code: 4100,
            message: `The WalletConnect session has no ${namespace} account.`,
          })
        current = id
        return { accounts: addressesOn(p, id), caipNetworkId: id }
      }
      const accounts = await accountsOf(p)
      if (accounts.length === 0)
        throw toProviderError({ code: 4100, message: 'The wallet returned no account.' })
      return { accounts, caipNetworkId: await networkOf(p) }
    },
    async disconnect() {
      pairing.reset()
      current = undefined
      const p = provider
      if (!liveSession(p) || !p) return
      try {
        await p.disconnect()
      } catch {
        // The wallet may be unreachable; the site forgets the session all the same.
      }
    },
    async getAccounts() {
      return accountsOf(await load())
    },
    async getNetworkId() {
      return networkOf(await load())
    },
    async isAuthorized() {
      try {
        const p = await load()
        return (await accountsOf(p)).length > 0
      } catch {
        return false
      }
    },
    async switchNetwork(network) {
      if (!evm) {
        if (pick(provider, network) !== network.caipNetworkId)
          throw new UnrecognizedChainError({
            message: `The wallet approved no account on ${network.caipNetworkId}.`,
          })
        current = network.caipNetworkId
        return
      }
      await request('wallet_switchEthereumChain', [
        { chainId: numberToHex(Number(network.reference)) },
      ])
    },
    getProvider: () => provider,
    toError: (error) => {
      const converted = toWalletConnectError(error)
      return converted instanceof ProviderRpcError ? converted : new WalletRequestError(converted)
    },
    on(event, listener) {
      return emitter.on(event, listener)
    },
    async destroy() {
      destroyed = true
      pairing.destroy()
      emitter.clear()
      uris.clear()
      const p = provider ?? (await loading?.catch(() => undefined))
      if (p) await closeWalletConnectProvider(p).catch(() => undefined)
    },
  }
  return connector
}
