import type { ErrorName } from '../../core/errors/error-name.js'
import type { ToastText } from '../../core/toast.js'
import type { MessageKey } from './en.js'
import type { Translate } from './index.js'

/**
 * The text of each error, by its name: the spec's texts and the kit's own where there is one;
 * `error.message` shows the error's short message as it is (a wallet's or a service's words, an
 * option's name). A new error without an entry here does not compile.
 */
export const ERROR_TEXTS: Readonly<Record<ErrorName, MessageKey>> = {
  WalletKitError: 'error.message',
  InvalidOptionError: 'error.message',
  UnknownOptionError: 'error.message',
  AlreadyInitializedError: 'error.message',
  KitDestroyedError: 'error.message',
  AlreadyEmbeddedError: 'error.message',
  UnknownViewError: 'error.message',
  InvalidCaipError: 'error.message',
  ChainAdapterNotFoundError: 'error.message',
  LocalePackError: 'error.message',
  InvalidAppConfigurationError: 'error.invalidAppConfiguration',
  ClipboardError: 'error.message',
  HttpRequestError: 'error.message',
  TimeoutError: 'error.message',
  NetworkRequestError: 'error.message',
  InvalidResponseError: 'error.message',
  ResponseTooLargeError: 'error.message',
  TokenBalanceUnavailableError: 'error.tokenBalanceUnavailable',
  ProviderRpcError: 'error.message',
  UserRejectedRequestError: 'error.message',
  SignatureDeclinedError: 'error.signatureDeclined',
  RequestAlreadyPendingError: 'error.message',
  UnauthorizedProviderError: 'error.message',
  UnsupportedProviderMethodError: 'error.message',
  ProviderDisconnectedError: 'error.message',
  ChainDisconnectedError: 'error.message',
  UnrecognizedChainError: 'error.message',
  WalletRequestError: 'error.message',
  ConnectAbortedError: 'error.message',
  DisconnectError: 'disconnect.failed',
  SwitchChainUnavailableError: 'error.message',
  WalletConnectStartError: 'error.message',
  RelayUnreachableError: 'error.message',
  PairingExpiredError: 'error.message',
  UnsafeWalletLinkError: 'wc.linkBlocked',
  AuthInitError: 'error.authInit',
  EmailRetryAfterError: 'error.message',
  InvalidOtpError: 'error.message',
  ExpiredOtpError: 'error.message',
  LoginFailedError: 'error.message',
  SocialPopupError: 'error.message',
  SocialPopupClosedError: 'error.message',
  SmartAccountSignInError: 'error.smartAccounts',
  SiwxNotEnabledError: 'error.message',
  SiwxNotConnectedError: 'error.message',
  SiwxVerificationError: 'error.message',
  TransactionError: 'error.transaction',
  TransactionRevertedError: 'error.transaction',
  InvalidTransactionHashError: 'error.transaction',
  TransactionReceiptTimeoutError: 'error.message',
  FeeEstimateError: 'error.message',
  UnsupportedTransferError: 'error.message',
  WalletNetworkMismatchError: 'error.message',
  SwapNetworkNotSupportedError: 'error.message',
  GasPriceNetworkNotSupportedError: 'error.message',
  SwapAddressNotFoundError: 'error.message',
  SwapInitializationError: 'error.swapInit',
  NetworkTokenPriceError: 'error.tokenPrice',
  AllowanceCheckError: 'error.allowance',
  ApprovalTransactionError: 'error.approval',
  SwapTransactionError: 'error.transactionCreate',
  IncorrectAmountError: 'error.incorrectAmount',
  InsufficientLiquidityError: 'error.message',
  // A refused transaction's toast says which field differs (its `text`); these are its fallback.
  SwapTransactionMismatchError: 'error.message',
  SwapRouterUnknownError: 'error.message',
  SwapFunctionUnknownError: 'error.message',
  SwapInputMismatchError: 'error.message',
  SwapOutputMismatchError: 'error.message',
  SwapRecipientMismatchError: 'error.message',
  SwapMinimumMismatchError: 'error.message',
  SwapDeadlineError: 'error.message',
  SwapSimulationMismatchError: 'error.message',
  OnRampAmountError: 'error.message',
  UnsafeCheckoutUrlError: 'onramp.error.UnsafeCheckoutUrlError',
  PopupBlockedError: 'onramp.error.PopupBlockedError',
  CheckoutOriginError: 'onramp.error.CheckoutOriginError',
  CheckoutAddressError: 'onramp.error.CheckoutAddressError',
  InvalidNameError: 'names.error.InvalidNameError',
  NameTakenError: 'names.error.NameTakenError',
  NameAlreadyOwnedError: 'names.error.NameAlreadyOwnedError',
  NameRegistrationError: 'error.message',
  NameSignatureExpiredError: 'names.error.NameSignatureExpiredError',
  NameMismatchError: 'names.error.NameMismatchError',
  InvalidEnsNameError: 'error.message',
  EnsTablesError: 'error.message',
  HistoryFetchError: 'error.transactions',
  SmartSessionsFetchError: 'sessions.failed',
  SmartSessionRevokeError: 'sessions.error.failed',
}

/** An error's text in the visitor's language: its own, or its short message as it is. */
export function errorText(
  t: Translate,
  error: { readonly name: ErrorName; readonly shortMessage: string },
): string {
  return t(ERROR_TEXTS[error.name], { message: error.shortMessage })
}

/** What a toast says, in the visitor's language. */
export function toastText(t: Translate, text: ToastText): string {
  return text.error === undefined
    ? t(text.key, text.values)
    : t(ERROR_TEXTS[text.error], { message: text.message })
}
