import { WalletKitError } from './base.js'
import type { ErrorName } from './error-name.js'

/** What went wrong underneath, for developers: the cause's own short text. */
function causeText(cause: unknown): string | undefined {
  if (cause instanceof WalletKitError) return cause.details ?? cause.shortMessage
  return cause instanceof Error ? cause.message : undefined
}

/**
 * A swap failure class: a fixed `name` and the visitor's text (SPEC §8, word for word); `details`
 * (default: the cause's text) is for developers.
 */
function swapError(name: ErrorName, text: string, fixedDetails?: string) {
  return class extends WalletKitError {
    constructor(parameters: { cause?: unknown; details?: string | undefined } = {}) {
      const { cause } = parameters
      super(text, {
        name,
        details: fixedDetails ?? parameters.details ?? causeText(cause),
        cause,
      })
    }
  }
}

// ── Thrown texts of SPEC §8 ───────────────────────────────────────────────────

/** The active network cannot swap (details: its id). 'Network not supported for Swaps'. */
export const SwapNetworkNotSupportedError = swapError(
  'SwapNetworkNotSupportedError',
  'Network not supported for Swaps',
)
/** The type of {@link SwapNetworkNotSupportedError}. */
export type SwapNetworkNotSupportedError = InstanceType<typeof SwapNetworkNotSupportedError>

/** No gas price for the network (details: its id). 'Network not supported for Gas Price'. */
export const GasPriceNetworkNotSupportedError = swapError(
  'GasPriceNetworkNotSupportedError',
  'Network not supported for Gas Price',
)
/** The type of {@link GasPriceNetworkNotSupportedError}. */
export type GasPriceNetworkNotSupportedError = InstanceType<typeof GasPriceNetworkNotSupportedError>

/** No connected account to swap from. 'No address found to swap the tokens from.' */
export const SwapAddressNotFoundError = swapError(
  'SwapAddressNotFoundError',
  'No address found to swap the tokens from.',
)
/** The type of {@link SwapAddressNotFoundError}. */
export type SwapAddressNotFoundError = InstanceType<typeof SwapAddressNotFoundError>

// ── Toasts of SPEC §8, one class per failing step ─────────────────────────────

/** Tokens, balances or the gas price could not be loaded. 'Failed to initialize swap'. */
export const SwapInitializationError = swapError(
  'SwapInitializationError',
  'Failed to initialize swap',
)
/** The type of {@link SwapInitializationError}. */
export type SwapInitializationError = InstanceType<typeof SwapInitializationError>

/** The native token's price could not be loaded. 'Failed to fetch network token price'. */
export const NetworkTokenPriceError = swapError(
  'NetworkTokenPriceError',
  'Failed to fetch network token price',
)
/** The type of {@link NetworkTokenPriceError}. */
export type NetworkTokenPriceError = InstanceType<typeof NetworkTokenPriceError>

/** The allowance could not be read. 'Failed to check allowance'. */
export const AllowanceCheckError = swapError('AllowanceCheckError', 'Failed to check allowance')
/** The type of {@link AllowanceCheckError}. */
export type AllowanceCheckError = InstanceType<typeof AllowanceCheckError>

/** The approval could not be built. 'Failed to create approval transaction'. */
export const ApprovalTransactionError = swapError(
  'ApprovalTransactionError',
  'Failed to create approval transaction',
)
/** The type of {@link ApprovalTransactionError}. */
export type ApprovalTransactionError = InstanceType<typeof ApprovalTransactionError>

/** The swap transaction could not be built. 'Failed to create transaction'. */
export const SwapTransactionError = swapError(
  'SwapTransactionError',
  'Failed to create transaction',
)
/** The type of {@link SwapTransactionError}. */
export type SwapTransactionError = InstanceType<typeof SwapTransactionError>

// ── Quotes ────────────────────────────────────────────────────────────────────

/** A quote without an amount. Banner 'Incorrect amount', debug text 'Please enter a valid amount'. */
export const IncorrectAmountError = swapError(
  'IncorrectAmountError',
  'Incorrect amount',
  'Please enter a valid amount',
)
/** The type of {@link IncorrectAmountError}. */
export type IncorrectAmountError = InstanceType<typeof IncorrectAmountError>

/** No pool can fill the swap. Input error 'Insufficient liquidity'. */
export const InsufficientLiquidityError = swapError(
  'InsufficientLiquidityError',
  'Insufficient liquidity',
)
/** The type of {@link InsufficientLiquidityError}. */
export type InsufficientLiquidityError = InstanceType<typeof InsufficientLiquidityError>

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

const MISMATCH_TEXT: Record<string, string> = {
  'approval network': 'The approval is for another network.',
  'approval target': 'The approval is not addressed to the token you pay with.',
  'approval spender': 'The approval is for another contract than the swap.',
  'approval amount': 'The approval is for another amount than this swap needs.',
  'approval value': 'The approval would also send coins.',
  'approval data': 'The approval is not a plain token approval.',
  'swap network': 'The swap is for another network.',
  'swap target': 'The swap goes to another contract than the one the allowance is for.',
  'swap contract': 'The swap does not go to a contract.',
  'swap value': 'The swap would send another amount of coins than you entered.',
  'swap data': 'The swap transaction is empty.',
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
    const { transaction, field } = parameters
    super(
      MISMATCH_TEXT[`${transaction} ${field}`] ?? `The ${transaction} is not what you asked for.`,
      {
        name: 'SwapTransactionMismatchError',
        metaMessages: [`Expected: ${parameters.expected}`, `Received: ${parameters.received}`],
        details: `${transaction} ${field}`,
      },
    )
    this.transaction = transaction
    this.field = field
  }
}
