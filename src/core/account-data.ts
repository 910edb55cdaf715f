import type { ChainState } from './chain-state.js'
import { BALANCE_RETRY_MS, NAME_NAMESPACES } from './constants.js'
import { TokenBalanceUnavailableError } from './errors/http.js'
import { isProductName } from './names/label.js'
import type { NamesApi } from './names/types.js'
import type { Toasts } from './toast.js'
import type { ChainAdapter } from './types/adapter.js'
import type { ChainNamespace } from './types/caip.js'
import { isHttpsUrl } from './utils/url.js'

/**
 * Loads what the Account view shows for a namespace: balances (blockchain API; on failure
 * 'Token Balance Unavailable' and a RETRY lock of BALANCE_RETRY_MS during which only the network's
 * own RPC is asked), the native balance (falling back to the RPC), the name (the account's own
 * product name by reverse lookup, else the identity's) and avatar, and the explorer link.
 */
export function createAccountData(parameters: {
  chain: ChainState
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>
  toasts: Toasts
  provider: (ns: ChainNamespace) => unknown
  /** The names service, for the reverse lookup of an account's own name. */
  names?: Pick<NamesApi, 'reverseNames'> | undefined
  now?: () => number
}) {
  const now = parameters.now ?? Date.now
  const lockedUntil = new Map<ChainNamespace, number>()
  const generations = new Map<ChainNamespace, number>()

  async function refresh(ns: ChainNamespace): Promise<void> {
    const { chain } = parameters
    const adapter = parameters.adapters[ns]
    const account = chain.accounts.peek()[ns]
    const network = chain.networks.peek()[ns]?.caipNetwork
    if (!adapter || !account?.address || !network) return
    const address = account.address
    const run = (generations.get(ns) ?? 0) + 1
    generations.set(ns, run)
    const stillCurrent = () =>
      run === generations.get(ns) &&
      chain.accounts.peek()[ns]?.address === address &&
      chain.networks.peek()[ns]?.caipNetwork === network
    chain.patchAccount(ns, {
      balanceStatus: 'loading',
      addressExplorerUrl:
        network.explorerUrl && isHttpsUrl(network.explorerUrl)
          ? `${network.explorerUrl.replace(/\/$/, '')}/address/${address}`
          : undefined,
    })

    let tokens: Awaited<ReturnType<ChainAdapter['getTokenBalances']>> | undefined
    if ((lockedUntil.get(ns) ?? 0) <= now()) {
      try {
        tokens = await adapter.getTokenBalances(address, network)
      } catch (error) {
        lockedUntil.set(ns, now() + BALANCE_RETRY_MS)
        if (stillCurrent())
          parameters.toasts.error(new TokenBalanceUnavailableError(error), 'BALANCE_UNAVAILABLE')
      }
    }
    const native = tokens?.find((t) => !t.address && t.chainId === network.caipNetworkId)
    let balance = native ? { amount: native.quantity.numeric, symbol: native.symbol } : undefined
    if (!balance) {
      try {
        balance = await adapter.getNativeBalance(address, network, parameters.provider(ns))
      } catch {
        balance = undefined
      }
    }
    if (!stillCurrent()) return
    chain.patchAccount(ns, {
      balance: balance?.amount,
      balanceSymbol: balance?.symbol ?? network.nativeCurrency.symbol,
      balanceStatus: balance || tokens ? 'ready' : 'error',
      tokenBalance: tokens ?? [],
    })
    if (!account.profileName) {
      const reverse =
        parameters.names && (NAME_NAMESPACES as readonly string[]).includes(ns)
          ? parameters.names.reverseNames(address).catch(() => [])
          : []
      const [names, identity] = await Promise.all([
        reverse,
        adapter.getIdentity?.(address).catch(() => undefined),
      ])
      // A product name counts only when it really points back at this address.
      const own = names.find(
        (r) =>
          isProductName(r.name) &&
          r.addresses.some((a) => a.address.toLowerCase() === address.toLowerCase()),
      )?.name
      // A name registered while the lookup ran is the newer answer.
      const latest = chain.accounts.peek()[ns]
      if (latest?.address === address && !latest.profileName)
        chain.patchAccount(ns, {
          profileName: own ?? identity?.name ?? undefined,
          profileImage: identity?.avatar ?? undefined,
          profileLoaded: true,
        })
    }
  }

  return {
    refresh,
    /** The account registered `name` just now: show it at once. */
    setProfileName(ns: ChainNamespace, address: string, name: string) {
      if (parameters.chain.accounts.peek()[ns]?.address === address)
        parameters.chain.patchAccount(ns, { profileName: name, profileLoaded: true })
    },
    /** True while the blockchain API is not asked again after a failure. */
    isLocked: (ns: ChainNamespace) => (lockedUntil.get(ns) ?? 0) > now(),
  }
}
