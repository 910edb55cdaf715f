import type { RpcErrorObject } from '../chain/rpc.js'

/** Standard EIP-1193 / JSON-RPC texts, as common wallets word them. */
const MESSAGES: Record<number, string> = {
  4001: 'User rejected the request.',
  4100: 'The requested account and/or method has not been authorized by the user.',
  4200: 'The requested method is not supported by this Ethereum provider.',
  4900: 'The provider is disconnected from all chains.',
  4901: 'The provider is disconnected from the specified chain.',
  4902: 'Unrecognized chain ID. Try adding the chain using wallet_addEthereumChain first.',
  [-32002]: 'Request already pending. Please wait.',
  [-32600]: 'Invalid request.',
  [-32601]: 'The method does not exist / is not available.',
  [-32602]: 'Invalid method parameter(s).',
  [-32603]: 'Internal JSON-RPC error.',
}

/** An EIP-1193 ProviderRpcError as plain data: `{ code, message, data? }`. */
export function providerError(code: number, message?: string, data?: unknown): RpcErrorObject {
  return {
    code,
    message: message ?? MESSAGES[code] ?? `Wallet error ${code}.`,
    ...(data !== undefined && { data }),
  }
}

/** The error some wallets send instead: -32603 with the real one under `data.originalError`. */
export function nestedError(code: number, message?: string): RpcErrorObject {
  return providerError(-32603, undefined, { originalError: providerError(code, message) })
}

/** Thrown inside the wallet to answer a request with an error. */
export class WalletRequestError extends Error {
  override name = 'WalletRequestError'
  constructor(readonly error: RpcErrorObject) {
    super(error.message)
  }
}

/** Throws a {@link WalletRequestError} with the given code. */
export function fail(code: number, message?: string, data?: unknown): never {
  throw new WalletRequestError(providerError(code, message, data))
}
