import { WalletKitError } from './base.js'
import type { ErrorName } from './error-name.js'

/** A failure reported by a wallet (EIP-1193 / EIP-1474 codes), converted at the connector boundary. */
export class ProviderRpcError extends WalletKitError {
  /** The wallet's error code. */
  readonly code: number
  constructor(
    shortMessage: string,
    { code, cause, name }: { code: number; cause?: unknown; name: ErrorName },
  ) {
    super(shortMessage, { name, cause, details: walletMessage(cause) })
    this.code = code
  }
}

/** The type of {@link UserRejectedRequestError}. */
export type UserRejectedRequestErrorType = UserRejectedRequestError & {
  name: 'UserRejectedRequestError'
}
/** 4001: the visitor declined in the wallet. */
export class UserRejectedRequestError extends ProviderRpcError {
  static readonly code = 4001
  constructor(cause?: unknown) {
    super('The request was declined in the wallet.', {
      code: 4001,
      cause,
      name: 'UserRejectedRequestError',
    })
  }
}

/** The type of {@link SignatureDeclinedError}. */
export type SignatureDeclinedErrorType = SignatureDeclinedError & { name: 'SignatureDeclinedError' }
/**
 * 4001 on a signature or a transaction: what the visitor sees (SPEC §8 'Signature declined'). The
 * wallet's UserRejectedRequestError is its cause.
 */
export class SignatureDeclinedError extends ProviderRpcError {
  constructor(cause?: unknown) {
    super('Signature declined', { code: 4001, cause, name: 'SignatureDeclinedError' })
  }
}

/** The type of {@link RequestAlreadyPendingError}. */
export type RequestAlreadyPendingErrorType = RequestAlreadyPendingError & {
  name: 'RequestAlreadyPendingError'
}
/** −32002: a request of the same kind is already waiting in the wallet. */
export class RequestAlreadyPendingError extends ProviderRpcError {
  static readonly code = -32002
  constructor(cause?: unknown) {
    super('A request is already waiting in your wallet. Open the wallet to continue.', {
      code: -32002,
      cause,
      name: 'RequestAlreadyPendingError',
    })
  }
}

/** The type of {@link UnauthorizedProviderError}. */
export type UnauthorizedProviderErrorType = UnauthorizedProviderError & {
  name: 'UnauthorizedProviderError'
}
/** 4100: the wallet has not authorised this site or account. */
export class UnauthorizedProviderError extends ProviderRpcError {
  static readonly code = 4100
  constructor(cause?: unknown) {
    super('The wallet has not authorised this site. Unlock it and try again.', {
      code: 4100,
      cause,
      name: 'UnauthorizedProviderError',
    })
  }
}

/** The type of {@link UnsupportedProviderMethodError}. */
export type UnsupportedProviderMethodErrorType = UnsupportedProviderMethodError & {
  name: 'UnsupportedProviderMethodError'
}
/** 4200 / −32601: the wallet does not support the method. */
export class UnsupportedProviderMethodError extends ProviderRpcError {
  static readonly code = 4200
  constructor(cause?: unknown, code = 4200) {
    super('The wallet does not support this request.', {
      code,
      cause,
      name: 'UnsupportedProviderMethodError',
    })
  }
}

/** The type of {@link ProviderDisconnectedError}. */
export type ProviderDisconnectedErrorType = ProviderDisconnectedError & {
  name: 'ProviderDisconnectedError'
}
/** 4900: the wallet is disconnected from every network. */
export class ProviderDisconnectedError extends ProviderRpcError {
  static readonly code = 4900
  constructor(cause?: unknown) {
    super('The wallet is not connected to any network.', {
      code: 4900,
      cause,
      name: 'ProviderDisconnectedError',
    })
  }
}

/** The type of {@link ChainDisconnectedError}. */
export type ChainDisconnectedErrorType = ChainDisconnectedError & { name: 'ChainDisconnectedError' }
/** 4901: the wallet is not connected to the requested network. */
export class ChainDisconnectedError extends ProviderRpcError {
  static readonly code = 4901
  constructor(cause?: unknown) {
    super('The wallet is not connected to this network.', {
      code: 4901,
      cause,
      name: 'ChainDisconnectedError',
    })
  }
}

/** The type of {@link UnrecognizedChainError}. */
export type UnrecognizedChainErrorType = UnrecognizedChainError & { name: 'UnrecognizedChainError' }
/** 4902: the wallet does not know the network (it must be added first). */
export class UnrecognizedChainError extends ProviderRpcError {
  static readonly code = 4902
  constructor(cause?: unknown) {
    super('The wallet does not know this network.', {
      code: 4902,
      cause,
      name: 'UnrecognizedChainError',
    })
  }
}

/** The type of {@link WalletRequestError}. */
export type WalletRequestErrorType = WalletRequestError & { name: 'WalletRequestError' }
/** Any other wallet failure; the visitor sees the wallet's own short message when it has one. */
export class WalletRequestError extends ProviderRpcError {
  /** True when `shortMessage` is the wallet's own words (short enough to show). */
  readonly hasWalletMessage: boolean
  constructor(cause?: unknown, code = -32603) {
    const own = walletMessage(cause)
    const usable = own !== undefined && own.length > 0 && own.length <= 160
    super(usable ? own : 'The wallet reported an error.', {
      code,
      cause,
      name: 'WalletRequestError',
    })
    this.hasWalletMessage = usable
  }
}

/** The code of a wallet error, looking into `data.originalError` as some wallets nest it. */
export function walletErrorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } } }
  const nested = e.data?.originalError?.code
  if (typeof nested === 'number') return nested
  return typeof e.code === 'number' ? e.code : undefined
}

function walletMessage(cause: unknown): string | undefined {
  if (typeof cause === 'string') return cause.slice(0, 300)
  if (typeof cause !== 'object' || cause === null) return undefined
  const message = (cause as { message?: unknown }).message
  return typeof message === 'string' ? message.slice(0, 300) : undefined
}

/**
 * Converts a wallet's error into WalletKit's class for its code (STYLE 2). Already converted
 * errors pass through.
 */
export function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const code = walletErrorCode(error)
  switch (code) {
    case 4001:
    // WalletConnect's own "user rejected" code, which wallets answer over a session.
    case 5000:
      return new UserRejectedRequestError(error)
    case -32002:
      return new RequestAlreadyPendingError(error)
    case 4100:
      return new UnauthorizedProviderError(error)
    case 4200:
    case -32601:
      return new UnsupportedProviderMethodError(error, code)
    case 4900:
      return new ProviderDisconnectedError(error)
    case 4901:
      return new ChainDisconnectedError(error)
    case 4902:
      return new UnrecognizedChainError(error)
    default:
      return new WalletRequestError(error, code)
  }
}
