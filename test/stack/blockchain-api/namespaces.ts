import { formatUnits, getAddress, isAddress } from 'viem'
import type { ChainDescription } from '../chain/deploy.js'
import { artifacts } from '../contracts/artifacts.js'
import { tokenIconUrl } from './fixtures.js'
import { createBlockIndex } from './history/block-index.js'
import { eip155Items } from './history/eip155-items.js'
import { createTokenBook } from './history/tokens.js'
import type { IndexedItem } from './history/types.js'
import { type ChainPrices, chainClient, readPrices } from './prices.js'

/** One entry of `/v1/account/{address}/balance`, in the public service's shape. */
export interface BalanceItem {
  name: string
  symbol: string
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string
  /** CAIP-10 of the token contract; absent for the native coin. */
  address?: string
  /** USD value of the holding. */
  value: number
  /** USD per whole unit. */
  price: number
  /** `numeric` is in whole units, e.g. '1.5'. */
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** One entry of `POST /v1/fungible/price`. */
export interface FungiblePrice {
  name: string
  symbol: string
  iconUrl: string
  price: number
}

/** What the API needs from one CAIP-2 namespace; add one per namespace (eip155, solana, …). */
export interface NamespaceHandler {
  namespace: string
  /** CAIP-2 ids served, for `/v1/supported-chains`. */
  supportedChains(): { http: string[]; ws: string[] }
  /** Whether `address` is an account address of this namespace. */
  isAccount(address: string): boolean
  /** Non-zero holdings of `address` on `chainId` (a CAIP-2 id from `supportedChains`). */
  balances(address: string, chainId: string): Promise<BalanceItem[]>
  /** Prices of CAIP-10 assets of this namespace, in order; null for an unknown asset. */
  fungibles(assets: string[]): Promise<(FungiblePrice | null)[]>
  /** Every history item of `address` on `chainId`, read from the chain now (any order). */
  history?(address: string, chainId: string): Promise<IndexedItem[]>
}

/** Pseudo-address that price and swap services use for the native coin. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const NATIVE = { name: 'Ethereum', symbol: 'ETH', decimals: 18 } as const

/** The eip155 namespace, backed by the local chains (balances and prices read live). */
export function createEip155Namespace(chains: readonly ChainDescription[]): NamespaceHandler {
  const byCaip2 = new Map(chains.map((c) => [`eip155:${c.chainId}`, c]))
  const clients = new Map(chains.map((c) => [c, chainClient(c)]))
  const clientOf = (chain: ChainDescription) => clients.get(chain) ?? chainClient(chain)
  const books = new Map(chains.map((c) => [c, createTokenBook(c, clientOf(c))]))
  // A chain that went back may hold other contracts at the same addresses: forget their metadata.
  const indexes = new Map(
    chains.map((c) => [c, createBlockIndex(c.rpcUrl, { onReset: () => books.get(c)?.clear() })]),
  )
  const ids = [...byCaip2.keys()]

  return {
    namespace: 'eip155',
    supportedChains: () => ({ http: [...ids], ws: [...ids] }),
    isAccount: (address) => isAddress(address, { strict: false }),

    async balances(address, chainId) {
      const chain = byCaip2.get(chainId)
      if (!chain) return []
      const client = clientOf(chain)
      const owner = getAddress(address)
      const [prices, native, held] = await Promise.all([
        readPrices(chain, client),
        client.getBalance({ address: owner }),
        Promise.all(
          chain.tokens.map((t) =>
            client.readContract({
              address: t.address,
              abi: artifacts.TestToken.abi,
              functionName: 'balanceOf',
              args: [owner],
            }),
          ),
        ),
      ])
      const item = (
        meta: { name: string; symbol: string; decimals: number },
        amount: bigint,
        price: number,
        asset?: string,
      ): BalanceItem => {
        const numeric = formatUnits(amount, meta.decimals)
        return {
          name: meta.name,
          symbol: meta.symbol,
          chainId,
          ...(asset !== undefined && { address: `${chainId}:${asset}` }),
          value: Number(numeric) * price,
          price,
          quantity: { decimals: String(meta.decimals), numeric },
          iconUrl: tokenIconUrl(meta.symbol),
        }
      }
      const items: BalanceItem[] = []
      if (native > 0n) items.push(item(NATIVE, native, prices.native))
      chain.tokens.forEach((t, i) => {
        const amount = held[i] ?? 0n
        if (amount > 0n) items.push(item(t, amount, priceOf(prices, t.address), t.address))
      })
      // Largest holdings first, as the public service lists them.
      return items.sort((a, b) => b.value - a.value)
    },

    async history(address, chainId) {
      const chain = byCaip2.get(chainId)
      const index = chain && indexes.get(chain)
      const tokens = chain && books.get(chain)
      if (!chain || !index || !tokens) return []
      return eip155Items({
        caip2: chainId,
        owner: address,
        transactions: await index.update(),
        tokens,
        prices: () => readPrices(chain, clientOf(chain)),
      })
    },

    async fungibles(assets) {
      const cache = new Map<ChainDescription, Promise<ChainPrices>>()
      return Promise.all(
        assets.map(async (asset) => {
          const [namespace, reference, tokenAddress = ''] = asset.split(':')
          const chain = byCaip2.get(`${namespace}:${reference}`)
          if (!chain || !isAddress(tokenAddress, { strict: false })) return null
          let pending = cache.get(chain)
          if (!pending) {
            pending = readPrices(chain, clientOf(chain))
            cache.set(chain, pending)
          }
          const prices = await pending
          if (tokenAddress.toLowerCase() === NATIVE_TOKEN_ADDRESS) {
            return {
              name: NATIVE.name,
              symbol: NATIVE.symbol,
              iconUrl: tokenIconUrl(NATIVE.symbol),
              price: prices.native,
            }
          }
          const token = chain.tokens.find(
            (t) => t.address.toLowerCase() === tokenAddress.toLowerCase(),
          )
          if (!token) return null
          return {
            name: token.name,
            symbol: token.symbol,
            iconUrl: tokenIconUrl(token.symbol),
            price: priceOf(prices, token.address),
          }
        }),
      )
    },
  }
}

function priceOf(prices: ChainPrices, address: string): number {
  return prices.tokens.get(address.toLowerCase()) ?? 0
}
