import {
  type ProviderRpcError,
  SignatureDeclinedError,
  toProviderError,
  UserRejectedRequestError,
} from './rpc.js'

/** What the visitor was doing when a wallet failed: the texts of a 4001 differ by it. */
export type WalletAction = 'connect' | 'sign' | 'send' | 'request'

/** A connector's own conversion of its wallet's failures (WalletConnect's codes differ, say). */
export type WalletErrorConverter = (error: unknown) => ProviderRpcError

const SIGN_METHODS = /^(personal_sign|eth_sign|eth_signTypedData(_v[134])?|wallet_signIn)$/
const SEND_METHODS = /^(eth_sendTransaction|eth_sendRawTransaction|wallet_sendCalls)$/

/** The action an EIP-1193 method stands for. */
export function actionOf(method: string): WalletAction {
  if (method === 'eth_requestAccounts' || method === 'wallet_requestPermissions') return 'connect'
  if (SIGN_METHODS.test(method)) return 'sign'
  if (SEND_METHODS.test(method)) return 'send'
  return 'request'
}

/**
 * The kit's error mapping for a wallet failure, the same for every connector (SECURITY.md row 22):
 * the connector's own conversion first (any code it knows becomes an EIP-1193 code), then a class
 * per code with its own text — 4001 'Signature declined' on a signature or a send (SPEC §8, as the
 * transactions controller says it), 'The request was declined in the wallet.' otherwise; −32002,
 * 4100, 4200, 4900 and 4901 each their own; anything else the wallet's own short text.
 *
 * @param error - What the wallet threw.
 * @param action - What the visitor was doing.
 * @param convert - The connector's converter; default `toProviderError`.
 */
export function toWalletError(
  error: unknown,
  action: WalletAction,
  convert: WalletErrorConverter = toProviderError,
): ProviderRpcError {
  const converted = convert(error)
  if (converted.code !== 4001 || !(converted instanceof UserRejectedRequestError)) return converted
  return action === 'sign' || action === 'send' ? new SignatureDeclinedError(error) : converted
}
