import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { UnauthorizedProviderError, UnrecognizedChainError } from '../../core/errors/rpc.js'
import type { CaipNetwork, CaipNetworkId } from '../../core/types/caip.js'
import type { Connector, ConnectorFlags } from '../../core/types/connector.js'
import type { RpcRequest } from '../../core/types/services.js'
import { lazyEvents } from '../lazy-events.js'
import { hasSolanaChain, walletChainOf } from './chains.js'
import { toSolanaWalletError } from './errors.js'
import { createSolanaProvider, type SolanaProvider } from './provider.js'

/** The Wallet Standard features the connector uses beside the Solana ones. */
export type StandardFeatures = Partial<{
  'standard:connect': {
    connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>
  }
  'standard:disconnect': { disconnect(): Promise<void> }
  'standard:events': {
    on(
      event: 'change',
      listener: (properties: { accounts?: readonly WalletAccount[]; chains?: unknown }) => void,
    ): () => void
  }
}>

/** What a Wallet Standard connector is built from. */
export type SolanaStandardConnectorParameters = {
  /** Unique among connectors, stable across reloads (for the silent reconnect). */
  id: string
  /** The wallet's name, already cleaned. */
  name: string
  /** A checked data: URI, or undefined. */
  icon?: string | undefined
  flags?: ConnectorFlags | undefined
  wallet: Wallet
  /** The wallet's chains and features as read once at discovery (default: read from `wallet`). */
  chains?: readonly string[] | undefined
  features?: StandardFeatures | undefined
  /** The site's Solana networks, the default one first. */
  networks: readonly CaipNetwork[]
  /** JSON-RPC to a network's endpoint (sending for wallets that only sign). */
  rpc: RpcRequest
}

/** The accounts of `list` that may be used on Solana (accounts that name no chain count too). */
function solanaAccounts(list: unknown): WalletAccount[] {
  if (!Array.isArray(list)) return []
  return list.filter(
    (a): a is WalletAccount =>
      typeof a === 'object' &&
      a !== null &&
      typeof (a as WalletAccount).address === 'string' &&
      (!Array.isArray((a as WalletAccount).chains) ||
        (a as WalletAccount).chains.length === 0 ||
        hasSolanaChain((a as WalletAccount).chains)),
  )
}

/**
 * Creates a connector of namespace 'solana' over a Wallet Standard wallet: `standard:connect`
 * (silently for the reconnect), `standard:disconnect`, account changes from `standard:events`,
 * and `getProvider()` → {@link SolanaProvider}. Solana wallets sign for whichever cluster the
 * dapp names, so switching network only checks that the wallet knows the cluster.
 */
export function createSolanaStandardConnector(p: SolanaStandardConnectorParameters): Connector {
  const { wallet } = p
  const features = p.features ?? (wallet.features as StandardFeatures)
  const chains = p.chains ?? wallet.chains
  const { emitter, on } = lazyEvents(() => attach())
  const fallback =
    p.networks[0]?.caipNetworkId ?? ('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const)
  let current: CaipNetworkId = fallback
  let selected: string | undefined

  const knows = (chains: readonly string[] | undefined, id: CaipNetworkId) =>
    !chains?.length || chains.includes(walletChainOf(id))
  // The accounts connect() answered with: a wallet may update its `accounts` property after its
  // connect call resolves, and the kit counts as connected from that answer on.
  let answered: WalletAccount[] = []
  const account = (): WalletAccount | undefined => {
    const accounts = solanaAccounts(wallet.accounts)
    return (
      accounts.find((a) => a.address === selected) ??
      answered.find((a) => a.address === selected) ??
      accounts[0]
    )
  }

  async function connect(silent: boolean): Promise<WalletAccount[]> {
    const feature = features['standard:connect']
    if (!feature) throw new UnauthorizedProviderError({ message: 'The wallet cannot connect.' })
    let output: { accounts: readonly WalletAccount[] }
    try {
      output = await feature.connect(silent ? { silent: true } : undefined)
    } catch (error) {
      throw toSolanaWalletError(error)
    }
    const accounts = solanaAccounts(output?.accounts)
    return accounts.length ? accounts : solanaAccounts(wallet.accounts)
  }

  function attach() {
    const events = features['standard:events']
    if (!events) return undefined
    return events.on('change', (properties) => {
      if (!properties || !('accounts' in properties)) return
      const accounts = solanaAccounts(properties.accounts)
      if (!accounts.some((a) => a.address === selected)) selected = accounts[0]?.address
      // The kit uses the first account: keep the one in use first while it is still offered.
      const addresses = accounts.map((a) => a.address)
      emitter.emit('accountsChanged', [
        ...addresses.filter((a) => a === selected),
        ...addresses.filter((a) => a !== selected),
      ])
    })
  }

  return Object.freeze({
    id: p.id,
    name: p.name,
    type: 'ANNOUNCED',
    namespace: 'solana',
    rdns: undefined,
    icon: p.icon,
    flags: p.flags,
    async connect({ network }: { network?: CaipNetwork | undefined }) {
      const accounts = await connect(false)
      const first = accounts[0]
      if (!first)
        throw new UnauthorizedProviderError({ message: 'The wallet returned no Solana account.' })
      selected = first.address
      answered = accounts
      const wanted = network?.namespace === 'solana' ? network.caipNetworkId : current
      current = knows(first.chains, wanted)
        ? wanted
        : (p.networks.find((n) => knows(first.chains, n.caipNetworkId))?.caipNetworkId ?? wanted)
      return { accounts: accounts.map((a) => a.address), caipNetworkId: current }
    },
    async disconnect() {
      selected = undefined
      answered = []
      try {
        await features['standard:disconnect']?.disconnect()
      } catch (error) {
        throw toSolanaWalletError(error)
      }
    },
    async getAccounts() {
      const accounts = solanaAccounts(wallet.accounts)
      if (!accounts.some((a) => a.address === selected)) selected = accounts[0]?.address
      return accounts.map((a) => a.address)
    },
    async getNetworkId() {
      return current
    },
    async isAuthorized() {
      if (solanaAccounts(wallet.accounts).length > 0) return true
      try {
        return (await connect(true)).length > 0
      } catch {
        return false
      }
    },
    async switchNetwork(network: CaipNetwork) {
      if (network.namespace !== 'solana' || !knows(chains, network.caipNetworkId))
        throw new UnrecognizedChainError({
          message: `${p.name} does not support ${walletChainOf(network.caipNetworkId)}.`,
        })
      current = network.caipNetworkId
    },
    getProvider(): SolanaProvider | undefined {
      const connected = account()
      if (!connected) return undefined
      return createSolanaProvider({
        wallet,
        features,
        account: connected,
        chain: walletChainOf(current),
        network: p.networks.find((n) => n.caipNetworkId === current),
        caipNetworkId: current,
        rpc: p.rpc,
      })
    },
    on,
  } satisfies Connector)
}
