import type { ChainState } from './chain-state.js'
import { BALANCE_RETRY_MS } from './constants.js'
import type { Toasts } from './toast.js'
import type { ChainAdapter } from './types/adapter.js'
import type { ChainNamespace } from './types/caip.js'
import { isHttpsUrl } from './utils/url.js'

/**
 * Loads what the Account view shows for a namespace: balances (blockchain API; on failure
 * 'Token Balance Unavailable' and a RETRY lock of BALANCE_RETRY_MS during which only the network's
 * own RPC is asked), the native balance (falling back to the RPC), the identity and the explorer link.
 */
export function createAccountData(parameters: {
  chain: ChainState
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>
  toasts: Toasts
  provider: (ns: ChainNamespace) => unknown
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
      } catch {
        lockedUntil.set(ns, now() + BALANCE_RETRY_MS)
        if (stillCurrent())
          parameters.toasts.error('Token Balance Unavailable', 'BALANCE_UNAVAILABLE')
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
    if (adapter.getIdentity && !account.profileName) {
      const identity = await adapter.getIdentity(address).catch(() => undefined)
      if (identity && chain.accounts.peek()[ns]?.address === address)
        chain.patchAccount(ns, {
          profileName: identity.name ?? undefined,
          profileImage: identity.avatar ?? undefined,
        })
    }
  }

  return {
    refresh,
    /** True while the blockchain API is not asked again after a failure. */
    isLocked: (ns: ChainNamespace) => (lockedUntil.get(ns) ?? 0) > now(),
  }
}
