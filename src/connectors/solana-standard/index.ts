import { computed, type ReadonlySignal, signal } from '@preact/signals-core'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { keccak256, stringToBytes } from 'viem'
import type { CaipNetwork } from '../../core/types/caip.js'
import type { Connector } from '../../core/types/connector.js'
import type { RpcRequest } from '../../core/types/services.js'
import { lazyObject } from '../../core/utils/lazy-object.js'
import { cleanLabel, hasHiddenCharacters } from '../../core/utils/text.js'
import { type Discovered, listDiscovered, markDiscovered } from '../discovered.js'
import { checkIcon } from '../injected/discovery.js'
import { hasSolanaChain } from './chains.js'
import type { StandardFeatures } from './connector.js'

export type { SolanaProvider } from './provider.js'

declare const require: (id: string) => unknown

/**
 * The connector's module, with its provider and `@solana/*`: evaluated on a wallet's first use (a
 * connect, the silent reconnect) or in the idle warm-up (`embed/kit.ts`), not while the
 * page loads; what Connect lists is known from discovery alone. The bundler resolves the require
 * at build time (docs/architecture.md, "Short tasks while a page loads").
 */
export function solanaConnectorModule() {
  return require('./connector.js') as typeof import('./connector.js')
}

/** The part of `@wallet-standard/app`'s registry the discovery uses (replaceable in tests). */
export type WalletRegistry = {
  get(): readonly Wallet[]
  on(event: 'register' | 'unregister', listener: () => void): () => void
}

/** Most Wallet Standard wallets listed whose name the catalogue does not know (SECURITY.md row 11). */
export const MAX_STANDARD_WALLETS = 32

/** A registered wallet's fields, each read once: what every later check and the connector use. */
type Snapshot = Discovered & {
  wallet: Wallet
  /** The hash of the name exactly as registered: the connector's id. */
  id: string
  icon: string | undefined
  chains: readonly string[]
  features: StandardFeatures
}

/**
 * Reads a registered wallet once: its name, icon, chains and features, each by one property read,
 * so that a getter cannot show one name to the checks and another later. A wallet that throws, or
 * cannot connect (`standard:connect`) on a `solana:` chain, is left out.
 */
function readOnce(wallet: unknown): Omit<Snapshot, 'key'> | undefined {
  try {
    if (typeof wallet !== 'object' || wallet === null) return undefined
    const w = wallet as Record<string, unknown>
    const raw: unknown = w.name
    const icon: unknown = w.icon
    const chains: unknown = w.chains
    const features: unknown = w.features
    if (!Array.isArray(chains) || typeof features !== 'object' || features === null)
      return undefined
    const list = chains.slice(0, 64).filter((c): c is string => typeof c === 'string')
    if (!hasSolanaChain(list) || !Object.hasOwn(features, 'standard:connect')) return undefined
    const exact = typeof raw === 'string' ? raw : ''
    return {
      wallet: wallet as Wallet,
      id: `wallet-standard:${keccak256(stringToBytes(exact)).slice(2, 18)}`,
      name: cleanLabel(raw, 40) || 'Unknown wallet',
      icon: checkIcon(icon),
      chains: Object.freeze(list),
      features: features as StandardFeatures,
      flags: hasHiddenCharacters(raw) ? { hiddenCharacters: true } : {},
    }
  } catch {
    return undefined
  }
}

/** True for a wallet that can connect (`standard:connect`) and names a `solana:` chain. */
export function isSolanaWallet(wallet: unknown): wallet is Wallet {
  return readOnce(wallet) !== undefined
}

/**
 * The Solana wallets of the page, as connectors of namespace 'solana': discovered through the
 * Wallet Standard (`getWallets()`, which tells wallets the app is ready) for the page's lifetime.
 * What EIP-6963 wallets get (SECURITY.md rows 9–11): each wallet is read once; names are cleaned
 * of invisible characters (marked when they had any) and cut; icons are kept only as data URIs of
 * safe types; wallets whose names read alike are all kept and marked, and a marked one is never
 * reconnected silently; at most MAX_STANDARD_WALLETS wallets the catalogue does not know are
 * listed. A connector's id is the hash of the name exactly as registered, never the name shown:
 * two names that show alike are two ids. Call it from `init()` only, and only when the site
 * configured a Solana network: discovery is the first thing a wallet sees of the site.
 */
export function createSolanaStandardConnectors(parameters: {
  /** The site's Solana networks, the default one first. */
  networks: readonly CaipNetwork[]
  registry?: WalletRegistry
  /** JSON-RPC to a network's endpoint (sending for wallets that only sign). */
  rpc: RpcRequest
  /** True for a wallet name (lower case) the catalogue knows on Solana (may read signals). */
  known?: (name: string) => boolean
}) {
  const registry = parameters.registry ?? getWallets()
  const snapshots = new WeakMap<object, Omit<Snapshot, 'key'> | null>()
  const read = (wallet: Wallet) => {
    let s = snapshots.get(wallet)
    if (s === undefined) {
      s = readOnce(wallet) ?? null
      snapshots.set(wallet, s)
    }
    return s
  }
  const wallets = signal<readonly Wallet[]>(registry.get())
  const refresh = () => {
    wallets.value = registry.get()
  }
  const stops = [registry.on('register', refresh), registry.on('unregister', refresh)]
  const memo = new WeakMap<Snapshot, Snapshot>()
  let keyed = new Map<string, Snapshot>()
  const cache = new WeakMap<Snapshot, Connector>()

  const listing = computed(() => {
    const ids = new Map<string, number>()
    const kept: Snapshot[] = []
    const next = new Map<string, Snapshot>()
    for (const wallet of new Set(wallets.value)) {
      const s = read(wallet)
      if (!s) continue
      const n = (ids.get(s.id) ?? 0) + 1
      ids.set(s.id, n)
      const key = n > 1 ? `${s.id}#${n}` : s.id
      // The same wallet under the same key is the same object, so its marks and connector stay.
      const before = keyed.get(key)
      const snapshot = before?.wallet === wallet ? before : Object.freeze({ ...s, key })
      next.set(key, snapshot)
      kept.push(snapshot)
    }
    keyed = next
    return listDiscovered(kept, {
      claim: (w) => w.name.toLowerCase(),
      known: parameters.known,
      cap: MAX_STANDARD_WALLETS,
      perKnown: 4,
    })
  })

  const connectors: ReadonlySignal<readonly Connector[]> = computed(() =>
    markDiscovered(listing.value.listed, memo).map((s) => {
      let connector = cache.get(s)
      if (!connector) {
        const known = {
          id: s.key,
          name: s.name,
          icon: s.icon,
          flags: s.flags,
          type: 'ANNOUNCED',
          namespace: 'solana',
          rdns: undefined,
        } as const
        connector = lazyObject<Connector>(known, () =>
          solanaConnectorModule().createSolanaStandardConnector({
            ...known,
            wallet: s.wallet,
            chains: s.chains,
            features: s.features,
            networks: parameters.networks,
            rpc: parameters.rpc,
          }),
        )
        cache.set(s, connector)
      }
      return connector
    }),
  )

  return {
    connectors,
    /** Registered wallets left out of the list (over the cap). */
    leftOut: computed(() => listing.value.leftOut),
    destroy() {
      for (const stop of stops) stop()
    },
  }
}
