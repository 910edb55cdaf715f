import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { expect, test } from 'vitest'
import { SwapTransactionMismatchError } from '../../../../src/core/errors/swap.js'
import { NATIVE_TOKEN_ADDRESS } from '../../../../src/core/swap/tokens.js'
import type { ServiceTransaction } from '../../../../src/core/swap/types.js'
import {
  checkSwapCall,
  decodeApprove,
  UNLIMITED_ALLOWANCE,
  verifyApproval,
  verifySwap,
} from '../../../../src/core/swap/verify.js'
import { USER, V2_ROUTER_ABI } from './harness.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'
const ATTACKER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'
const WETH = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const approve = (spender: string, amount: bigint) =>
  encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender as `0x${string}`, amount],
  })

const approval = (patch: Partial<ServiceTransaction> = {}): ServiceTransaction => ({
  to: TOKEN,
  chainReference: '31337',
  data: approve(ROUTER, 3_000_000_000n),
  value: 0n,
  ...patch,
})
/** A second router the network knows (a site's beside a built-in one). */
const OTHER_ROUTER = '0x111111125421cA6dc452d289314280a0f8842A65'
const ROUTERS = [ROUTER.toLowerCase(), OTHER_ROUTER.toLowerCase()]
const expected = {
  chainReference: '31337',
  token: TOKEN,
  spender: ROUTER,
  routers: ROUTERS,
  amount: 3_000_000_000n,
  unlimited: false,
}

/** The mismatch `fn` throws, as `transaction field: shortMessage`. */
function mismatch(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    if (error instanceof SwapTransactionMismatchError)
      return `${error.transaction} ${error.field}: ${error.shortMessage}`
    throw error
  }
  throw new Error('accepted')
}

/** `swapExactETHForTokens(minOut, [WETH, TOKEN], USER, deadline)` of a V2-style router. */
const ethForTokens = encodeFunctionData({
  abi: V2_ROUTER_ABI,
  functionName: 'swapExactETHForTokens',
  args: [1n, [WETH, TOKEN], USER, 2_000_000_000n],
})

test('default', () => {
  expect(verifyApproval(approval(), expected)).toEqual({ spender: ROUTER, amount: 3_000_000_000n })
  const swap = { to: ROUTER, chainReference: '31337', data: ethForTokens }
  expect(
    verifySwap(swap, { chainReference: '31337', routers: ROUTERS, spender: ROUTER, value: 0n }),
  ).toEqual({
    ...swap,
    value: 0n,
    call: {
      input: NATIVE_TOKEN_ADDRESS,
      amountIn: undefined,
      output: TOKEN.toLowerCase(),
      recipient: USER.toLowerCase(),
      minimum: 1n,
      deadline: 2_000_000_000n,
    },
  })
})

test('args: decodeApprove reads exactly approve(address,uint256)', () => {
  expect(decodeApprove(approve(ROUTER, maxUint256))).toEqual({
    spender: ROUTER.toLowerCase(),
    amount: UNLIMITED_ALLOWANCE,
  })
  const transfer = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [ROUTER, 1n],
  })
  expect(decodeApprove(transfer)).toBeUndefined()
  expect(decodeApprove(`${approve(ROUTER, 1n)}00`)).toBeUndefined()
  expect(decodeApprove(approve(ROUTER, 1n).slice(0, -2))).toBeUndefined()
  // Dirty upper bytes in the address word.
  const dirty = `0x095ea7b3${'f'.repeat(24)}${ROUTER.slice(2)}${'0'.repeat(63)}1`
  expect(decodeApprove(dirty)).toBeUndefined()
})

test('behavior: an unlimited approval passes only when the visitor chose it', () => {
  const unlimited = approval({ data: approve(ROUTER, maxUint256) })
  expect(verifyApproval(unlimited, { ...expected, unlimited: true }).amount).toBe(maxUint256)
  expect(mismatch(() => verifyApproval(unlimited, expected))).toBe(
    'approval amount: The approval is for another amount than this swap needs.',
  )
  expect(mismatch(() => verifyApproval(approval(), { ...expected, unlimited: true }))).toBe(
    'approval amount: The approval is for another amount than this swap needs.',
  )
})

test('error: an approval that is not what was asked is refused, field by field', () => {
  expect(mismatch(() => verifyApproval(approval({ to: ATTACKER }), expected))).toBe(
    'approval target: The approval is not addressed to the token you pay with.',
  )
  expect(
    mismatch(() => verifyApproval(approval({ data: approve(ATTACKER, 3_000_000_000n) }), expected)),
  ).toBe(
    'approval router: The approval is for a contract that is not a known exchange of this network.',
  )
  // A known router, but not the one the swap calls.
  expect(
    mismatch(() =>
      verifyApproval(approval({ data: approve(OTHER_ROUTER, 3_000_000_000n) }), expected),
    ),
  ).toBe('approval spender: The approval is for another contract than the swap.')
  expect(
    mismatch(() => verifyApproval(approval({ data: approve(ROUTER, 3_000_000_001n) }), expected)),
  ).toBe('approval amount: The approval is for another amount than this swap needs.')
  expect(mismatch(() => verifyApproval(approval({ value: 1n }), expected))).toBe(
    'approval value: The approval would also send coins.',
  )
  expect(mismatch(() => verifyApproval(approval({ data: '0x' }), expected))).toBe(
    'approval data: The approval is not a plain token approval.',
  )
  expect(mismatch(() => verifyApproval(approval({ chainReference: '1' }), expected))).toBe(
    'approval network: The approval is for another network.',
  )
  // Addresses compare without case; a missing value is no value.
  expect(() =>
    verifyApproval(
      approval({ to: TOKEN.toLowerCase(), value: undefined, chainReference: undefined }),
      {
        ...expected,
        spender: ROUTER.toUpperCase().replace('0X', '0x'),
      },
    ),
  ).not.toThrow()
})

test('error: a swap to another contract or with other coins is refused', () => {
  const native = {
    chainReference: '31337',
    routers: ROUTERS,
    spender: ROUTER,
    value: 5n * 10n ** 17n,
  }
  const swap = (patch: Partial<ServiceTransaction>): ServiceTransaction => ({
    to: ROUTER,
    data: ethForTokens,
    value: 5n * 10n ** 17n,
    ...patch,
  })
  expect(verifySwap(swap({}), native).value).toBe(5n * 10n ** 17n)
  expect(mismatch(() => verifySwap(swap({ to: ATTACKER }), native))).toBe(
    'swap router: The swap goes to a contract that is not a known exchange of this network.',
  )
  // A known router, but not the one the approval was for.
  expect(mismatch(() => verifySwap(swap({ to: OTHER_ROUTER }), native))).toBe(
    'swap target: The swap goes to another contract than the one the allowance is for.',
  )
  expect(verifySwap(swap({ to: OTHER_ROUTER }), { ...native, spender: undefined }).to).toBe(
    OTHER_ROUTER,
  )
  expect(mismatch(() => verifySwap(swap({ value: 10n ** 18n }), native))).toBe(
    'swap value: The swap would send another amount of coins than you entered.',
  )
  expect(mismatch(() => verifySwap(swap({ value: 1n }), { ...native, value: 0n }))).toBe(
    'swap value: The swap would send another amount of coins than you entered.',
  )
  expect(mismatch(() => verifySwap(swap({ data: '0x' }), native))).toBe(
    'swap function: The swap calls a function WalletKit cannot check.',
  )
  expect(mismatch(() => verifySwap(swap({ chainReference: '31338' }), native))).toBe(
    'swap network: The swap is for another network.',
  )
  // Without a value from the service, the kit sends exactly the amount typed.
  expect(verifySwap(swap({ value: undefined }), native).value).toBe(5n * 10n ** 17n)
})

test('error: a decoded swap call other than the review is refused, each with its code', () => {
  const honest = {
    input: NATIVE_TOKEN_ADDRESS,
    output: TOKEN.toLowerCase() as string | { pool: string; side: 0 | 1 },
    recipient: USER.toLowerCase() as string | undefined,
    minimum: 100n,
  }
  const review = { input: NATIVE_TOKEN_ADDRESS, amount: 10n, output: TOKEN, recipient: USER }
  const check = (patch: Partial<typeof honest> & { amountIn?: bigint }, minimum = 100n) => {
    try {
      checkSwapCall({ ...honest, ...patch }, { ...review, minimum })
    } catch (error) {
      if (error instanceof SwapTransactionMismatchError)
        return `${error.name} ${error.field}: ${error.shortMessage}`
      throw error
    }
    return 'accepted'
  }
  expect(check({})).toBe('accepted')
  // The caller as recipient, a pool's output (checked on the chain), a higher minimum: accepted.
  expect(check({ recipient: undefined })).toBe('accepted')
  expect(check({ output: { pool: ATTACKER, side: 1 } })).toBe('accepted')
  expect(check({ minimum: 101n })).toBe('accepted')
  expect(check({ input: TOKEN.toLowerCase() })).toBe(
    'SwapInputMismatchError input: The swap would pay with another token than the one you chose.',
  )
  expect(check({ amountIn: 11n })).toBe(
    'SwapInputMismatchError amountIn: The swap would take another amount than you entered.',
  )
  expect(check({ amountIn: 10n })).toBe('accepted')
  expect(check({ output: WETH.toLowerCase() })).toBe(
    'SwapOutputMismatchError output: The swap would buy another token than the one you chose.',
  )
  expect(check({ recipient: ATTACKER.toLowerCase() })).toBe(
    'SwapRecipientMismatchError recipient: The swap would send what you buy to another address than yours.',
  )
  expect(check({ minimum: 99n })).toBe(
    'SwapMinimumMismatchError minimum: The swap guarantees less than the minimum shown.',
  )
  expect(check({ minimum: 0n })).toBe(
    'SwapMinimumMismatchError minimum: The swap guarantees less than the minimum shown.',
  )
})

test('behavior: the error names what was expected and what came', () => {
  let error: unknown
  try {
    verifyApproval(approval({ data: approve(ATTACKER, 3_000_000_000n) }), expected)
  } catch (e) {
    error = e
  }
  expect((error as Error).message).toMatchInlineSnapshot(`
    "The approval is for a contract that is not a known exchange of this network.

    Expected: 0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9 or 0x111111125421ca6dc452d289314280a0f8842a65
    Received: 0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f

    Details: approval router"
  `)
})
