import type { CaipAddress, CaipNetworkId } from '../types/caip.js'

/** A token the swap service trades (`/v1/convert/tokens`). */
export type SwapToken = {
  name: string
  symbol: string
  /** CAIP-10 of the token contract, or of the pseudo-address 0xeeee…eeee for the network's coin. */
  address: CaipAddress
  decimals: number
  /** https or data:image URL, shown through `<img>` only. */
  logoUri?: string | undefined
}

/**
 * A transaction the swap service built, as parsed: nothing in it is trusted until
 * `verifyApproval` / `verifySwap` accepted it.
 */
export type ServiceTransaction = {
  /** Plain 0x address the transaction is sent to. */
  to: string
  /** The chain reference when the service gave `to` as CAIP-10 (e.g. '31337'). */
  chainReference?: string | undefined
  /** Calldata. */
  data: `0x${string}`
  /** Wei sent along; undefined when the service did not say. */
  value?: bigint | undefined
  /** Gas limit the service estimated. */
  gas?: bigint | undefined
  /** Gas price the service assumed, in wei. */
  gasPrice?: bigint | undefined
  /** What the swap is expected to pay, in the target token's base units (swaps only). */
  toAmount?: bigint | undefined
}

/** The convert calls and the price call of SPEC §7 the swap needs (implemented in services/). */
export type SwapApi = {
  /** `GET /v1/convert/tokens`. */
  getTokens(caipNetworkId: CaipNetworkId): Promise<SwapToken[]>
  /**
   * `GET /v1/convert/quotes`: the first quote's `toAmount` in base units, or undefined when the
   * quote has none. Throws InsufficientLiquidityError when no pool can fill it.
   */
  getQuote(parameters: {
    amount: bigint
    userAddress: CaipAddress
    from: CaipAddress
    to: CaipAddress
    gasPrice?: bigint | undefined
    signal?: AbortSignal | undefined
  }): Promise<bigint | undefined>
  /** `GET /v1/convert/allowance`, in base units. */
  getAllowance(parameters: { tokenAddress: CaipAddress; userAddress: CaipAddress }): Promise<bigint>
  /** `GET /v1/convert/gas-price`: the standard price in wei. */
  getGasPrice(caipNetworkId: CaipNetworkId): Promise<bigint>
  /** `GET /v1/convert/build-approve`; without `amount` the service approves an unlimited amount. */
  buildApprove(parameters: {
    userAddress: CaipAddress
    from: CaipAddress
    to: CaipAddress
    amount?: bigint | undefined
  }): Promise<ServiceTransaction>
  /** `POST /v1/convert/build-transaction`. */
  buildTransaction(parameters: {
    amount: bigint
    slippage: number
    userAddress: CaipAddress
    from: CaipAddress
    to: CaipAddress
  }): Promise<ServiceTransaction>
  /**
   * `POST /v1/fungible/price`: USD per whole token, keyed by the lower-case CAIP-10 asked for. An
   * answer that names no address is matched by symbol (the public service's shape).
   */
  getPrices(tokens: readonly Pick<SwapToken, 'address' | 'symbol'>[]): Promise<Map<string, number>>
}
