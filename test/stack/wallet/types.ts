import type { Address } from 'viem'
import type { RpcErrorObject, RpcOutcome } from '../chain/rpc.js'
import type { WalletChain } from './add-chain.js'
import type { WalletInfo } from './info.js'

/** An event the wallet sends to the page (EIP-1193 `accountsChanged`, `chainChanged`, …). */
export interface WalletEvent {
  event: string
  payload: unknown
}

/** One request the wallet answered, with its outcome. */
export interface WalletCall {
  method: string
  params: unknown
  result?: unknown
  error?: RpcErrorObject
}

/** How `switchChainFromWallet` writes the chain id: '0x7a6a' (hex), '31338' (decimal) or 31338 (number). */
export type ChainIdFormat = 'hex' | 'decimal' | 'number'

/** Options of {@link createTestWallet}. */
export interface TestWalletOptions {
  /** Chains the wallet knows; it starts on the first. */
  chains: readonly WalletChain[]
  /** Mnemonic account index; default 0. */
  accountIndex?: number
  /** EIP-6963 info overrides; the uuid is random but fixed for this wallet. */
  info?: Partial<WalletInfo>
  /** Whether `wallet_addEthereumChain` also switches to the chain; default false. */
  switchOnAdd?: boolean
}

/** An EIP-1193 provider in the same process, for unit tests. */
export interface InProcessProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (payload: unknown) => void): void
  removeListener(event: string, listener: (payload: unknown) => void): void
}

/** The wallet's logic in Node, shared by every bridge, with controls for tests. */
export interface TestWallet {
  readonly info: WalletInfo
  readonly address: Address
  readonly accountIndex: number
  /** Current chain id (may be one the wallet has no RPC for, after `switchChainFromWallet`). */
  readonly chainId: number
  /** Whether the site may see the account (after a connect or `authorize()`). */
  readonly connected: boolean
  readonly calls: WalletCall[]
  readonly addedChains: readonly WalletChain[]
  readonly provider: InProcessProvider
  /** Answers one request; never throws. */
  handle(method: string, params?: unknown, origin?: string): Promise<RpcOutcome>
  /** Receives every event; the returned promise is awaited before the triggering call resolves. */
  subscribe(listener: (event: WalletEvent) => void | Promise<void>): () => void
  /** The next call of `method` fails with `code` (default 4001 User rejected). */
  rejectNext(method: string, code?: number, message?: string, data?: unknown): void
  /** The next call of `method` fails with -32603 and the real code under `data.originalError`. */
  nestNextError(method: string, code: number, message?: string): void
  /**
   * Runs `hook` when the next call of `method` arrives, before it is answered: hold the request
   * open, emit events or change the account mid-request.
   */
  beforeNext(method: string, hook: (params: unknown) => void | Promise<void>): void
  /**
   * The next `personal_sign` is signed by mnemonic account `index` instead of the connected one:
   * a signature that does not belong to the account, as a compromised or buggy wallet would give.
   */
  forgeNextSignature(index: number): void
  /** Switches to mnemonic account `index`; emits `accountsChanged` when connected. */
  setAccount(index: number): Promise<void>
  /** Sends any event to the page. */
  emit(event: string, payload: unknown): Promise<void>
  /** The user switches chain in the wallet, to any id; emits `chainChanged`. */
  switchChainFromWallet(chainId: number, options?: { format?: ChainIdFormat }): Promise<void>
  /** The user disconnects the site: emits `disconnect` (4900) and `accountsChanged([])`. */
  disconnectFromWallet(): Promise<void>
  /** Pre-authorises the site, so `eth_accounts` answers without a connect (a reload reconnects). */
  authorize(): void
  /** Back to the initial account and chain, disconnected, no added chains, no queued errors, no calls. */
  reset(): void
}
