/**
 * ENSIP-11 coin type of an EVM chain: SLIP-44's 60 for Ethereum mainnet, `0x80000000 | chainId`
 * for every other chain.
 * @throws RangeError for a chain id that is not a positive integer below 2^31.
 */
export function coinTypeOf(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId <= 0 || chainId >= 0x80000000)
    throw new RangeError(`Chain id ${chainId} has no ENSIP-11 coin type`)
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}

/**
 * The registration message the wallet signs: the names service's payload (`name`, `attributes`,
 * `timestamp` in Unix seconds) plus the address, coin type and chain it is for, so a signature
 * cannot register another name, for another account, or later than the service's time window
 * (SECURITY.md row 30).
 */
export function registrationMessage(input: {
  name: string
  address: string
  chainId: number
  /** Unix time in ms; default now. */
  now?: number
}): string {
  return JSON.stringify({
    name: input.name,
    attributes: {},
    timestamp: Math.floor((input.now ?? Date.now()) / 1000),
    address: input.address,
    coin_type: coinTypeOf(input.chainId),
    chain_id: input.chainId,
  })
}
