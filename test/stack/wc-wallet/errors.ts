// EIP-1193 / EIP-1474 texts, so the dapp sees what a real wallet would send.
const MESSAGES: Record<number, string> = {
  4001: 'User rejected the request.',
  4100: 'The requested account and/or method has not been authorized by the user.',
  4200: 'The requested method is not supported by this Ethereum provider.',
  4900: 'The provider is disconnected from all chains.',
  4901: 'The provider is disconnected from the specified chain.',
  4902: 'Unrecognized chain ID.',
  [-32002]: 'Request already pending.',
  [-32602]: 'Invalid method parameters.',
  [-32603]: 'Internal JSON-RPC error.',
}

/** An error the wallet answers a request with: the dapp receives `{ code, message }`. */
export class WalletRpcError extends Error {
  override name = 'WalletRpcError'
  constructor(
    readonly code: number,
    message = MESSAGES[code] ?? `Wallet error ${code}`,
  ) {
    super(message)
  }
}
