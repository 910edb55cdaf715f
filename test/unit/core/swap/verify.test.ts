import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { expect, test } from 'vitest'
import { SwapTransactionMismatchError } from '../../../../src/core/errors/swap.js'
import type { ServiceTransaction } from '../../../../src/core/swap/types.js'
import {
  decodeApprove,
  UNLIMITED_ALLOWANCE,
  verifyApproval,
  verifySwap,
} from '../../../../src/core/swap/verify.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'
const ATTACKER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'
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
const expected = {
  chainReference: '31337',
  token: TOKEN,
  spender: ROUTER,
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

test('default', () => {
  expect(verifyApproval(approval(), expected)).toEqual({ spender: ROUTER, amount: 3_000_000_000n })
  const swap = { to: ROUTER, chainReference: '31337', data: '0x38ed1739' as const }
  expect(verifySwap(swap, { chainReference: '31337', spender: ROUTER, value: 0n })).toEqual({
    ...swap,
    value: 0n,
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
  const native = { chainReference: '31337', spender: ROUTER, value: 5n * 10n ** 17n }
  const swap = (patch: Partial<ServiceTransaction>): ServiceTransaction => ({
    to: ROUTER,
    data: '0x7ff36ab5',
    value: 5n * 10n ** 17n,
    ...patch,
  })
  expect(verifySwap(swap({}), native).value).toBe(5n * 10n ** 17n)
  expect(mismatch(() => verifySwap(swap({ to: ATTACKER }), native))).toBe(
    'swap target: The swap goes to another contract than the one the allowance is for.',
  )
  expect(mismatch(() => verifySwap(swap({ value: 10n ** 18n }), native))).toBe(
    'swap value: The swap would send another amount of coins than you entered.',
  )
  expect(mismatch(() => verifySwap(swap({ value: 1n }), { ...native, value: 0n }))).toBe(
    'swap value: The swap would send another amount of coins than you entered.',
  )
  expect(mismatch(() => verifySwap(swap({ data: '0x' }), native))).toBe(
    'swap data: The swap transaction is empty.',
  )
  expect(mismatch(() => verifySwap(swap({ chainReference: '31338' }), native))).toBe(
    'swap network: The swap is for another network.',
  )
  // Without a value from the service, the kit sends exactly the amount typed.
  expect(verifySwap(swap({ value: undefined }), native).value).toBe(5n * 10n ** 17n)
})

test('behavior: the error names what was expected and what came', () => {
  let error: unknown
  try {
    verifyApproval(approval({ data: approve(ATTACKER, 3_000_000_000n) }), expected)
  } catch (e) {
    error = e
  }
  expect((error as Error).message).toMatchInlineSnapshot(`
    "The approval is for another contract than the swap.

    Expected: 0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9
    Received: 0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f

    Details: approval spender"
  `)
})
