import { encodeFunctionData, parseAbi } from 'viem'
import { expect, test } from 'vitest'
import { SwapTransactionMismatchError } from '../../../../src/core/errors/swap.js'
import { decodeSwapCall } from '../../../../src/core/swap/decode.js'
import { NATIVE_TOKEN_ADDRESS as NATIVE } from '../../../../src/core/swap/tokens.js'
import { USER, V2_ROUTER_ABI } from './harness.js'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const WETH = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const DAI = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const POOL = '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc'
const POOL2 = '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640'
const EXECUTOR = '0xE37e799D5077682FA0a244D46E5649F71457BD09'
const lower = (a: string) => a.toLowerCase()

/**
 * 1inch Aggregation Router v6's swap functions, as its published ABI names them (`Address` words
 * are uint256; docs/swap.md names the sources).
 */
const ONE_INCH_ABI = parseAbi([
  'function swap(address executor, (address srcToken, address dstToken, address srcReceiver, address dstReceiver, uint256 amount, uint256 minReturnAmount, uint256 flags) desc, bytes data) payable returns (uint256 returnAmount, uint256 spentAmount)',
  'function unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex) returns (uint256)',
  'function unoswap2(uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2) returns (uint256)',
  'function unoswap3(uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) returns (uint256)',
  'function unoswapTo(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex) returns (uint256)',
  'function unoswapTo2(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2) returns (uint256)',
  'function unoswapTo3(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) returns (uint256)',
  'function ethUnoswap(uint256 minReturn, uint256 dex) payable returns (uint256)',
  'function ethUnoswap2(uint256 minReturn, uint256 dex, uint256 dex2) payable returns (uint256)',
  'function ethUnoswap3(uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) payable returns (uint256)',
  'function ethUnoswapTo(uint256 to, uint256 minReturn, uint256 dex) payable returns (uint256)',
  'function ethUnoswapTo2(uint256 to, uint256 minReturn, uint256 dex, uint256 dex2) payable returns (uint256)',
  'function ethUnoswapTo3(uint256 to, uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) payable returns (uint256)',
])

/**
 * A pool word of unoswap (1inch's ProtocolLib): the pool's address, the protocol in bits 253-255,
 * the unwrap flag in bit 252, token0 → token1 in bit 247.
 */
function dex(
  pool: string,
  options: { protocol?: bigint; zeroForOne?: boolean; unwrap?: boolean } = {},
): bigint {
  return (
    BigInt(pool) |
    ((options.protocol ?? 0n) << 253n) |
    (options.unwrap ? 1n << 252n : 0n) |
    (options.zeroForOne ? 1n << 247n : 0n)
  )
}

/** The refusal `fn` throws, as `name field`. */
function refusal(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    if (error instanceof SwapTransactionMismatchError) return `${error.name} ${error.field}`
    throw error
  }
  return 'accepted'
}

test('default', () => {
  const data = encodeFunctionData({
    abi: V2_ROUTER_ABI,
    functionName: 'swapExactTokensForTokens',
    args: [3_000_000_000n, 986_046n, [USDC, WETH], USER, 1_700_001_200n],
  })
  expect(decodeSwapCall(data)).toEqual({
    input: lower(USDC),
    amountIn: 3_000_000_000n,
    output: lower(WETH),
    recipient: lower(USER),
    minimum: 986_046n,
    deadline: 1_700_001_200n,
  })
})

test('behavior: Uniswap-V2-style routers: the coin in or out, the path through a token', () => {
  const ethIn = encodeFunctionData({
    abi: V2_ROUTER_ABI,
    functionName: 'swapExactETHForTokens',
    args: [5n, [WETH, DAI, USDC], USER, 99n],
  })
  expect(decodeSwapCall(ethIn)).toEqual({
    input: NATIVE,
    amountIn: undefined,
    output: lower(USDC),
    recipient: lower(USER),
    minimum: 5n,
    deadline: 99n,
  })
  const ethOut = encodeFunctionData({
    abi: V2_ROUTER_ABI,
    functionName: 'swapExactTokensForETH',
    args: [7n, 5n, [USDC, WETH], POOL, 99n],
  })
  expect(decodeSwapCall(ethOut)).toMatchObject({
    input: lower(USDC),
    amountIn: 7n,
    output: NATIVE,
    recipient: lower(POOL),
  })
})

test('error: a V2 call the kit cannot read is refused', () => {
  const good = encodeFunctionData({
    abi: V2_ROUTER_ABI,
    functionName: 'swapExactTokensForTokens',
    args: [1n, 1n, [USDC, WETH], USER, 99n],
  })
  const words = good.slice(10).match(/.{64}/g) as string[]
  const rebuild = (patch: Record<number, string>) =>
    `0x38ed1739${words.map((w, i) => patch[i] ?? w).join('')}`
  const word = (n: bigint) => n.toString(16).padStart(64, '0')
  expect(refusal(() => decodeSwapCall(rebuild({})))).toBe('accepted')
  // A path of one token, an offset past the end or not on a word, dirty address words.
  expect(refusal(() => decodeSwapCall(rebuild({ 5: word(1n) })))).toBe(
    'SwapFunctionUnknownError function',
  )
  expect(refusal(() => decodeSwapCall(rebuild({ 2: word(0x400n) })))).toBe(
    'SwapFunctionUnknownError function',
  )
  expect(refusal(() => decodeSwapCall(rebuild({ 2: word(0xa1n) })))).toBe(
    'SwapFunctionUnknownError function',
  )
  expect(refusal(() => decodeSwapCall(rebuild({ 3: `ff${(words[3] as string).slice(2)}` })))).toBe(
    'SwapFunctionUnknownError function',
  )
  expect(refusal(() => decodeSwapCall(good.slice(0, 10 + 64 * 4)))).toBe(
    'SwapFunctionUnknownError function',
  )
})

test('behavior: 1inch swap(): the SwapDescription in full; no receiver is the caller', () => {
  const call = (desc: Partial<Record<string, unknown>>) =>
    encodeFunctionData({
      abi: ONE_INCH_ABI,
      functionName: 'swap',
      args: [
        EXECUTOR,
        {
          srcToken: USDC,
          dstToken: WETH,
          srcReceiver: EXECUTOR,
          dstReceiver: USER,
          amount: 3_000_000_000n,
          minReturnAmount: 986_046n,
          flags: 0n,
          ...desc,
        } as never,
        '0xdeadbeefcafe',
      ],
    })
  expect(decodeSwapCall(call({}))).toEqual({
    input: lower(USDC),
    amountIn: 3_000_000_000n,
    output: lower(WETH),
    recipient: lower(USER),
    minimum: 986_046n,
  })
  const zero = '0x0000000000000000000000000000000000000000'
  expect(decodeSwapCall(call({ dstReceiver: zero })).recipient).toBeUndefined()
  // The coin is 0xeeee…eeee or the zero address in 1inch's calls.
  expect(decodeSwapCall(call({ srcToken: zero })).input).toBe(NATIVE)
  expect(decodeSwapCall(call({ dstToken: NATIVE })).output).toBe(NATIVE)
  // 1inch appends a tag after the arguments; a contract ignores it, and so does the kit.
  expect(decodeSwapCall(`${call({})}8b1ccac8`).minimum).toBe(986_046n)
  // Partial fill, extra coins, Permit2: other amounts or another allowance than reviewed.
  for (const flags of [1n, 2n, 4n, 1n << 200n])
    expect(
      refusal(() => decodeSwapCall(call({ flags }))),
      String(flags),
    ).toBe('SwapFunctionUnknownError function')
})

test('behavior: 1inch unoswap families: input, amount, minimum, recipient and the last pool', () => {
  const d1 = dex(POOL, { zeroForOne: true })
  const d2 = dex(POOL2, { protocol: 1n })
  const unoswap = encodeFunctionData({
    abi: ONE_INCH_ABI,
    functionName: 'unoswap2',
    args: [BigInt(USDC), 10n, 9n, d1, d2],
  })
  expect(decodeSwapCall(unoswap)).toEqual({
    input: lower(USDC),
    amountIn: 10n,
    output: { pool: lower(POOL2), side: 0 },
    recipient: undefined,
    minimum: 9n,
  })
  const to = encodeFunctionData({
    abi: ONE_INCH_ABI,
    functionName: 'unoswapTo',
    // High bits of an Address word are flags the router masks off.
    args: [BigInt(USER) | (1n << 255n), BigInt(USDC), 10n, 9n, d1],
  })
  expect(decodeSwapCall(to)).toMatchObject({
    recipient: lower(USER),
    output: { pool: lower(POOL), side: 1 },
  })
  const ethTo3 = encodeFunctionData({
    abi: ONE_INCH_ABI,
    functionName: 'ethUnoswapTo3',
    args: [BigInt(USER), 4n, d2, d2, dex(POOL, { unwrap: true })],
  })
  expect(decodeSwapCall(ethTo3)).toEqual({
    input: NATIVE,
    amountIn: undefined,
    output: NATIVE,
    recipient: lower(USER),
    minimum: 4n,
  })
  // Every member of the families: the last pool is read, whatever the count.
  const last = dex(POOL2, { zeroForOne: true })
  const cases = {
    unoswap: [1n, 2n, 3n, last],
    unoswap2: [1n, 2n, 3n, d1, last],
    unoswap3: [1n, 2n, 3n, d1, d1, last],
    unoswapTo: [5n, 1n, 2n, 3n, last],
    unoswapTo2: [5n, 1n, 2n, 3n, d1, last],
    unoswapTo3: [5n, 1n, 2n, 3n, d1, d1, last],
    ethUnoswap: [3n, last],
    ethUnoswap2: [3n, d1, last],
    ethUnoswap3: [3n, d1, d1, last],
    ethUnoswapTo: [5n, 3n, last],
    ethUnoswapTo2: [5n, 3n, d1, last],
    ethUnoswapTo3: [5n, 3n, d1, d1, last],
  } as const
  for (const [name, args] of Object.entries(cases)) {
    const data = encodeFunctionData({ abi: ONE_INCH_ABI, functionName: name as never, args })
    const call = decodeSwapCall(data)
    const eth = name.startsWith('eth')
    expect(call, name).toEqual({
      input: eth ? NATIVE : `0x${'1'.padStart(40, '0')}`,
      amountIn: eth ? undefined : 2n,
      output: { pool: lower(POOL2), side: 1 },
      recipient: name.includes('To') ? `0x${'5'.padStart(40, '0')}` : undefined,
      minimum: 3n,
    })
  }
})

test('error: unoswap through a pool the kit cannot read, or too few pools, is refused', () => {
  const curve = encodeFunctionData({
    abi: ONE_INCH_ABI,
    functionName: 'unoswap',
    args: [BigInt(USDC), 10n, 9n, dex(POOL, { protocol: 2n })],
  })
  expect(refusal(() => decodeSwapCall(curve))).toBe('SwapOutputMismatchError pool')
  const short = encodeFunctionData({
    abi: ONE_INCH_ABI,
    functionName: 'unoswap',
    args: [BigInt(USDC), 10n, 9n, dex(POOL)],
  })
  expect(refusal(() => decodeSwapCall(short.slice(0, -64)))).toBe(
    'SwapFunctionUnknownError function',
  )
})

test('error: any other function, or no call at all, is refused', () => {
  const feeOnTransfer = encodeFunctionData({
    abi: parseAbi([
      'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
    ]),
    args: [1n, 1n, [USDC, WETH], USER, 99n],
  })
  for (const data of [feeOnTransfer, '0x', '0x1234', '0xzzzzzzzz', `${feeOnTransfer}0`])
    expect(
      refusal(() => decodeSwapCall(data)),
      data.slice(0, 12),
    ).toBe('SwapFunctionUnknownError function')
})
