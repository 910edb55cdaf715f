import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core'
import type { CaipAddress, CaipNetwork, ChainNamespace } from './types/caip.js'
import type { ConnectorSummary } from './types/events.js'
import type { AccountType } from './types/options.js'

/** A token balance (from the blockchain API or the network's RPC). */
export type TokenBalance = {
  name: string
  symbol: string
  /** CAIP-10 token address; absent for the native coin. */
  address?: string | undefined
  chainId: string
  price: number
  value: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string | undefined
}

/** Account state of one namespace (SPEC §3). */
export type AccountState = {
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  caipAddress: CaipAddress | undefined
  address: string | undefined
  balance: string | undefined
  balanceSymbol: string | undefined
  balanceStatus: 'idle' | 'loading' | 'ready' | 'error'
  profileName: string | undefined
  profileImage: string | undefined
  /** True once the name lookup has answered (with a name or none); false while unknown. */
  profileLoaded: boolean
  addressExplorerUrl: string | undefined
  tokenBalance: TokenBalance[]
  smartAccountDeployed: boolean
  currentTab: number
  addressLabels: Readonly<Record<string, string>>
  allAccounts: readonly { address: string; type: AccountType }[]
  connectedWalletInfo: { name: string; icon?: string | undefined } | undefined
  preferredAccountType: AccountType
  socialProvider: string | undefined
  socialWindow: undefined
  farcasterUrl: string | undefined
  user: { email?: string | undefined; username?: string | undefined } | undefined
  connector: ConnectorSummary | undefined
}

/** Network state of one namespace (SPEC §3). */
export type NetworkState = {
  caipNetwork: CaipNetwork | undefined
  requestedCaipNetworks: CaipNetwork[]
  approvedCaipNetworkIds: string[]
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: number[]
}

/** A fresh, disconnected account state. */
export function emptyAccount(preferredAccountType: AccountType): AccountState {
  return {
    status: 'disconnected',
    caipAddress: undefined,
    address: undefined,
    balance: undefined,
    balanceSymbol: undefined,
    balanceStatus: 'idle',
    profileName: undefined,
    profileImage: undefined,
    profileLoaded: false,
    addressExplorerUrl: undefined,
    tokenBalance: [],
    smartAccountDeployed: false,
    currentTab: 0,
    addressLabels: {},
    allAccounts: [],
    connectedWalletInfo: undefined,
    preferredAccountType,
    socialProvider: undefined,
    socialWindow: undefined,
    farcasterUrl: undefined,
    user: undefined,
    connector: undefined,
  }
}

/** Per-namespace account and network state, with one active namespace. */
export type ChainState = ReturnType<typeof createChainState>

/**
 * Creates the per-namespace state of SPEC §3 for the namespaces of the configured networks.
 */
export function createChainState(parameters: {
  networks: CaipNetwork[]
  defaultNetwork: CaipNetwork
  accountTypes: Partial<Record<ChainNamespace, AccountType>>
}) {
  const namespaces = [...new Set(parameters.networks.map((n) => n.namespace))]
  const typeOf = (ns: ChainNamespace) => parameters.accountTypes[ns] ?? 'eoa'
  const initialAccounts = () =>
    Object.fromEntries(namespaces.map((ns) => [ns, emptyAccount(typeOf(ns))])) as Partial<
      Record<ChainNamespace, AccountState>
    >
  const initialNetwork = (ns: ChainNamespace): NetworkState => {
    const requested = parameters.networks.filter((n) => n.namespace === ns)
    return {
      caipNetwork:
        parameters.defaultNetwork.namespace === ns ? parameters.defaultNetwork : requested[0],
      requestedCaipNetworks: requested,
      approvedCaipNetworkIds: [],
      supportsAllNetworks: true,
      smartAccountEnabledNetworks: [],
    }
  }
  const accounts = signal(initialAccounts())
  const networks = signal(
    Object.fromEntries(namespaces.map((ns) => [ns, initialNetwork(ns)])) as Partial<
      Record<ChainNamespace, NetworkState>
    >,
  )
  const activeNamespace = signal<ChainNamespace>(parameters.defaultNetwork.namespace)

  const account = computed(() => accounts.value[activeNamespace.value])
  const network = computed(() => networks.value[activeNamespace.value])
  const isConnected = computed(() =>
    Object.values(accounts.value).some((a) => a?.status === 'connected' && a.address),
  )

  return {
    namespaces: namespaces as readonly ChainNamespace[],
    accounts: accounts as ReadonlySignal<Partial<Record<ChainNamespace, AccountState>>>,
    networks: networks as ReadonlySignal<Partial<Record<ChainNamespace, NetworkState>>>,
    activeNamespace: activeNamespace as ReadonlySignal<ChainNamespace>,
    /** The active namespace's account. */
    account,
    /** The active namespace's network. */
    network,
    /** True when any namespace has a connected address. */
    isConnected,
    /** Merges fields into a namespace's account state. */
    patchAccount(ns: ChainNamespace, patch: Partial<AccountState>) {
      const current = accounts.value[ns] ?? emptyAccount(typeOf(ns))
      accounts.value = { ...accounts.value, [ns]: { ...current, ...patch } }
    },
    /** Merges fields into a namespace's network state. */
    patchNetwork(ns: ChainNamespace, patch: Partial<NetworkState>) {
      const current = networks.value[ns] ?? initialNetwork(ns)
      networks.value = { ...networks.value, [ns]: { ...current, ...patch } }
    },
    /** Makes a namespace the active one. */
    setActiveNamespace(ns: ChainNamespace) {
      activeNamespace.value = ns
    },
    /** Resets a namespace's account and network state (SPEC §4 disconnect). */
    reset(ns: ChainNamespace) {
      batch(() => {
        accounts.value = { ...accounts.value, [ns]: emptyAccount(typeOf(ns)) }
        networks.value = { ...networks.value, [ns]: initialNetwork(ns) }
      })
    },
  }
}

/** What views, connectors and feature controllers may read of the chain state: no writer. */
export type ChainView = Pick<
  ChainState,
  'namespaces' | 'accounts' | 'networks' | 'activeNamespace' | 'account' | 'network' | 'isConnected'
>

/** The read-only side of the chain state, as an object of its own (the writers are not on it). */
export function readOnlyChain(chain: ChainState): ChainView {
  const { namespaces, accounts, networks, activeNamespace, account, network, isConnected } = chain
  return { namespaces, accounts, networks, activeNamespace, account, network, isConnected }
}
