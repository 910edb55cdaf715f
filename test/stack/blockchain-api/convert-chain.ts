import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  maxUint256,
  type PublicClient,
  zeroAddress,
} from 'viem'
import type { ChainDescription, TokenDescription } from '../chain/deploy.js'
import { artifacts } from '../contracts/artifacts.js'
import { NATIVE_TOKEN_ADDRESS } from './namespaces.js'
import { chainClient } from './prices.js'

/** A request the exchange cannot serve, answered with `status` and the public service's body. */
export class ConvertError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The body the answer carries instead of `{ message }`. */
    readonly body?: unknown,
  ) {
    super(message)
  }
}

/** The reason the public service gives when no pool can fill a swap. */
export const INSUFFICIENT_LIQUIDITY = 'Conversion parameter error: insufficient liquidity'

/** One side of a swap: a seeded token, or the chain's coin. */
export type ConvertAsset =
  | { kind: 'token'; token: TokenDescription; caip10: string }
  | { kind: 'native'; caip10: string }

/** Gas a swap is assumed to take when it cannot be estimated (SPEC §9's swap estimate). */
export const FALLBACK_SWAP_GAS = 150_000n

const DEADLINE_SECONDS = 20n * 60n
const NATIVE_META = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/** What a tampered swap call gets wrong (the convert stand-in's switches, SECURITY row 28). */
export type SwapCallTamper = {
  recipient?: Address
  amountIn?: bigint
  otherOutput?: boolean
  selector?: Hex
}

/** The exchange of one local chain: its tokens, pools and router, read live. */
export type ConvertChain = ReturnType<typeof createConvertChain>

/** Creates the exchange of one chain over its router (quotes, allowance and calldata are real). */
export function createConvertChain(
  chain: ChainDescription,
  client: PublicClient = chainClient(chain),
) {
  const caip2 = `eip155:${chain.chainId}`
  const router = { address: chain.router, abi: artifacts.SimpleRouter.abi } as const
  const poolAddress = (asset: ConvertAsset) =>
    asset.kind === 'native' ? chain.wrappedNative : asset.token.address

  /** A CAIP-10 id of this chain as an asset; throws 400 for anything else. */
  function asset(caip10: string, what: string): ConvertAsset {
    const [namespace, reference, address = ''] = caip10.split(':')
    if (`${namespace}:${reference}` !== caip2 || !isAddress(address, { strict: false }))
      throw new ConvertError(400, `Invalid ${what}: ${caip10}`)
    if (address.toLowerCase() === NATIVE_TOKEN_ADDRESS) return { kind: 'native', caip10 }
    const token = chain.tokens.find((t) => isAddressEqual(t.address, address as Address))
    if (!token) throw new ConvertError(400, `Unknown token: ${caip10}`)
    return { kind: 'token', token, caip10 }
  }

  async function hasPool(a: Address, b: Address): Promise<boolean> {
    const pair = await client.readContract({ ...router, functionName: 'getPair', args: [a, b] })
    return !isAddressEqual(pair, zeroAddress)
  }

  /** The path (direct, or through one token) that pays the most for `amount`, and what it pays. */
  async function route(
    from: ConvertAsset,
    to: ConvertAsset,
    amount: bigint,
  ): Promise<{ path: Address[]; amountOut: bigint }> {
    const a = poolAddress(from)
    const b = poolAddress(to)
    if (isAddressEqual(a, b)) throw new ConvertError(400, '`from` and `to` must differ')
    const candidates: Address[][] = []
    if (await hasPool(a, b)) candidates.push([a, b])
    for (const middle of chain.tokens) {
      if (isAddressEqual(middle.address, a) || isAddressEqual(middle.address, b)) continue
      if ((await hasPool(a, middle.address)) && (await hasPool(middle.address, b)))
        candidates.push([a, middle.address, b])
    }
    let best: { path: Address[]; amountOut: bigint } | undefined
    for (const path of candidates) {
      const amounts = await client.readContract({
        ...router,
        functionName: 'getAmountsOut',
        args: [amount, path],
      })
      const amountOut = amounts[amounts.length - 1] ?? 0n
      if (!best || amountOut > best.amountOut) best = { path, amountOut }
    }
    if (!best || best.amountOut === 0n)
      throw new ConvertError(400, INSUFFICIENT_LIQUIDITY, {
        status: 'FAILED',
        reasons: [{ description: INSUFFICIENT_LIQUIDITY }],
      })
    return best
  }

  return {
    caip2,
    chain,
    asset,
    route,

    /** Every token of the exchange, the chain's coin first, as `/v1/convert/tokens` lists them. */
    tokens(): { symbol: string; name: string; decimals: number; caip10: string }[] {
      return [
        { ...NATIVE_META, caip10: `${caip2}:${NATIVE_TOKEN_ADDRESS}` },
        ...chain.tokens.map((t) => ({
          symbol: t.symbol,
          name: t.name,
          decimals: t.decimals,
          caip10: `${caip2}:${t.address}`,
        })),
      ]
    },

    /** What `owner` lets the router spend; the chain's coin needs no allowance. */
    async allowance(token: ConvertAsset, owner: Address): Promise<bigint> {
      if (token.kind === 'native') return maxUint256
      return client.readContract({
        address: token.token.address,
        abi: artifacts.TestToken.abi,
        functionName: 'allowance',
        args: [owner, chain.router],
      })
    },

    gasPrice: () => client.getGasPrice(),

    /** `approve(router, amount)` on the token's contract. */
    approveCalldata(amount: bigint, spender: Address = chain.router): Hex {
      return encodeFunctionData({
        abi: artifacts.TestToken.abi,
        functionName: 'approve',
        args: [spender, amount],
      })
    },

    /**
     * The router call that swaps `amount` of `from` for at least `minOut` of `to` for `user`, with
     * the ether it must carry, a deadline 20 minutes after the latest block and the gas it takes
     * (estimated; the fallback and the reason when the estimate fails, e.g. before the approval).
     */
    async swapCall(input: {
      from: ConvertAsset
      to: ConvertAsset
      path: Address[]
      amount: bigint
      minOut: bigint
      user: Address
      /** A tampered call: another recipient, amount in or output, or a function the kit does not read. */
      tamper?: SwapCallTamper | undefined
    }): Promise<{ to: Address; data: Hex; value: bigint; gas: bigint; estimateError?: string }> {
      const { from, to, amount, minOut, user, tamper } = input
      const block = await client.getBlock()
      const deadline = block.timestamp + DEADLINE_SECONDS
      const recipient = tamper?.recipient ?? user
      const amountIn = tamper?.amountIn ?? amount
      // Another output: the path ends in another token, or in the wrapped coin instead of the coin.
      const other = chain.tokens.find((t) => !input.path.some((a) => isAddressEqual(a, t.address)))
      const path =
        tamper?.otherOutput && to.kind !== 'native' && other
          ? [...input.path.slice(0, -1), other.address]
          : input.path
      const toCoin = to.kind === 'native' && !tamper?.otherOutput
      const encoded =
        from.kind === 'native'
          ? encodeFunctionData({
              ...router,
              functionName: 'swapExactETHForTokens',
              args: [minOut, path, recipient, deadline],
            })
          : toCoin
            ? encodeFunctionData({
                ...router,
                functionName: 'swapExactTokensForETH',
                args: [amountIn, minOut, path, recipient, deadline],
              })
            : encodeFunctionData({
                ...router,
                functionName: 'swapExactTokensForTokens',
                args: [amountIn, minOut, path, recipient, deadline],
              })
      // The same arguments under the selector of a router function the kit does not read.
      const data: Hex = tamper?.selector ? `${tamper.selector}${encoded.slice(10)}` : encoded
      const value = from.kind === 'native' ? amount : 0n
      try {
        const gas = await client.estimateGas({ account: user, to: chain.router, data, value })
        return { to: chain.router, data, value, gas }
      } catch (error) {
        const reason = (error as { shortMessage?: string }).shortMessage ?? String(error)
        return { to: chain.router, data, value, gas: FALLBACK_SWAP_GAS, estimateError: reason }
      }
    },

    /** A user address of a CAIP-10 id of this chain; throws 400 otherwise. */
    user(caip10: string): Address {
      const [namespace, reference, address = ''] = caip10.split(':')
      if (`${namespace}:${reference}` !== caip2 || !isAddress(address, { strict: false }))
        throw new ConvertError(400, `Invalid userAddress: ${caip10}`)
      return getAddress(address)
    },
  }
}
