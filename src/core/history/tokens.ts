import type { CaipNetwork } from '../types/caip.js'
import { nameSkeleton } from '../utils/lookalike.js'

/**
 * The real contracts of the symbols strangers imitate most, per network, as `SYMBOL prefix` pairs
 * (a symbol may have several: Circle's USDC and the bridged one). A prefix is the contract's first
 * 16 hex digits (eip155) or 11 base58 characters (a Solana mint): 64 bits, more than anyone can
 * grind a contract address to match, in a quarter of the bytes. Sources: the issuers' and the
 * networks' published addresses (Circle, Tether, MakerDAO, the OP Stack and Arbitrum docs).
 */
const CANONICAL: Readonly<Record<string, string>> = {
  'eip155:1':
    'USDC a0b86991c6218b36 USDT dac17f958d2ee523 WETH c02aaa39b223fe8d DAI 6b175474e89094c4 WBTC 2260fac5e5542a77',
  'eip155:10':
    'USDC 0b2c639c533813f4 USDC 7f5c764cbc14f966 USDT 94b008aa00579c13 WETH 4200000000000000 DAI da10009cbd5d07dd WBTC 68f180fcce683668',
  'eip155:137':
    'USDC 3c499c542cef5e38 USDC 2791bca1f2de4661 USDT c2132d05d31c914a WETH 7ceb23fd6bc0add5 DAI 8f3cf7ad23cd3cad WBTC 1bfd67037b42cf73',
  'eip155:8453':
    'USDC 833589fcd6edb6e0 USDT fde4c96c8593536e WETH 4200000000000000 DAI 50c5725949a6f0c7',
  'eip155:42161':
    'USDC af88d065e77c8cc2 USDC ff970a61a04b1ca1 USDT fd086bc7cd5c481d WETH 82af49447d8a07e3 DAI da10009cbd5d07dd WBTC 2f2a2543b76a4166',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'USDC EPjFWdd5Auf USDT Es9vMFrzaCE',
}

/** What a network's own tokens are: symbol (as a reader sees it) → real contracts. */
export type TokenBook = ReadonlyMap<string, readonly string[]>

/** A contract as compared: hex lower case without `0x`, a base58 mint as it is. */
const plain = (contract: string) =>
  /^0x[0-9a-fA-F]{40}$/.test(contract) ? contract.slice(2).toLowerCase() : contract

/**
 * The well-known tokens of a network: the built-in table, the network's native currency (no
 * contract), and the tokens the site declared on the network object (`tokens`, e.g. a devnet's
 * own USDC), which take the place of the built-in ones of their symbol.
 */
export function tokenBook(network: CaipNetwork | undefined): TokenBook {
  const book = new Map<string, string[]>()
  if (!network) return book
  const pairs = (CANONICAL[network.caipNetworkId] ?? '').split(' ').filter(Boolean)
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const symbol = nameSkeleton(pairs[i] as string)
    book.set(symbol, [...(book.get(symbol) ?? []), pairs[i + 1] as string])
  }
  for (const [symbol, contract] of Object.entries(network.tokens ?? {}))
    book.set(nameSkeleton(symbol), [plain(contract)])
  book.set(nameSkeleton(network.nativeCurrency.symbol), [''])
  return book
}

/**
 * Whether a token is the real one of its symbol: `true` when the book has the symbol and the
 * contract is one of its own (`null`, no contract, for the native currency), `false` when the book
 * has the symbol and the contract is another (an imitation), `undefined` when the book does not
 * have the symbol or the service did not say which contract moved.
 */
export function isCanonical(
  book: TokenBook,
  symbol: string,
  contract: string | null | undefined,
): boolean | undefined {
  const real = book.get(nameSkeleton(symbol))
  if (!real || contract === undefined) return undefined
  const mine = contract === null ? '' : plain(contract)
  return real.some((prefix) =>
    prefix === '' ? mine === '' : mine !== '' && mine.startsWith(prefix),
  )
}
