import { type SwapMismatchField, SwapTransactionMismatchError } from '../errors/swap.js'
import type { ServiceTransaction } from './types.js'

/**
 * Checks of service-built transactions before the wallet is asked (SECURITY row 28). The service
 * is not trusted: an approval must be a plain `approve` on the token paid with, for the swap's
 * spender and exactly the amount asked; the swap must go to that same spender and carry exactly
 * the coins typed.
 */

/** `approve(address,uint256)`. */
const APPROVE_SELECTOR = '0x095ea7b3'
/** The largest uint256: an unlimited approval. */
export const UNLIMITED_ALLOWANCE = 2n ** 256n - 1n

/** An approval's calldata, decoded: undefined unless it is exactly `approve(spender, amount)`. */
export function decodeApprove(data: string): { spender: string; amount: bigint } | undefined {
  if (!/^0x[0-9a-fA-F]{136}$/.test(data) || data.slice(0, 10).toLowerCase() !== APPROVE_SELECTOR)
    return undefined
  const word = data.slice(10, 74)
  // An address word has 12 zero bytes in front.
  if (!/^0{24}/.test(word)) return undefined
  return { spender: `0x${word.slice(24)}`, amount: BigInt(`0x${data.slice(74)}`) }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

function refuse(
  transaction: 'approval' | 'swap',
  field: SwapMismatchField,
  expected: unknown,
  received: unknown,
): never {
  throw new SwapTransactionMismatchError({
    transaction,
    field,
    expected: String(expected),
    received: String(received),
  })
}

function checkNetwork(
  transaction: 'approval' | 'swap',
  tx: ServiceTransaction,
  chainReference: string,
) {
  if (tx.chainReference !== undefined && tx.chainReference !== chainReference)
    refuse(transaction, 'network', chainReference, tx.chainReference)
}

/**
 * Accepts the approval or throws SwapTransactionMismatchError: sent to the token's contract, on
 * the swap's network, with no coins, as `approve(spender, amount)` where `amount` is exactly what
 * the swap needs, or unlimited only when the visitor chose it.
 *
 * @returns The spender (as the swap names it) and the amount, for the review.
 */
export function verifyApproval(
  tx: ServiceTransaction,
  expected: {
    chainReference: string
    token: string
    spender: string
    amount: bigint
    unlimited: boolean
  },
): { spender: string; amount: bigint } {
  checkNetwork('approval', tx, expected.chainReference)
  if (!same(tx.to, expected.token)) refuse('approval', 'target', expected.token, tx.to)
  if ((tx.value ?? 0n) !== 0n) refuse('approval', 'value', 0n, tx.value)
  const call = decodeApprove(tx.data)
  if (!call) refuse('approval', 'data', 'approve(address,uint256)', tx.data.slice(0, 10))
  if (!same(call.spender, expected.spender))
    refuse('approval', 'spender', expected.spender, call.spender)
  const amount = expected.unlimited ? UNLIMITED_ALLOWANCE : expected.amount
  if (call.amount !== amount) refuse('approval', 'amount', amount, call.amount)
  return { spender: expected.spender, amount }
}

/**
 * Accepts the swap or throws SwapTransactionMismatchError: on the swap's network, to the contract
 * the allowance is for, carrying exactly `value` (the coins typed, or none for a token). The value
 * the wallet is asked to send is always `value`, never the service's.
 */
export function verifySwap(
  tx: ServiceTransaction,
  expected: { chainReference: string; spender: string; value: bigint },
): ServiceTransaction & { value: bigint } {
  checkNetwork('swap', tx, expected.chainReference)
  if (!same(tx.to, expected.spender)) refuse('swap', 'target', expected.spender, tx.to)
  if (tx.value !== undefined && tx.value !== expected.value)
    refuse('swap', 'value', expected.value, tx.value)
  if (tx.data === '0x') refuse('swap', 'data', 'a call', tx.data)
  return { ...tx, value: expected.value }
}
