import { HttpRequestError } from '../core/errors/http.js'
import { InsufficientLiquidityError } from '../core/errors/swap.js'
import type { ServiceTransaction, SwapApi, SwapToken } from '../core/swap/types.js'
import type { CaipAddress } from '../core/types/caip.js'
import type { HttpClient } from './http.js'
import { list, optionalText, record, text } from './parse.js'

/**
 * The swap's convert calls and the price call (SPEC §7) over the blockchain API. Answers are
 * checked field by field: amounts must be unsigned integers of at most 78 digits, decimals at
 * most 36, addresses well formed; anything else is refused (SECURITY row 20).
 */
export function createSwapService(http: HttpClient): SwapApi {
  return {
    getTokens(caipNetworkId) {
      return http.json(
        { path: '/v1/convert/tokens', params: { chainId: caipNetworkId }, identify: 'query' },
        (value) => parseTokens(value, caipNetworkId),
      )
    },
    async getQuote({ amount, userAddress, from, to, gasPrice, signal }) {
      try {
        return await http.json(
          {
            path: '/v1/convert/quotes',
            params: {
              amount: amount.toString(),
              userAddress,
              from,
              to,
              gasPrice: gasPrice?.toString(),
            },
            signal,
            identify: 'query',
          },
          parseQuote,
        )
      } catch (error) {
        if (isLiquidityError(error)) throw new InsufficientLiquidityError({ cause: error })
        throw error
      }
    },
    getAllowance({ tokenAddress, userAddress }) {
      return http.json(
        { path: '/v1/convert/allowance', params: { tokenAddress, userAddress }, identify: 'query' },
        (value) => uint(record(value, 'allowance').allowance, 'allowance'),
      )
    },
    getGasPrice(caipNetworkId) {
      return http.json(
        { path: '/v1/convert/gas-price', params: { chainId: caipNetworkId }, identify: 'query' },
        (value) => uint(record(value, 'gas price').standard, 'standard'),
      )
    },
    buildApprove({ userAddress, from, to, amount }) {
      return http.json(
        {
          path: '/v1/convert/build-approve',
          params: { userAddress, from, to, amount: amount?.toString() },
          identify: 'query',
        },
        parseTransaction,
      )
    },
    buildTransaction({ amount, slippage, userAddress, from, to }) {
      return http.json(
        {
          path: '/v1/convert/build-transaction',
          body: {
            amount: amount.toString(),
            eip155: { slippage },
            from,
            to,
            userAddress,
            // The service must not refuse a swap whose approval is not mined yet.
            disableEstimate: true,
          },
          identify: 'body',
        },
        parseTransaction,
      )
    },
    getPrices(tokens) {
      return http.json(
        {
          path: '/v1/fungible/price',
          body: { currency: 'usd', addresses: tokens.map((t) => t.address) },
          identify: 'body',
        },
        (value) => parsePrices(value, tokens),
      )
    },
  }
}

const UINT = /^\d{1,78}$/
const HEX_UINT = /^0x[0-9a-fA-F]{1,64}$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CAIP10 = /^eip155:([0-9]{1,32}):(0x[0-9a-fA-F]{40})$/
const LOGO = /^(https:\/\/|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,])/i

/** An unsigned integer given as a decimal string, a 0x string or a safe integer. */
function uint(value: unknown, what: string): bigint {
  if (typeof value === 'string' && (UINT.test(value) || HEX_UINT.test(value))) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw new Error(`${what} is not an unsigned integer`)
}

function optionalUint(o: Record<string, unknown>, key: string): bigint | undefined {
  const value = Object.hasOwn(o, key) ? o[key] : undefined
  return value === undefined || value === null ? undefined : uint(value, key)
}

/** `{ tokens }`: entries of this network with sane decimals and addresses; others are dropped. */
export function parseTokens(value: unknown, caipNetworkId: string): SwapToken[] {
  const out: SwapToken[] = []
  const seen = new Set<string>()
  for (const item of list(record(value, 'response').tokens, 'tokens')) {
    try {
      const t = record(item, 'token')
      const address = text(t, 'address', 200)
      const match = CAIP10.exec(address)
      if (!match || `eip155:${match[1]}` !== caipNetworkId) continue
      const decimals = t.decimals
      if (typeof decimals !== 'number' || !Number.isInteger(decimals)) continue
      if (decimals < 0 || decimals > 36) continue
      const key = address.toLowerCase()
      if (seen.has(key)) continue
      const logo = optionalText(t, 'logoUri', 256 * 1024)
      out.push({
        name: text(t, 'name', 200),
        symbol: text(t, 'symbol', 40),
        address: address as CaipAddress,
        decimals,
        logoUri: logo && LOGO.test(logo) ? logo : undefined,
      })
      seen.add(key)
    } catch {}
  }
  return out
}

/** `{ quotes }`: the first quote's `toAmount`, or undefined when there is none. */
export function parseQuote(value: unknown): bigint | undefined {
  const quotes = list(record(value, 'response').quotes, 'quotes')
  if (quotes.length === 0) return undefined
  const first = record(quotes[0], 'quote')
  const amount = Object.hasOwn(first, 'toAmount') ? first.toAmount : undefined
  if (amount === undefined || amount === null || amount === '') return undefined
  return uint(amount, 'toAmount')
}

/** `{ tx }` of build-approve and build-transaction. */
export function parseTransaction(value: unknown): ServiceTransaction {
  const tx = record(record(value, 'response').tx, 'tx')
  const to = text(tx, 'to', 200)
  const caip = CAIP10.exec(to)
  if (!caip && !ADDRESS.test(to)) throw new Error('to is not an address')
  const data = text(tx, 'data', 200_000)
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw new Error('data is not hex')
  const eip155 = Object.hasOwn(tx, 'eip155') && tx.eip155 != null ? record(tx.eip155, 'eip155') : {}
  return {
    to: caip ? (caip[2] as string) : to,
    chainReference: caip ? caip[1] : undefined,
    data: data as `0x${string}`,
    value: optionalUint(tx, 'value'),
    gas: optionalUint(eip155, 'gas'),
    gasPrice: optionalUint(eip155, 'gasPrice'),
    toAmount: optionalUint(tx, 'amount'),
  }
}

/**
 * `{ fungibles }`: a finite, non-negative price per token asked for, matched by the address the
 * entry names, else by its symbol when one token asked for has it.
 */
export function parsePrices(
  value: unknown,
  asked: readonly { address: string; symbol: string }[],
): Map<string, number> {
  const prices = new Map<string, number>()
  for (const item of list(record(value, 'response').fungibles, 'fungibles')) {
    try {
      const f = record(item, 'fungible')
      const price = f.price
      if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) continue
      const address = optionalText(f, 'address', 200)?.toLowerCase()
      const symbol = optionalText(f, 'symbol', 40)
      const matches = asked.filter((t) =>
        address ? t.address.toLowerCase() === address : t.symbol === symbol,
      )
      if (matches.length === 1)
        prices.set((matches[0] as { address: string }).address.toLowerCase(), price)
    } catch {}
  }
  return prices
}

/** A 400 whose body names insufficient liquidity (the public service's convert error shape). */
function isLiquidityError(error: unknown): boolean {
  if (!(error instanceof HttpRequestError) || error.status !== 400 || !error.body) return false
  try {
    const body = JSON.parse(error.body) as { reasons?: { description?: unknown }[] }
    const description = body.reasons?.[0]?.description
    return typeof description === 'string' && /insufficient liquidity/i.test(description)
  } catch {
    return false
  }
}
