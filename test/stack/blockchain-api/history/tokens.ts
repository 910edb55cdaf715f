import { type Address, erc20Abi, getAddress, type PublicClient } from 'viem'
import type { ChainDescription } from '../../chain/deploy.js'
import { tokenIconUrl } from '../fixtures.js'

/** What the indexer knows of a token that moved. */
export interface TokenInfo {
  address: Address
  name: string
  symbol: string
  decimals: number
  /** One of the chain's listed tokens (its icon and price are known). */
  listed: boolean
  /** Flagged by the indexer's spam rules. */
  spam: boolean
  icon?: string
}

/** Names and symbols of scam airdrops point somewhere: a link or a domain. */
const LINK = /(https?:|www\.|\.(com|io|org|net|xyz|app|site|top|claim)\b|claim|visit|reward)/i

/**
 * Token metadata for the indexer: the chain's listed tokens as deployed, anything else read from
 * the contract once (name, symbol, decimals; a contract that does not answer gets empty strings
 * and 18). The spam rules, applied to unlisted tokens only: the name or symbol of a listed token
 * (an imitation), or a name or symbol carrying a link (a claim-your-reward airdrop).
 */
export function createTokenBook(chain: ChainDescription, client: PublicClient) {
  const cache = new Map<string, Promise<TokenInfo>>()
  const listed = new Map(chain.tokens.map((t) => [t.address.toLowerCase(), t]))
  const listedNames = new Set(
    chain.tokens.flatMap((t) => [t.symbol.toLowerCase(), t.name.toLowerCase()]),
  )

  async function read(address: Address): Promise<TokenInfo> {
    const known = listed.get(address.toLowerCase())
    if (known)
      return {
        address: known.address,
        name: known.name,
        symbol: known.symbol,
        decimals: known.decimals,
        listed: true,
        spam: false,
        icon: tokenIconUrl(known.symbol),
      }
    const call = <T>(functionName: 'name' | 'symbol' | 'decimals', fallback: T) =>
      client
        .readContract({ address, abi: erc20Abi, functionName })
        .then((v) => v as T)
        .catch(() => fallback)
    const [name, symbol, decimals] = await Promise.all([
      call('name', ''),
      call('symbol', ''),
      call('decimals', 18),
    ])
    const imitates =
      listedNames.has(symbol.trim().toLowerCase()) || listedNames.has(name.trim().toLowerCase())
    return {
      address: getAddress(address),
      name,
      symbol,
      decimals: Number(decimals) <= 77 ? Number(decimals) : 18,
      listed: false,
      spam: imitates || LINK.test(name) || LINK.test(symbol),
    }
  }

  return {
    /** Metadata of the token at `address` (cached; contracts on a test chain never change). */
    info(address: Address): Promise<TokenInfo> {
      const key = address.toLowerCase()
      let pending = cache.get(key)
      if (!pending) {
        pending = read(address)
        cache.set(key, pending)
        // A failed read is retried next time rather than remembered.
        pending.catch(() => cache.delete(key))
      }
      return pending
    },
    /** Forgets what was read (the chain was reset). */
    clear: () => cache.clear(),
  }
}

/** The token book of one chain. */
export type TokenBook = ReturnType<typeof createTokenBook>
