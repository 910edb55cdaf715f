import { batch, type ReadonlySignal, signal } from '@preact/signals-core'
import type { createAccountData } from './account-data.js'
import type { AccountState, ChainState } from './chain-state.js'
import { createConnectAttempts } from './connect-attempts.js'
import type { Emitter } from './emitter.js'
import { WalletKitError } from './errors/base.js'
import { ChainAdapterNotFoundError } from './errors/caip.js'
import { ConnectAbortedError, DisconnectError } from './errors/connection.js'
import { toProviderError } from './errors/rpc.js'
import type { Router } from './router.js'
import type { ChainAdapter } from './types/adapter.js'
import type { CaipAddress, CaipNetwork, CaipNetworkId, ChainNamespace } from './types/caip.js'
import type { Connector } from './types/connector.js'
import type { KitEvents } from './types/events.js'
import { parseCaipNetworkId } from './utils/caip.js'
import type { SafeStorage } from './utils/storage.js'

/** What the connection controller needs from the kit. */
export type ConnectionParameters = {
  chain: ChainState
  router: Router
  events: Emitter<KitEvents>
  storage: SafeStorage
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>
  connectors: ReadonlySignal<readonly Connector[]>
  accountData: ReturnType<typeof createAccountData>
  networks: CaipNetwork[]
  allowUnsupportedChain: boolean
  /** Account data loads only once the visitor has opened the modal (no request before that). */
  shouldLoadAccountData: () => boolean
  /** Called after a connector connected (not after a silent reconnect): e.g. to update recent wallets. */
  onConnected?: (connector: Connector) => void
  /** Called when a connect attempt failed (not when the visitor left it). */
  onConnectFailed?: (connector: Connector, error: Error) => void
}

/** What `connect` takes beside the connector. */
export type ConnectOptions = {
  /**
   * Abandons the attempt when aborted, e.g. `router.leaveSignal()` of the connecting view. Default:
   * none (the attempt lasts until the wallet answers).
   */
  signal?: AbortSignal | undefined
}

/** The connector remembered for a silent reconnect after reload. */
export type StoredConnection = {
  namespace: ChainNamespace
  connectorId: string
  rdns?: string
  name: string
}

const STORED_KEY = 'connections'

/** The connection controller. */
export type Connection = ReturnType<typeof createConnection>

/**
 * Creates the connection controller: connect, wallet events, network switching, disconnect and the
 * silent reconnect after reload. A failed action restores the previous state (STYLE 4); events of a
 * connector arriving after it was disconnected are ignored (SECURITY.md row 24).
 */
export function createConnection(p: ConnectionParameters) {
  const { chain, events } = p
  const sessions = new Map<
    ChainNamespace,
    { connector: Connector; stops: (() => void)[]; generation: number }
  >()
  // The connector in use per namespace, as a signal: what reads it (the features row, the host's
  // provider) follows a connect or a disconnect.
  const inUse = signal<Partial<Record<ChainNamespace, Connector>>>({})
  let generation = 0
  const attempts = createConnectAttempts({ chain, isConnected: (ns) => sessions.has(ns) })

  const adapterFor = (ns: ChainNamespace) => {
    const adapter = p.adapters[ns]
    if (!adapter) throw new ChainAdapterNotFoundError({ namespace: ns })
    return adapter
  }
  const configured = (id: CaipNetworkId) => p.networks.find((n) => n.caipNetworkId === id)
  const networkFor = (id: CaipNetworkId): CaipNetwork => {
    const known = configured(id)
    if (known) return known
    const { namespace, reference } = parseCaipNetworkId(id)
    return {
      caipNetworkId: id,
      namespace,
      reference,
      name: id,
      nativeCurrency: { name: '', symbol: '', decimals: 18 },
    }
  }
  const stored = () => p.storage.get(STORED_KEY, isStoredList) ?? []
  const remember = (entry: StoredConnection) =>
    p.storage.set(STORED_KEY, [entry, ...stored().filter((s) => s.namespace !== entry.namespace)])
  const forget = (ns: ChainNamespace) =>
    p.storage.set(
      STORED_KEY,
      stored().filter((s) => s.namespace !== ns),
    )

  function loadData(ns: ChainNamespace) {
    if (p.shouldLoadAccountData()) void p.accountData.refresh(ns)
  }

  /** Applies a wallet's network; returns whether the network is one the site supports. */
  function applyNetwork(ns: ChainNamespace, id: CaipNetworkId, emit: boolean) {
    const current = chain.networks.peek()[ns]?.caipNetwork?.caipNetworkId
    const supported = configured(id) !== undefined
    const account = chain.accounts.peek()[ns]
    // A repeated chainChanged (or the read-back after a switch) is no change: the balance stays.
    if (current !== id)
      batch(() => {
        chain.patchNetwork(ns, { caipNetwork: networkFor(id) })
        if (account?.address)
          chain.patchAccount(ns, {
            caipAddress: `${id}:${account.address}` as CaipAddress,
            tokenBalance: [],
            balance: undefined,
          })
      })
    if (emit && current !== id)
      events.emit('chainChanged', { caipNetworkId: id, namespace: ns, supported })
    if (!supported && !p.allowUnsupportedChain) p.router.open('UnsupportedChain')
    else if (supported && p.router.isOpen.peek() && p.router.view.peek() === 'UnsupportedChain')
      p.router.reset('Account')
    if (current !== id) loadData(ns)
    return supported
  }

  function watch(ns: ChainNamespace, connector: Connector) {
    const session = { connector, stops: [] as (() => void)[], generation: ++generation }
    for (const stop of sessions.get(ns)?.stops ?? []) stop()
    sessions.set(ns, session)
    inUse.value = { ...inUse.peek(), [ns]: connector }
    const live = () => sessions.get(ns)?.generation === session.generation
    session.stops.push(
      connector.on('accountsChanged', (accounts) => {
        if (!live()) return
        const first = accounts[0]
        if (!first) {
          void disconnectLocally(ns)
          return
        }
        let address: string
        try {
          address = adapterFor(ns).formatAddress(first)
        } catch {
          return // not an address of this namespace: nothing a wallet may switch to
        }
        const account = chain.accounts.peek()[ns]
        if (account?.address === address) return
        const id = chain.networks.peek()[ns]?.caipNetwork?.caipNetworkId
        const caipAddress = `${id}:${address}` as CaipAddress
        chain.patchAccount(ns, {
          address,
          caipAddress,
          ...accountFields(connector, accounts),
          profileName: undefined,
          profileImage: undefined,
          profileLoaded: false,
          balance: undefined,
          tokenBalance: [],
        })
        events.emit('accountChanged', { address, caipAddress, namespace: ns })
        loadData(ns)
      }),
      connector.on('chainChanged', (id) => {
        if (live()) applyNetwork(ns, id, true)
      }),
      connector.on('disconnect', () => {
        if (!live()) return
        // A wallet may emit a transient disconnect (e.g. during a switch): believe it only if the
        // wallet no longer lists an account for this site.
        void connector.getAccounts().then(
          (accounts) => {
            if (live() && accounts.length === 0) void disconnectLocally(ns)
          },
          () => {
            if (live()) void disconnectLocally(ns)
          },
        )
      }),
    )
  }

  function establish(
    ns: ChainNamespace,
    connector: Connector,
    accounts: string[],
    id: CaipNetworkId,
    activate = true,
  ) {
    const adapter = adapterFor(ns)
    const address = adapter.formatAddress(accounts[0] ?? '')
    const caipAddress = `${id}:${address}` as CaipAddress
    const summary = { id: connector.id, name: connector.name, type: connector.type }
    batch(() => {
      chain.patchAccount(ns, {
        status: 'connected',
        address,
        caipAddress,
        ...accountFields(connector, accounts),
        connector: summary,
        connectedWalletInfo: { name: connector.name, icon: connector.icon },
      })
      chain.patchNetwork(ns, { caipNetwork: networkFor(id), approvedCaipNetworkIds: [id] })
      if (activate) chain.setActiveNamespace(ns)
    })
    watch(ns, connector)
    remember({
      namespace: ns,
      connectorId: connector.id,
      name: connector.name,
      ...(connector.rdns ? { rdns: connector.rdns } : {}),
    })
    events.emit('connected', {
      address,
      caipAddress,
      namespace: ns,
      caipNetworkId: id,
      connector: summary,
    })
    const supported = configured(id) !== undefined
    if (!supported && !p.allowUnsupportedChain) p.router.open('UnsupportedChain')
    loadData(ns)
  }

  /**
   * Connects a connector: prompts the wallet; on failure the previous state is restored and the
   * error thrown. With a `signal`, aborting it abandons the attempt: the status is restored at
   * once, the call rejects with ConnectAbortedError, and whatever the wallet answers later is not
   * used (a visitor who left the connecting view is not connected behind their back).
   */
  async function connect(connector: Connector, options: ConnectOptions = {}): Promise<void> {
    const ns = connector.namespace
    const { signal } = options
    adapterFor(ns)
    if (signal?.aborted) throw new ConnectAbortedError()
    const attempt = attempts.begin(ns, connector)
    const network = chain.networks.peek()[ns]?.caipNetwork
    const answer = (async () => connector.connect({ network }))()
    let rejectAborted: (error: Error) => void = () => undefined
    const aborted = new Promise<never>((_, reject) => {
      rejectAborted = reject
    })
    const abandon = () => {
      attempt.abandoned = true
      attempts.end(ns, attempt)
      rejectAborted(new ConnectAbortedError())
      answer.then(
        () => release(ns, connector),
        () => undefined,
      )
    }
    signal?.addEventListener('abort', abandon, { once: true })
    try {
      const { accounts, caipNetworkId } = await Promise.race([answer, aborted])
      // The wallet's answer and the abort may arrive in the same turn: the abort wins.
      if (attempt.abandoned) throw new ConnectAbortedError()
      signal?.removeEventListener('abort', abandon)
      attempts.succeed(ns, attempt)
      establish(ns, connector, accounts, caipNetworkId)
      p.onConnected?.(connector)
    } catch (error) {
      if (attempt.abandoned)
        throw error instanceof ConnectAbortedError ? error : new ConnectAbortedError()
      signal?.removeEventListener('abort', abandon)
      attempts.end(ns, attempt)
      const failure = error instanceof WalletKitError ? error : toProviderError(error)
      p.onConnectFailed?.(connector, failure)
      throw failure
    }
  }

  /**
   * Ends a WalletConnect session granted to an abandoned attempt, unless the connector is in use
   * (the connected one, or one the visitor is connecting with again): otherwise the session would
   * stay open and the next QR view would connect without a scan. An extension's or a Solana
   * wallet's late approval is left as the wallet keeps it: the visitor did approve the site, and
   * revoking it would undo an approval given in a prompt they returned to.
   */
  function release(ns: ChainNamespace, connector: Connector) {
    if (connector.type !== 'WALLET_CONNECT') return
    if (sessions.get(ns)?.connector === connector || attempts.uses(ns, connector)) return
    void (async () => connector.disconnect())().catch(() => undefined)
  }

  /** Forgets a namespace's connection without asking the wallet (it said it is gone). */
  async function disconnectLocally(ns: ChainNamespace) {
    const session = sessions.get(ns)
    for (const stop of session?.stops ?? []) stop()
    sessions.delete(ns)
    const { [ns]: _gone, ...rest } = inUse.peek()
    inUse.value = rest
    forget(ns)
    const wasConnected = chain.accounts.peek()[ns]?.status === 'connected'
    chain.reset(ns)
    if (wasConnected) events.emit('disconnected', { namespace: ns })
    // The visitor keeps seeing a wallet that is still connected in another namespace.
    const other = chain.namespaces.find((n) => chain.accounts.peek()[n]?.status === 'connected')
    if (other && chain.activeNamespace.peek() === ns) activate(other)
    if (!chain.isConnected.peek() && p.router.isOpen.peek()) p.router.reset('Connect')
  }

  /** Makes a namespace the active one; emits chainChanged when it was not. */
  function activate(ns: ChainNamespace) {
    if (chain.activeNamespace.peek() === ns || !chain.namespaces.includes(ns)) return
    chain.setActiveNamespace(ns)
    const id = chain.networks.peek()[ns]?.caipNetwork?.caipNetworkId
    if (id)
      events.emit('chainChanged', { caipNetworkId: id, namespace: ns, supported: !!configured(id) })
  }

  /** Disconnects a namespace, or every connected one (SPEC §4). */
  async function disconnect(ns?: ChainNamespace): Promise<void> {
    const targets = ns ? [ns] : [...sessions.keys()]
    for (const target of targets) {
      const session = sessions.get(target)
      try {
        await session?.connector.disconnect()
      } catch (error) {
        throw new DisconnectError(error)
      }
      await disconnectLocally(target)
    }
  }

  /**
   * Switches a namespace to one of the site's networks (checked by the caller); with a wallet
   * connected, the wallet switches first.
   */
  async function switchNetwork(network: CaipNetwork): Promise<void> {
    const { caipNetworkId: id, namespace: ns } = network
    const session = sessions.get(ns)
    if (!session) {
      const changed =
        chain.networks.peek()[ns]?.caipNetwork?.caipNetworkId !== id ||
        chain.activeNamespace.peek() !== ns
      batch(() => {
        chain.patchNetwork(ns, { caipNetwork: network })
        chain.setActiveNamespace(ns)
      })
      if (changed)
        events.emit('chainChanged', { caipNetworkId: id, namespace: ns, supported: true })
      return
    }
    await session.connector.switchNetwork(network)
    // Wallets that switch without a chainChanged event: read the network back.
    const now = await session.connector.getNetworkId().catch(() => id)
    if (sessions.get(ns) !== session) return
    // A network of another namespace makes that namespace the active one.
    const before = chain.networks.peek()[ns]?.caipNetwork?.caipNetworkId
    if (before === now) activate(ns)
    else chain.setActiveNamespace(ns)
    applyNetwork(ns, now, true)
  }

  /**
   * Reconnects silently the connectors remembered from the last visit, when the wallet still
   * authorises the site. With `activate: false` the active namespace stays as it is (the other
   * namespaces of a WalletConnect session joining the one the visitor connected).
   */
  async function reconnect(
    connector: Connector,
    options: { activate?: boolean } = {},
  ): Promise<boolean> {
    const ns = connector.namespace
    // One at a time: a connector that appears while another reconnects or connects waits its turn.
    const status = chain.accounts.peek()[ns]?.status
    if ((status !== undefined && status !== 'disconnected') || !p.adapters[ns]) return false
    chain.patchAccount(ns, { status: 'reconnecting' })
    try {
      if (!(await connector.isAuthorized())) throw new Error('not authorised')
      const accounts = await connector.getAccounts()
      if (!accounts.length) throw new Error('no account')
      const first = !chain.isConnected.peek()
      establish(ns, connector, accounts, await connector.getNetworkId(), options.activate ?? true)
      // Opened while the wallet was still being asked: the visitor sees the account, not the list.
      if (first && p.router.isOpen.peek() && p.router.view.peek() === 'Connect')
        p.router.reset('Account')
      return true
    } catch {
      if (chain.accounts.peek()[ns]?.status === 'reconnecting')
        chain.patchAccount(ns, { status: 'disconnected' })
      return false
    }
  }

  return {
    connect,
    disconnect,
    disconnectLocally,
    switchNetwork,
    /** Makes a namespace the active one (the Account and Networks views' namespace tabs). */
    activate,
    reconnect,
    /** Connections remembered from the last visit. */
    stored,
    /** The connector in use for a namespace (a signal read: computeds that ask follow it). */
    connectorOf: (ns: ChainNamespace) => inUse.value[ns],
    /** Loads balances and identity for a namespace (once the modal has been opened). */
    loadData,
    destroy() {
      for (const session of sessions.values()) for (const stop of session.stops) stop()
      sessions.clear()
      inUse.value = {}
    },
  }
}

/**
 * The account fields a connector knows: every account with its type and, for the embedded wallet,
 * the preferred type and the signed-in visitor; plain wallets list EOAs.
 */
function accountFields(connector: Connector, accounts: string[]): Partial<AccountState> {
  const info = connector.accountInfo?.()
  if (!info) return { allAccounts: accounts.map((a) => ({ address: a, type: 'eoa' as const })) }
  return {
    allAccounts: info.accounts,
    preferredAccountType: info.preferredAccountType,
    user: info.user,
    socialProvider: info.socialProvider,
  }
}

function isStoredList(value: unknown): value is StoredConnection[] {
  return (
    Array.isArray(value) &&
    value.every(
      (s) =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as StoredConnection).namespace === 'string' &&
        typeof (s as StoredConnection).connectorId === 'string' &&
        typeof (s as StoredConnection).name === 'string',
    )
  )
}
