import { computed, type ReadonlySignal, signal } from '@preact/signals-core'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { CaipNetwork } from '../../core/types/caip.js'
import type { Connector } from '../../core/types/connector.js'
import type { RpcRequest } from '../../core/types/services.js'
import { cleanLabel } from '../../core/utils/text.js'
import { checkIcon } from '../injected/discovery.js'
import { hasSolanaChain } from './chains.js'
import { createSolanaStandardConnector } from './connector.js'

export type { SolanaProvider } from './provider.js'

/** The part of `@wallet-standard/app`'s registry the discovery uses (replaceable in tests). */
export type WalletRegistry = {
  get(): readonly Wallet[]
  on(event: 'register' | 'unregister', listener: () => void): () => void
}

/** True for a wallet that can connect (`standard:connect`) and names a `solana:` chain. */
export function isSolanaWallet(wallet: unknown): wallet is Wallet {
  if (typeof wallet !== 'object' || wallet === null) return false
  const w = wallet as Partial<Wallet>
  return (
    Array.isArray(w.chains) &&
    hasSolanaChain(w.chains) &&
    typeof w.features === 'object' &&
    w.features !== null &&
    Object.hasOwn(w.features, 'standard:connect')
  )
}

/**
 * The Solana wallets of the page, as connectors of namespace 'solana': discovered through the
 * Wallet Standard (`getWallets()`, which tells wallets the app is ready) for the page's lifetime.
 * Names are cleaned and cut, icons kept only as data URIs of safe types; wallets sharing a name are
 * all kept and marked, as EIP-6963 wallets are. Call it from `init()` only, and only when the site
 * configured a Solana network: discovery is the first thing a wallet sees of the site.
 */
export function createSolanaStandardConnectors(parameters: {
  /** The site's Solana networks, the default one first. */
  networks: readonly CaipNetwork[]
  registry?: WalletRegistry
  /** JSON-RPC to a network's endpoint (sending for wallets that only sign). */
  rpc: RpcRequest
}) {
  const registry = parameters.registry ?? getWallets()
  const wallets = signal<readonly Wallet[]>(registry.get().filter(isSolanaWallet))
  const refresh = () => {
    wallets.value = registry.get().filter(isSolanaWallet)
  }
  const stops = [registry.on('register', refresh), registry.on('unregister', refresh)]
  const cache = new WeakMap<Wallet, { key: string; connector: Connector }>()

  const connectors: ReadonlySignal<readonly Connector[]> = computed(() => {
    const list = wallets.value
    const names = new Map<string, number>()
    for (const w of list) {
      const name = (cleanLabel(w.name, 40) || 'Unknown wallet').toLowerCase()
      names.set(name, (names.get(name) ?? 0) + 1)
    }
    const seen = new Map<string, number>()
    return list.map((wallet) => {
      const name = cleanLabel(wallet.name, 40) || 'Unknown wallet'
      const count = (seen.get(name.toLowerCase()) ?? 0) + 1
      seen.set(name.toLowerCase(), count)
      const duplicateName = (names.get(name.toLowerCase()) ?? 0) > 1
      const id = `wallet-standard:${name}${count > 1 ? `#${count}` : ''}`
      const key = `${id}|${duplicateName}`
      const cached = cache.get(wallet)
      if (cached?.key === key) return cached.connector
      const connector = createSolanaStandardConnector({
        id,
        name,
        icon: checkIcon(wallet.icon),
        flags: duplicateName ? { duplicateName } : {},
        wallet,
        networks: parameters.networks,
        rpc: parameters.rpc,
      })
      cache.set(wallet, { key, connector })
      return connector
    })
  })

  return {
    connectors,
    destroy() {
      for (const stop of stops) stop()
    },
  }
}
