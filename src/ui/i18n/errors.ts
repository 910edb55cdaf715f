import type { ErrorName } from '../../core/errors/error-name.js'
import type { ToastText } from '../../core/toast.js'
import type { MessageKey } from './en.js'
import type { Translate } from './index.js'

/**
 * The errors whose text is `error.message`: their short message as it is (a wallet's or a
 * service's words, an option's name). A refused swap transaction's toast says which field differs
 * (its `text`); for the swap mismatches this is its fallback.
 */
type ShownAsIs =
  | 'WalletKitError'
  | 'InvalidOptionError'
  | 'UnknownOptionError'
  | 'AlreadyInitializedError'
  | 'KitDestroyedError'
  | 'AlreadyEmbeddedError'
  | 'UnknownViewError'
  | 'InvalidCaipError'
  | 'ChainAdapterNotFoundError'
  | 'LocalePackError'
  | 'ClipboardError'
  | 'HttpRequestError'
  | 'TimeoutError'
  | 'NetworkRequestError'
  | 'InvalidResponseError'
  | 'ResponseTooLargeError'
  | 'ProviderRpcError'
  | 'UserRejectedRequestError'
  | 'RequestAlreadyPendingError'
  | 'UnauthorizedProviderError'
  | 'UnsupportedProviderMethodError'
  | 'ProviderDisconnectedError'
  | 'ChainDisconnectedError'
  | 'UnrecognizedChainError'
  | 'WalletRequestError'
  | 'ConnectAbortedError'
  | 'SwitchChainUnavailableError'
  | 'WalletConnectStartError'
  | 'RelayUnreachableError'
  | 'PairingExpiredError'
  | 'EmailRetryAfterError'
  | 'InvalidOtpError'
  | 'ExpiredOtpError'
  | 'LoginFailedError'
  | 'SocialPopupError'
  | 'SocialPopupClosedError'
  | 'SiwxNotEnabledError'
  | 'SiwxNotConnectedError'
  | 'SiwxVerificationError'
  | 'TransactionReceiptTimeoutError'
  | 'FeeEstimateError'
  | 'UnsupportedTransferError'
  | 'WalletNetworkMismatchError'
  | 'SwapNetworkNotSupportedError'
  | 'GasPriceNetworkNotSupportedError'
  | 'SwapAddressNotFoundError'
  | 'InsufficientLiquidityError'
  | 'SwapTransactionMismatchError'
  | 'SwapRouterUnknownError'
  | 'SwapFunctionUnknownError'
  | 'SwapInputMismatchError'
  | 'SwapOutputMismatchError'
  | 'SwapRecipientMismatchError'
  | 'SwapMinimumMismatchError'
  | 'SwapDeadlineError'
  | 'SwapSimulationMismatchError'
  | 'OnRampAmountError'
  | 'NameRegistrationError'
  | 'InvalidEnsNameError'
  | 'EnsTablesError'

/**
 * The text of each other error, by its name: the spec's texts and the kit's own. An error that is
 * neither here nor in `ShownAsIs` does not compile. (The errors shown as they are have no entry at
 * run time: 60 entries of the same key would weigh about 0.5 KiB in the file.)
 */
const OWN_TEXTS: Readonly<
  Record<Exclude<ErrorName, ShownAsIs>, MessageKey> & Partial<Record<ShownAsIs, never>>
> = {
  InvalidAppConfigurationError: 'error.invalidAppConfiguration',
  TokenBalanceUnavailableError: 'error.tokenBalanceUnavailable',
  SignatureDeclinedError: 'error.signatureDeclined',
  DisconnectError: 'disconnect.failed',
  UnsafeWalletLinkError: 'wc.linkBlocked',
  AuthInitError: 'error.authInit',
  SmartAccountSignInError: 'error.smartAccounts',
  TransactionError: 'error.transaction',
  TransactionRevertedError: 'error.transaction',
  InvalidTransactionHashError: 'error.transaction',
  SwapInitializationError: 'error.swapInit',
  NetworkTokenPriceError: 'error.tokenPrice',
  AllowanceCheckError: 'error.allowance',
  ApprovalTransactionError: 'error.approval',
  SwapTransactionError: 'error.transactionCreate',
  IncorrectAmountError: 'error.incorrectAmount',
  UnsafeCheckoutUrlError: 'onramp.error.UnsafeCheckoutUrlError',
  PopupBlockedError: 'onramp.error.PopupBlockedError',
  CheckoutOriginError: 'onramp.error.CheckoutOriginError',
  CheckoutAddressError: 'onramp.error.CheckoutAddressError',
  InvalidNameError: 'names.error.InvalidNameError',
  NameTakenError: 'names.error.NameTakenError',
  NameAlreadyOwnedError: 'names.error.NameAlreadyOwnedError',
  NameSignatureExpiredError: 'names.error.NameSignatureExpiredError',
  NameMismatchError: 'names.error.NameMismatchError',
  HistoryFetchError: 'error.transactions',
  SmartSessionsFetchError: 'sessions.failed',
  SmartSessionRevokeError: 'sessions.error.failed',
}

/** An error's own text, or undefined when it is shown as its short message. */
export function ownErrorText(name: ErrorName): MessageKey | undefined {
  return OWN_TEXTS[name]
}

/** An error's text in the visitor's language: its own, or its short message as it is. */
export function errorText(
  t: Translate,
  error: { readonly name: ErrorName; readonly shortMessage: string },
): string {
  return t(OWN_TEXTS[error.name] ?? 'error.message', { message: error.shortMessage })
}

/** What a toast says, in the visitor's language. */
export function toastText(t: Translate, text: ToastText): string {
  return text.error === undefined
    ? t(text.key, text.values)
    : t(OWN_TEXTS[text.error] ?? 'error.message', { message: text.message })
}
