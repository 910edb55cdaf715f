import {
  SwapInputMismatchError,
  SwapMinimumMismatchError,
  type SwapMismatchField,
  SwapOutputMismatchError,
  SwapRecipientMismatchError,
  SwapRouterUnknownError,
  SwapTransactionMismatchError,
} from '../errors/swap.js'
import { decodeSwapCall, type SwapCall } from './decode.js'
import type { ServiceTransaction } from './types.js'

/**
 * Checks of service-built transactions before the wallet is asked (SECURITY row 28). The service
 * is not trusted: an approval must be a plain `approve` on the token paid with, for a known router
 * of the network (the swap's) and exactly the amount asked; the swap must go to that router, carry
 * exactly the coins typed, and its decoded call must pay what was typed for the token chosen, to
 * the visitor, with at least the minimum shown. These checks are synchronous: the review shows
 * what they accepted in the frame after the service's answer.
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

/** Both sides of a mismatch, for developers. */
const sides = (expected: unknown, received: unknown) => ({
  expected: String(expected),
  received: String(received),
})

function refuse(
  transaction: 'approval' | 'swap',
  field: SwapMismatchField,
  expected: unknown,
  received: unknown,
): never {
  throw new SwapTransactionMismatchError({ transaction, field, ...sides(expected, received) })
}

/** Refuses an address that is not one of the network's known routers. */
function checkRouter(transaction: 'approval' | 'swap', address: string, routers: string[]) {
  if (!routers.includes(address.toLowerCase()))
    throw new SwapRouterUnknownError({
      transaction,
      field: 'router',
      ...sides(routers.join(' or '), address),
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
 * the swap's network, with no coins, as `approve(spender, amount)` where the spender is a known
 * router of the network and the swap's, and `amount` is exactly what the swap needs, or unlimited
 * only when the visitor chose it.
 *
 * @returns The spender (as the swap names it) and the amount, for the review.
 */
export function verifyApproval(
  tx: ServiceTransaction,
  expected: {
    chainReference: string
    token: string
    spender: string
    routers: string[]
    amount: bigint
    unlimited: boolean
  },
): { spender: string; amount: bigint } {
  checkNetwork('approval', tx, expected.chainReference)
  if (!same(tx.to, expected.token)) refuse('approval', 'target', expected.token, tx.to)
  if ((tx.value ?? 0n) !== 0n) refuse('approval', 'value', 0n, tx.value)
  const call = decodeApprove(tx.data)
  if (!call) refuse('approval', 'data', 'approve(address,uint256)', tx.data.slice(0, 10))
  checkRouter('approval', call.spender, expected.routers)
  if (!same(call.spender, expected.spender))
    refuse('approval', 'spender', expected.spender, call.spender)
  const amount = expected.unlimited ? UNLIMITED_ALLOWANCE : expected.amount
  if (call.amount !== amount) refuse('approval', 'amount', amount, call.amount)
  return { spender: expected.spender, amount }
}

/** A swap transaction the kit accepted: its value is the kit's, its call decoded. */
export type VerifiedSwap = ServiceTransaction & { value: bigint; call: SwapCall }

/**
 * Accepts the swap or throws SwapTransactionMismatchError: on the swap's network, to a known
 * router of it (the one the approval is for, once there is one), carrying exactly `value` (the
 * coins typed, or none for a token), with a call the kit can decode. The value the wallet is asked
 * to send is always `value`, never the service's.
 *
 * @returns The transaction with the kit's value, and its decoded call.
 */
export function verifySwap(
  tx: ServiceTransaction,
  expected: {
    chainReference: string
    routers: string[]
    spender?: string | undefined
    value: bigint
  },
): VerifiedSwap {
  checkNetwork('swap', tx, expected.chainReference)
  checkRouter('swap', tx.to, expected.routers)
  if (expected.spender && !same(tx.to, expected.spender))
    refuse('swap', 'target', expected.spender, tx.to)
  if (tx.value !== undefined && tx.value !== expected.value)
    refuse('swap', 'value', expected.value, tx.value)
  return { ...tx, value: expected.value, call: decodeSwapCall(tx.data) }
}

/**
 * Checks a decoded swap call against the review: the token paid and its amount as typed, the
 * token bought as chosen (a pool's side is checked on the chain afterwards), the visitor as the
 * recipient, and a minimum received at least `minimum`.
 *
 * @throws SwapInputMismatchError, SwapOutputMismatchError, SwapRecipientMismatchError,
 *   SwapMinimumMismatchError.
 */
export function checkSwapCall(
  call: SwapCall,
  expected: { input: string; amount: bigint; output: string; recipient: string; minimum: bigint },
): void {
  const input = expected.input.toLowerCase()
  const output = expected.output.toLowerCase()
  if (call.input !== input)
    throw new SwapInputMismatchError({ field: 'input', ...sides(input, call.input) })
  if (call.amountIn !== undefined && call.amountIn !== expected.amount)
    throw new SwapInputMismatchError({
      field: 'amountIn',
      ...sides(expected.amount, call.amountIn),
    })
  if (typeof call.output === 'string' && call.output !== output)
    throw new SwapOutputMismatchError({ field: 'output', ...sides(output, call.output) })
  if (call.recipient !== undefined && !same(call.recipient, expected.recipient))
    throw new SwapRecipientMismatchError({
      field: 'recipient',
      ...sides(expected.recipient, call.recipient),
    })
  if (call.minimum < expected.minimum)
    throw new SwapMinimumMismatchError({
      field: 'minimum',
      ...sides(expected.minimum, call.minimum),
    })
}
