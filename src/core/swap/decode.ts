import { SwapFunctionUnknownError, SwapOutputMismatchError } from '../errors/swap.js'
import { NATIVE_TOKEN_ADDRESS as NATIVE } from './tokens.js'

/**
 * Reads the swap call a service built, by hand: a few selectors and 32-byte words, where viem's
 * ABI decoder would add kilobytes to the bundle. Two shapes are known (docs/swap.md):
 * Uniswap-V2-style routers (the local stack's, or a site's own) and 1inch's Aggregation Router
 * v6, the public convert API's (`swap`, and the `unoswap` / `ethUnoswap` families). Anything else
 * is refused.
 */

/** A swap call, decoded. Addresses are lower case; the coin is NATIVE_TOKEN_ADDRESS. */
export type SwapCall = {
  /** The token paid. */
  input: string
  /** The amount paid, as the call states it; undefined when it is the transaction's value. */
  amountIn?: bigint | undefined
  /** The token bought, or the pool that pays it out and its side (0: token0, 1: token1). */
  output: string | { pool: string; side: 0 | 1 }
  /** Who receives it; undefined for the caller (the visitor's account). */
  recipient?: string | undefined
  /** The least the call accepts to receive, in the token bought's base units. */
  minimum: bigint
  /** Unix seconds after which the call fails, when it has one. */
  deadline?: bigint | undefined
}

const MASK_160 = (1n << 160n) - 1n
const hexAddress = (value: bigint) => `0x${(value & MASK_160).toString(16).padStart(40, '0')}`

/** The call's arguments as 32-byte words (a partial word at the end is left out). */
function argumentsOf(data: string): bigint[] {
  if (!/^0x[0-9a-fA-F]{8}([0-9a-fA-F]{2})*$/.test(data)) refuse(data)
  return (data.slice(10).match(/.{64}/g) ?? []).map((w) => BigInt(`0x${w}`))
}

function refuse(data: string, expected = 'a swap function WalletKit reads'): never {
  throw new SwapFunctionUnknownError({ field: 'function', expected, received: data.slice(0, 10) })
}

/** An address argument: a word whose 12 first bytes are zero. */
function address(args: bigint[], i: number, data: string): string {
  const value = args[i]
  if (value === undefined || value > MASK_160) refuse(data)
  return hexAddress(value)
}

/** Uniswap V2 router: `swapExact*` with the path as `address[]` at its offset. */
function uniswapV2(data: string, args: bigint[], eth: 'in' | 'out' | undefined): SwapCall {
  // (amountIn,) amountOutMin, path, to, deadline
  const at = eth === 'in' ? 0 : 1
  if (args.length < at + 4) refuse(data)
  const offset = Number(args[at + 1] ?? -1n) / 32
  const length = Number(args[offset] ?? 0n)
  if (!Number.isInteger(offset) || length < 2 || length > 8 || offset + length >= args.length)
    refuse(data)
  const path = Array.from({ length }, (_, i) => address(args, offset + 1 + i, data))
  return {
    input: eth === 'in' ? NATIVE : (path[0] as string),
    amountIn: eth === 'in' ? undefined : args[0],
    output: eth === 'out' ? NATIVE : (path[length - 1] as string),
    recipient: address(args, at + 2, data),
    minimum: args[at] as bigint,
    deadline: args[at + 3],
  }
}

/** 1inch v6 `swap(executor, desc, data)`: the SwapDescription's seven words follow the executor. */
function oneInchSwap(data: string, args: bigint[]): SwapCall {
  if (args.length < 9) refuse(data)
  const token = (i: number) => {
    const value = address(args, i, data)
    return BigInt(value) === 0n ? NATIVE : value
  }
  // Partial fills (1), extra coins (2) and Permit2 (4) move other amounts, or through another
  // allowance, than the review states.
  if ((args[7] as bigint) !== 0n) refuse(data, 'a swap without flags')
  const receiver = address(args, 4, data)
  return {
    input: token(1),
    amountIn: args[5],
    output: token(2),
    recipient: BigInt(receiver) === 0n ? undefined : receiver,
    minimum: args[6] as bigint,
  }
}

// The pool words of unoswap (1inch's ProtocolLib and UnoswapRouter): the pool's address in the
// low 160 bits, the protocol in bits 253-255 (0 Uniswap V2, 1 Uniswap V3, 2 Curve), the output
// unwrapped to the coin when bit 252 is set, token0 → token1 when bit 247 is set.
const PROTOCOL_OFFSET = 253n
const UNWRAP_FLAG = 1n << 252n
const ZERO_FOR_ONE_OFFSET = 247n

/**
 * 1inch v6 `unoswap*` / `ethUnoswap*`: `[to,] [token, amount,] minReturn, dex…`. The output is the
 * last pool's, read from the chain by the caller; pools of other protocols are refused.
 */
function unoswap(data: string, args: bigint[], shape: number): SwapCall {
  const pools = shape & 3
  const to = (shape & 4) !== 0
  const eth = (shape & 8) !== 0
  const head = (to ? 1 : 0) + (eth ? 0 : 2)
  if (args.length < head + 1 + pools) refuse(data)
  const dex = args[head + pools] as bigint
  const protocol = dex >> PROTOCOL_OFFSET
  if (protocol > 1n)
    throw new SwapOutputMismatchError({
      field: 'pool',
      expected: 'a Uniswap V2 or V3 pool',
      received: `protocol ${protocol}`,
    })
  return {
    input: eth ? NATIVE : hexAddress(args[to ? 1 : 0] as bigint),
    amountIn: eth ? undefined : args[head - 1],
    output:
      (dex & UNWRAP_FLAG) !== 0n
        ? NATIVE
        : { pool: hexAddress(dex), side: ((dex >> ZERO_FOR_ONE_OFFSET) & 1n) === 1n ? 1 : 0 },
    recipient: to ? hexAddress(args[0] as bigint) : undefined,
    minimum: args[head] as bigint,
  }
}

/** Selector → unoswap shape: the pools (1-3), +4 with an explicit `to`, +8 paying the coin. */
const UNOSWAP: Readonly<Record<string, number>> = {
  '0x83800a8e': 1, // unoswap
  '0x8770ba91': 2, // unoswap2
  '0x19367472': 3, // unoswap3
  '0xe2c95c82': 5, // unoswapTo
  '0xea76dddf': 6, // unoswapTo2
  '0xf7a70056': 7, // unoswapTo3
  '0xa76dfc3b': 9, // ethUnoswap
  '0x89af926a': 10, // ethUnoswap2
  '0x188ac35d': 11, // ethUnoswap3
  '0x175accdc': 13, // ethUnoswapTo
  '0x0f449d71': 14, // ethUnoswapTo2
  '0x493189f0': 15, // ethUnoswapTo3
}

/**
 * Decodes the swap call a service built. Arguments past the ones read are allowed (1inch appends
 * a tag to its calldata; a contract ignores them).
 *
 * @throws SwapFunctionUnknownError for a function the kit does not read, or arguments it cannot;
 *   SwapOutputMismatchError ('pool') for an unoswap through a pool type it cannot read.
 */
export function decodeSwapCall(data: string): SwapCall {
  const selector = data.slice(0, 10).toLowerCase()
  const args = argumentsOf(data)
  const shape = UNOSWAP[selector]
  if (shape) return unoswap(data, args, shape)
  switch (selector) {
    case '0x38ed1739': // swapExactTokensForTokens(uint256,uint256,address[],address,uint256)
      return uniswapV2(data, args, undefined)
    case '0x7ff36ab5': // swapExactETHForTokens(uint256,address[],address,uint256)
      return uniswapV2(data, args, 'in')
    case '0x18cbafe5': // swapExactTokensForETH(uint256,uint256,address[],address,uint256)
      return uniswapV2(data, args, 'out')
    case '0x07ed2379': // swap(address,(address,address,address,address,uint256,uint256,uint256),bytes)
      return oneInchSwap(data, args)
  }
  return refuse(data)
}
