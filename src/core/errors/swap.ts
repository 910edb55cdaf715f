import { WalletKitError } from './base.js'

// ── Thrown texts of SPEC §8 ───────────────────────────────────────────────────

/** The type of {@link SwapNetworkNotSupportedError}. */
export type SwapNetworkNotSupportedErrorType = SwapNetworkNotSupportedError & {
  name: 'SwapNetworkNotSupportedError'
}

/** The active network cannot swap. Visitor text: 'Network not supported for Swaps'. */
export class SwapNetworkNotSupportedError extends WalletKitError {
  constructor({ caipNetworkId }: { caipNetworkId: string | undefined }) {
    super('Network not supported for Swaps', {
      name: 'SwapNetworkNotSupportedError',
      details: caipNetworkId ?? 'no network',
    })
  }
}

/** The type of {@link GasPriceNetworkNotSupportedError}. */
export type GasPriceNetworkNotSupportedErrorType = GasPriceNetworkNotSupportedError & {
  name: 'GasPriceNetworkNotSupportedError'
}

/** No gas price can be had for the network. Visitor text: 'Network not supported for Gas Price'. */
export class GasPriceNetworkNotSupportedError extends WalletKitError {
  constructor({ caipNetworkId }: { caipNetworkId: string | undefined }) {
    super('Network not supported for Gas Price', {
      name: 'GasPriceNetworkNotSupportedError',
      details: caipNetworkId ?? 'no network',
    })
  }
}

/** The type of {@link SwapAddressNotFoundError}. */
export type SwapAddressNotFoundErrorType = SwapAddressNotFoundError & {
  name: 'SwapAddressNotFoundError'
}

/** No connected account to swap from. Visitor text: 'No address found to swap the tokens from.' */
export class SwapAddressNotFoundError extends WalletKitError {
  constructor() {
    super('No address found to swap the tokens from.', { name: 'SwapAddressNotFoundError' })
  }
}

// ── Toasts of SPEC §8, one class per failing step ─────────────────────────────

/** What went wrong underneath, for developers: the cause's own short text. */
function causeText(cause: unknown): string | undefined {
  if (cause instanceof WalletKitError) return cause.details ?? cause.shortMessage
  return cause instanceof Error ? cause.message : undefined
}

/** The type of {@link SwapInitializationError}. */
export type SwapInitializationErrorType = SwapInitializationError & {
  name: 'SwapInitializationError'
}

/** Tokens, balances or the gas price could not be loaded. Toast: 'Failed to initialize swap'. */
export class SwapInitializationError extends WalletKitError {
  constructor({ cause }: { cause: unknown }) {
    super('Failed to initialize swap', {
      name: 'SwapInitializationError',
      details: causeText(cause),
      cause,
    })
  }
}

/** The type of {@link NetworkTokenPriceError}. */
export type NetworkTokenPriceErrorType = NetworkTokenPriceError & { name: 'NetworkTokenPriceError' }

/** The native token's price could not be loaded. Toast: 'Failed to fetch network token price'. */
export class NetworkTokenPriceError extends WalletKitError {
  constructor({ cause }: { cause: unknown }) {
    super('Failed to fetch network token price', {
      name: 'NetworkTokenPriceError',
      details: causeText(cause),
      cause,
    })
  }
}

/** The type of {@link AllowanceCheckError}. */
export type AllowanceCheckErrorType = AllowanceCheckError & { name: 'AllowanceCheckError' }

/** The allowance call failed. Toast: 'Failed to check allowance'. */
export class AllowanceCheckError extends WalletKitError {
  constructor({ cause }: { cause: unknown }) {
    super('Failed to check allowance', {
      name: 'AllowanceCheckError',
      details: causeText(cause),
      cause,
    })
  }
}

/** The type of {@link ApprovalTransactionError}. */
export type ApprovalTransactionErrorType = ApprovalTransactionError & {
  name: 'ApprovalTransactionError'
}

/** The approval could not be built. Toast: 'Failed to create approval transaction'. */
export class ApprovalTransactionError extends WalletKitError {
  constructor({ cause }: { cause: unknown }) {
    super('Failed to create approval transaction', {
      name: 'ApprovalTransactionError',
      details: causeText(cause),
      cause,
    })
  }
}

/** The type of {@link SwapTransactionError}. */
export type SwapTransactionErrorType = SwapTransactionError & { name: 'SwapTransactionError' }

/** The swap transaction could not be built. Toast: 'Failed to create transaction'. */
export class SwapTransactionError extends WalletKitError {
  constructor({ cause }: { cause: unknown }) {
    super('Failed to create transaction', {
      name: 'SwapTransactionError',
      details: causeText(cause),
      cause,
    })
  }
}

// ── Quotes ────────────────────────────────────────────────────────────────────

/** The type of {@link IncorrectAmountError}. */
export type IncorrectAmountErrorType = IncorrectAmountError & { name: 'IncorrectAmountError' }

/** A quote came back without an amount. Banner: 'Incorrect amount' / 'Please enter a valid amount'. */
export class IncorrectAmountError extends WalletKitError {
  constructor() {
    super('Incorrect amount', {
      name: 'IncorrectAmountError',
      details: 'Please enter a valid amount',
    })
  }
}

/** The type of {@link InsufficientLiquidityError}. */
export type InsufficientLiquidityErrorType = InsufficientLiquidityError & {
  name: 'InsufficientLiquidityError'
}

/** No pool can fill the swap. Input error: 'Insufficient liquidity'. */
export class InsufficientLiquidityError extends WalletKitError {
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Insufficient liquidity', { name: 'InsufficientLiquidityError', cause })
  }
}

// ── Service-built transactions (SECURITY row 28) ──────────────────────────────

/** What in a service-built transaction is not what the visitor asked for. */
export type SwapMismatchField =
  | 'network'
  | 'target'
  | 'contract'
  | 'spender'
  | 'amount'
  | 'value'
  | 'data'

const MISMATCH_TEXT: Record<'approval' | 'swap', Record<SwapMismatchField, string>> = {
  approval: {
    network: 'The approval is for another network.',
    target: 'The approval is not addressed to the token you pay with.',
    contract: 'The approval is not addressed to a contract.',
    spender: 'The approval is for another contract than the swap.',
    amount: 'The approval is for another amount than this swap needs.',
    value: 'The approval would also send coins.',
    data: 'The approval is not a plain token approval.',
  },
  swap: {
    network: 'The swap is for another network.',
    target: 'The swap goes to another contract than the one the allowance is for.',
    contract: 'The swap does not go to a contract.',
    spender: 'The swap goes to another contract than the one the allowance is for.',
    amount: 'The swap is for another amount than you entered.',
    value: 'The swap would send another amount of coins than you entered.',
    data: 'The swap transaction is empty.',
  },
}

/** The type of {@link SwapTransactionMismatchError}. */
export type SwapTransactionMismatchErrorType = SwapTransactionMismatchError & {
  name: 'SwapTransactionMismatchError'
}

/**
 * A transaction the swap service built is not what the visitor asked for; it is refused before
 * the wallet sees it. `shortMessage` says what differs.
 */
export class SwapTransactionMismatchError extends WalletKitError {
  /** Which transaction: the approval or the swap. */
  readonly transaction: 'approval' | 'swap'
  /** The field that differs. */
  readonly field: SwapMismatchField
  constructor(parameters: {
    transaction: 'approval' | 'swap'
    field: SwapMismatchField
    expected: string
    received: string
  }) {
    const { transaction, field, expected, received } = parameters
    super(MISMATCH_TEXT[transaction][field], {
      name: 'SwapTransactionMismatchError',
      metaMessages: [`Expected: ${expected}`, `Received: ${received}`],
      details: `${transaction} ${field}`,
    })
    this.transaction = transaction
    this.field = field
  }
}
