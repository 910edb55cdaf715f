import type { EIP1193Parameters, EIP1474Methods } from 'viem'
import type { CaipNetworkId } from './caip.js'

/**
 * One EIP-1193 request: a method of viem's EIP-1474 schema (public, wallet and bundler methods)
 * with its params typed, e.g. `{ method: 'eth_sendTransaction', params: [transaction] }`.
 */
export type Eip1193RequestArguments = EIP1193Parameters<EIP1474Methods>

/**
 * The request function of an EIP-1193 provider. The result is `unknown` on purpose: a wallet is
 * untrusted input, so every caller checks the shape of what it got back.
 */
export type Eip1193RequestFn = (args: Eip1193RequestArguments) => Promise<unknown>

/**
 * An EIP-1193 provider as WalletKit calls it: whatever the connector (an extension, a
 * WalletConnect session, the login frame, a Safe), the kit only uses `request` and the events.
 * Declared once; every eip155 call of the kit goes through this type.
 */
export type Eip1193Provider = {
  request: Eip1193RequestFn
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
}

/** True when `value` looks like an EIP-1193 provider (it has a `request` function). */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  )
}

/**
 * What the kit needs of a Solana wallet's provider (`connectors/solana-standard` builds it over a
 * Wallet Standard wallet; `kit.getProvider('solana')` hands the same object to the host).
 * Transactions are wire-format bytes; signatures are base58.
 */
export type SolanaWalletProvider = {
  readonly account: { readonly address: string }
  /** The network the provider sends to, as CAIP-2. */
  readonly caipNetworkId: CaipNetworkId
  /** Signs and sends a wire-format transaction; resolves to its base58 signature. */
  signAndSendTransaction(transaction: Uint8Array): Promise<string>
}

/** True when `value` has the Solana provider's `signAndSendTransaction`. */
export function isSolanaWalletProvider(value: unknown): value is SolanaWalletProvider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { signAndSendTransaction?: unknown }).signAndSendTransaction === 'function'
  )
}
