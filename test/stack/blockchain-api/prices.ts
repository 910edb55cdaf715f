import {
  type Address,
  createPublicClient,
  formatUnits,
  http,
  isAddressEqual,
  type PublicClient,
  zeroAddress,
} from 'viem'
import type { ChainDescription, TokenDescription } from '../chain/deploy.js'
import { artifacts } from '../contracts/artifacts.js'

/** Symbol of the token priced at exactly 1 USD; every other price follows from the pools. */
export const USD_ANCHOR_SYMBOL = 'USDC'
/** Symbol of the wrapped native coin, whose price is the native coin's. */
export const WRAPPED_NATIVE_SYMBOL = 'WETH'

/** USD prices of one chain's tokens, read from its pools now. */
export interface ChainPrices {
  /** USD per whole token, keyed by lower-case token address; 0 when no pool leads to the anchor. */
  tokens: Map<string, number>
  /** USD per whole native coin. */
  native: number
}

/** A public client for the chain's RPC, without retries (a failure should show at once). */
export function chainClient(chain: ChainDescription): PublicClient {
  return createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
}

/** Spot price of `b` in units of `a` from the pool's reserves. */
function spot(
  reserveA: bigint,
  a: TokenDescription,
  reserveB: bigint,
  b: TokenDescription,
): number {
  return Number(formatUnits(reserveA, a.decimals)) / Number(formatUnits(reserveB, b.decimals))
}

/**
 * Reads every pool between the chain's tokens and walks outwards from the USD anchor,
 * so a token is priced through any chain of pools that reaches USDC.
 */
export async function readPrices(
  chain: ChainDescription,
  client: PublicClient,
): Promise<ChainPrices> {
  const router = { address: chain.router, abi: artifacts.SimpleRouter.abi } as const
  const pairs: [TokenDescription, TokenDescription][] = []
  chain.tokens.forEach((a, i) => {
    for (const b of chain.tokens.slice(i + 1)) pairs.push([a, b])
  })
  const pools = await Promise.all(
    pairs.map(async ([a, b]) => {
      const pair = await client.readContract({
        ...router,
        functionName: 'getPair',
        args: [a.address, b.address],
      })
      if (isAddressEqual(pair, zeroAddress)) return null
      const [reserveA, reserveB] = await client.readContract({
        ...router,
        functionName: 'getReserves',
        args: [a.address, b.address],
      })
      return reserveA > 0n && reserveB > 0n ? { a, b, reserveA, reserveB } : null
    }),
  )
  const known = new Map<Address, number>()
  const anchor = chain.tokens.find((t) => t.symbol === USD_ANCHOR_SYMBOL)
  if (anchor) known.set(anchor.address, 1)
  for (let changed = true; changed; ) {
    changed = false
    for (const pool of pools) {
      if (!pool) continue
      const { a, b, reserveA, reserveB } = pool
      const priceA = known.get(a.address)
      const priceB = known.get(b.address)
      if (priceA !== undefined && priceB === undefined) {
        known.set(b.address, priceA * spot(reserveA, a, reserveB, b))
        changed = true
      } else if (priceB !== undefined && priceA === undefined) {
        known.set(a.address, priceB * spot(reserveB, b, reserveA, a))
        changed = true
      }
    }
  }
  const tokens = new Map(
    chain.tokens.map((t) => [t.address.toLowerCase(), known.get(t.address) ?? 0]),
  )
  const wrapped = chain.tokens.find((t) => t.symbol === WRAPPED_NATIVE_SYMBOL)
  return { tokens, native: wrapped ? (known.get(wrapped.address) ?? 0) : 0 }
}
