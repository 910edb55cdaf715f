import type { TextKey, TextRef } from '../types/texts.js'
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
  | 'spender'
  | 'amount'
  | 'value'
  | 'data'
  | SwapCallField

/** What in the swap's decoded call, or its simulation, is not what the review shows. */
export type SwapCallField =
  | 'router'
  | 'function'
  | 'input'
  | 'amountIn'
  | 'output'
  | 'pool'
  | 'recipient'
  | 'minimum'
  | 'deadline'
  | 'simulation'

const MISMATCH_TEXT: Record<string, string> = {
  'approval network': 'The approval is for another network.',
  'approval target': 'The approval is not addressed to the token you pay with.',
  'approval router': 'The approval is for a contract that is not a known exchange of this network.',
  'approval spender': 'The approval is for another contract than the swap.',
  'approval amount': 'The approval is for another amount than this swap needs.',
  'approval value': 'The approval would also send coins.',
  'approval data': 'The approval is not a plain token approval.',
  'swap network': 'The swap is for another network.',
  'swap router': 'The swap goes to a contract that is not a known exchange of this network.',
  'swap target': 'The swap goes to another contract than the one the allowance is for.',
  'swap value': 'The swap would send another amount of coins than you entered.',
  'swap data': 'The swap transaction is empty.',
  'swap function': 'The swap calls a function WalletKit cannot check.',
  'swap input': 'The swap would pay with another token than the one you chose.',
  'swap amountIn': 'The swap would take another amount than you entered.',
  'swap output': 'The swap would buy another token than the one you chose.',
  'swap pool': 'The swap goes through a pool WalletKit cannot check.',
  'swap recipient': 'The swap would send what you buy to another address than yours.',
  'swap minimum': 'The swap guarantees less than the minimum shown.',
  'swap deadline': 'The swap’s deadline has passed or is too far away.',
  'swap simulation': 'A simulation of the swap moves other amounts than the review shows.',
}

/** The modal's text of each mismatch, in the visitor's language (`ui/i18n/en.ts`). */
const MISMATCH_KEY: Record<string, TextKey> = {
  'approval network': 'swap.refused.approvalNetwork',
  'approval target': 'swap.refused.approvalTarget',
  'approval router': 'swap.refused.approvalRouter',
  'approval spender': 'swap.refused.approvalSpender',
  'approval amount': 'swap.refused.approvalAmount',
  'approval value': 'swap.refused.approvalValue',
  'approval data': 'swap.refused.approvalData',
  'swap network': 'swap.refused.network',
  'swap router': 'swap.refused.router',
  'swap target': 'swap.refused.target',
  'swap value': 'swap.refused.value',
  'swap function': 'swap.refused.function',
  'swap input': 'swap.refused.input',
  'swap amountIn': 'swap.refused.amountIn',
  'swap output': 'swap.refused.output',
  'swap pool': 'swap.refused.pool',
  'swap recipient': 'swap.refused.recipient',
  'swap minimum': 'swap.refused.minimum',
  'swap deadline': 'swap.refused.deadline',
  'swap simulation': 'swap.refused.simulation',
}

/** What a mismatch is built from: the transaction, the field, and both sides for developers. */
type MismatchParameters<F extends SwapMismatchField = SwapMismatchField> = {
  transaction: 'approval' | 'swap'
  field: F
  expected: string
  received: string
}

/**
 * A transaction the swap service built is not what the visitor asked for; it is refused before
 * the wallet sees it. `shortMessage` says what differs; its subclasses (one per check of the
 * decoded call) give `walletkit:error` a code of their own.
 */
export class SwapTransactionMismatchError extends WalletKitError {
  /** Which transaction: the approval or the swap. */
  readonly transaction: 'approval' | 'swap'
  /** The field that differs. */
  readonly field: SwapMismatchField
  /** What a toast says of it, in the visitor's language. */
  readonly text: TextRef | undefined
  constructor(parameters: MismatchParameters, name: ErrorName = 'SwapTransactionMismatchError') {
    const { transaction, field } = parameters
    super(
      MISMATCH_TEXT[`${transaction} ${field}`] ?? `The ${transaction} is not what you asked for.`,
      {
        name,
        metaMessages: [`Expected: ${parameters.expected}`, `Received: ${parameters.received}`],
        details: `${transaction} ${field}`,
      },
    )
    this.transaction = transaction
    this.field = field
    const key = MISMATCH_KEY[`${transaction} ${field}`]
    this.text = key ? { key } : undefined
  }
}

/** A mismatch class of a check of the decoded call, with a fixed name (its error code). */
function callMismatch<F extends SwapCallField>(name: ErrorName) {
  return class extends SwapTransactionMismatchError {
    constructor(
      parameters: Omit<MismatchParameters<F>, 'transaction'> & Partial<MismatchParameters>,
    ) {
      super({ transaction: 'swap', ...parameters }, name)
    }
  }
}

/** The swap (or the approval's spender) is not a known router of the network. */
export const SwapRouterUnknownError = callMismatch<'router'>('SwapRouterUnknownError')
/** The type of {@link SwapRouterUnknownError}. */
export type SwapRouterUnknownError = InstanceType<typeof SwapRouterUnknownError>

/** The swap calls a function the kit cannot decode, or with options it does not accept. */
export const SwapFunctionUnknownError = callMismatch<'function'>('SwapFunctionUnknownError')
/** The type of {@link SwapFunctionUnknownError}. */
export type SwapFunctionUnknownError = InstanceType<typeof SwapFunctionUnknownError>

/** The swap pays with another token, or another amount, than the visitor typed. */
export const SwapInputMismatchError = callMismatch<'input' | 'amountIn'>('SwapInputMismatchError')
/** The type of {@link SwapInputMismatchError}. */
export type SwapInputMismatchError = InstanceType<typeof SwapInputMismatchError>

/** The swap buys another token than the one chosen, or through a pool the kit cannot read. */
export const SwapOutputMismatchError = callMismatch<'output' | 'pool'>('SwapOutputMismatchError')
/** The type of {@link SwapOutputMismatchError}. */
export type SwapOutputMismatchError = InstanceType<typeof SwapOutputMismatchError>

/** The swap pays another address than the visitor's. */
export const SwapRecipientMismatchError = callMismatch<'recipient'>('SwapRecipientMismatchError')
/** The type of {@link SwapRecipientMismatchError}. */
export type SwapRecipientMismatchError = InstanceType<typeof SwapRecipientMismatchError>

/** The swap's minimum received is below the one the visitor was shown. */
export const SwapMinimumMismatchError = callMismatch<'minimum'>('SwapMinimumMismatchError')
/** The type of {@link SwapMinimumMismatchError}. */
export type SwapMinimumMismatchError = InstanceType<typeof SwapMinimumMismatchError>

/** The swap's deadline has passed, or is further than SWAP_MAX_DEADLINE_SECONDS away. */
export const SwapDeadlineError = callMismatch<'deadline'>('SwapDeadlineError')
/** The type of {@link SwapDeadlineError}. */
export type SwapDeadlineError = InstanceType<typeof SwapDeadlineError>

/** Simulated on the network, the swap moves the visitor's balances otherwise than reviewed. */
export const SwapSimulationMismatchError = callMismatch<'simulation'>('SwapSimulationMismatchError')
/** The type of {@link SwapSimulationMismatchError}. */
export type SwapSimulationMismatchError = InstanceType<typeof SwapSimulationMismatchError>
