import type { TokenBalance } from '../chain-state.js'
import { SWAP_POPULAR_TOKEN_SYMBOLS, SWAP_SUGGESTED_TOKEN_SYMBOLS } from '../constants.js'
import { toBaseUnits } from './calculations.js'
import type { SwapToken } from './types.js'

/** Pseudo-address of the network's coin in swap token lists (service-shapes §1.1). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A swap token with what the account holds of it (SPEC §3 `myTokensWithBalance`). */
export type SwapTokenWithBalance = SwapToken & {
  /** Held, in base units. */
  balance: bigint
  /** Held, as a decimal string in whole tokens. */
  quantity: string
  /** USD per whole token (0 when unknown). */
  price: number
  /** USD value of the holding. */
  value: number
}

/** True when the token is the network's coin. */
export function isNativeToken(token: Pick<SwapToken, 'address'>): boolean {
  return token.address.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`)
}

/** The plain 0x address of a swap token's CAIP-10 id. */
export function plainAddress(token: Pick<SwapToken, 'address'>): string {
  return token.address.slice(token.address.lastIndexOf(':') + 1)
}

/** The balance entry of a swap token: by CAIP-10, the network's coin by its missing address. */
function balanceOf(token: SwapToken, balances: readonly TokenBalance[]): TokenBalance | undefined {
  const network = token.address.slice(0, token.address.lastIndexOf(':'))
  const native = isNativeToken(token)
  return balances.find((b) =>
    native
      ? !b.address && b.chainId === network
      : b.address?.toLowerCase() === token.address.toLowerCase(),
  )
}

/** A swap token with the account's holding of it (zero when it holds none). */
export function withBalance(
  token: SwapToken,
  balances: readonly TokenBalance[],
  prices: Readonly<Record<string, number>> = {},
): SwapTokenWithBalance {
  const held = balanceOf(token, balances)
  const quantity = held?.quantity.numeric ?? '0'
  const price = prices[token.address.toLowerCase()] ?? held?.price ?? 0
  return {
    ...token,
    quantity,
    balance: toBaseUnits(quantity, token.decimals) ?? 0n,
    price,
    value: held?.value ?? 0,
  }
}

/** The lists of the token selector (SPEC §9: suggested and popular tokens). */
export type SwapTokenLists = {
  /** Tokens the account holds, the most valuable first. */
  myTokensWithBalance: SwapTokenWithBalance[]
  /** The suggested symbols the network trades, in the constant's order. */
  suggestedTokens: SwapToken[]
  /** Every other token: the popular symbols first, then the rest by symbol. */
  popularTokens: SwapToken[]
}

/** Splits the network's swap tokens into the selector's lists. */
export function tokenLists(
  tokens: readonly SwapToken[],
  balances: readonly TokenBalance[],
  prices: Readonly<Record<string, number>> = {},
): SwapTokenLists {
  const myTokensWithBalance = tokens
    .map((t) => withBalance(t, balances, prices))
    .filter((t) => t.balance > 0n)
    .sort((a, b) => b.value - a.value)
  const rank = (list: readonly string[], symbol: string) => {
    const i = list.indexOf(symbol)
    return i === -1 ? Number.POSITIVE_INFINITY : i
  }
  const suggested = SWAP_SUGGESTED_TOKEN_SYMBOLS as readonly string[]
  const popular = SWAP_POPULAR_TOKEN_SYMBOLS as readonly string[]
  const suggestedTokens = tokens
    .filter((t) => suggested.includes(t.symbol))
    .sort((a, b) => rank(suggested, a.symbol) - rank(suggested, b.symbol))
  const popularTokens = tokens
    .filter((t) => !suggested.includes(t.symbol))
    .sort(
      (a, b) =>
        rank(popular, a.symbol) - rank(popular, b.symbol) || a.symbol.localeCompare(b.symbol),
    )
  return { myTokensWithBalance, suggestedTokens, popularTokens }
}

/** Tokens whose symbol, name or address contains `query` (case-insensitive), in list order. */
export function searchTokens<T extends SwapToken>(tokens: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...tokens]
  return tokens.filter(
    (t) =>
      t.symbol.toLowerCase().includes(q) ||
      t.name.toLowerCase().includes(q) ||
      plainAddress(t).toLowerCase() === q,
  )
}
