/**
 * The few ERC-20 calls the kit makes, encoded by hand: four selectors and 32-byte words cost a few
 * bytes, where viem's ABI encoder would add kilobytes to the bundle.
 */

/** `transfer(address,uint256)`. */
export const TRANSFER_SELECTOR = '0xa9059cbb'
/** `balanceOf(address)`. */
export const BALANCE_OF_SELECTOR = '0x70a08231'
/** `allowance(address,address)`. */
export const ALLOWANCE_SELECTOR = '0xdd62ed3e'
/** `approve(address,uint256)`. */
export const APPROVE_SELECTOR = '0x095ea7b3'

const MAX_UINT256 = 2n ** 256n - 1n

/** An address or an unsigned integer as one 32-byte ABI word, without 0x. */
function word(value: `0x${string}` | bigint): string {
  if (typeof value === 'bigint') {
    if (value < 0n || value > MAX_UINT256) throw new RangeError('not a uint256')
    return value.toString(16).padStart(64, '0')
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new TypeError('not an address')
  return value.slice(2).toLowerCase().padStart(64, '0')
}

/** Call data of `transfer(to, amount)`. */
export const encodeTransfer = (to: `0x${string}`, amount: bigint): `0x${string}` =>
  `${TRANSFER_SELECTOR}${word(to)}${word(amount)}`

/** Call data of `balanceOf(owner)`. */
export const encodeBalanceOf = (owner: `0x${string}`): `0x${string}` =>
  `${BALANCE_OF_SELECTOR}${word(owner)}`

/** Call data of `allowance(owner, spender)`. */
export const encodeAllowance = (owner: `0x${string}`, spender: `0x${string}`): `0x${string}` =>
  `${ALLOWANCE_SELECTOR}${word(owner)}${word(spender)}`

/** Call data of `approve(spender, amount)`. */
export const encodeApprove = (spender: `0x${string}`, amount: bigint): `0x${string}` =>
  `${APPROVE_SELECTOR}${word(spender)}${word(amount)}`

/**
 * The uint256 an `eth_call` of `balanceOf` or `allowance` returned.
 *
 * @throws Error when the answer is not one ABI word (an address without code answers `0x`).
 */
export function decodeUint256(result: unknown): bigint {
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result))
    throw new Error('the token answered no uint256')
  return BigInt(result)
}
