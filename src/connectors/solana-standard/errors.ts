import {
  type ProviderRpcError,
  toProviderError,
  UserRejectedRequestError,
  walletErrorCode,
} from '../../core/errors/rpc.js'

const REJECTED = /reject|denied|declined|cancel/i

/**
 * Converts a Wallet Standard wallet's failure to WalletKit's class for it (STYLE 2). Wallets that
 * give an EIP-1193 code are mapped by the code; many only throw an Error whose message says the
 * visitor rejected, which is a rejection too.
 */
export function toSolanaWalletError(error: unknown): ProviderRpcError {
  if (walletErrorCode(error) === undefined) {
    const message = (error as { message?: unknown } | null)?.message
    const name = (error as { name?: unknown } | null)?.name
    if (
      (typeof message === 'string' && REJECTED.test(message)) ||
      (typeof name === 'string' && REJECTED.test(name))
    )
      return new UserRejectedRequestError(error)
  }
  return toProviderError(error)
}
