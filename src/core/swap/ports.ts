import type { ReadonlySignal } from '@preact/signals-core'
import type { TokenBalance } from '../chain-state.js'
import type { Toasts } from '../toast.js'
import type { CaipAddress, CaipNetwork } from '../types/caip.js'
import type { TransactionSummary, TransactionTexts } from '../types/transaction.js'
import type { SwapApi } from './types.js'

/** The connected eip155 account, as the swap sees it. */
export type SwapAccount = {
  address: string
  caipAddress: CaipAddress
  /** Its balances on the active network (native coin without an address). */
  balances: readonly TokenBalance[]
  /** Smart accounts pay no gas themselves: the gas check is skipped (SPEC §6). */
  smartAccount: boolean
}

/** A transaction the swap asks the wallet to send, through the transaction pipeline. */
export type SwapTransactionRequest = {
  kind: 'approve' | 'swap'
  to: string
  data: `0x${string}`
  value: bigint
  /** What it moves, for the pending list (the amount paid, or approved, and to whom). */
  summary?: TransactionSummary | undefined
  /** Toasts around the receipt, translated by the view. */
  texts?: SwapTexts | undefined
}

/** The toasts after the wallet answered, by their texts' keys. */
export type SwapTexts = TransactionTexts

/** A JSON-RPC read of the active network; the answer is unchecked. */
export type SwapRead = (method: string, params: unknown[]) => Promise<unknown>

/** Which swap view is shown: the form (Swap), its review (SwapPreview), the approval's review. */
export type SwapView = 'form' | 'review' | 'approve' | 'none'

/** Where the swap views go; the kit maps these onto the router. */
export type SwapNavigation = {
  /** Shows the review (SwapPreview). */
  review(): void
  /** Shows the approval's review (ApproveTransaction). */
  approve(): void
  /** Goes back one view (a failed step returns to where the visitor was). */
  back(): void
  /** Back to the form, from the review or the approval (after an account or network change). */
  form(): void
  /** The swap is done: Account replaces the swap views. */
  done(): void
}

/** What the swap controller needs from the kit: narrow reads and actions, nothing else. */
export type SwapControllerParameters = {
  api: SwapApi
  /** The active eip155 account, or undefined when none is connected. */
  account: ReadonlySignal<SwapAccount | undefined>
  /** The active eip155 network. */
  network: ReadonlySignal<CaipNetwork | undefined>
  /** Whether a network can swap (the spec's twelve and those a site marks `swaps: true`). */
  isSupported(network: CaipNetwork): boolean
  /** Reloads the account's balances (the blockchain API, forced). */
  refreshBalances(): Promise<void>
  /**
   * Sends through the transaction pipeline and resolves once mined successfully; rejects when the
   * wallet declines or the transaction fails (the pipeline has told the visitor).
   */
  send(request: SwapTransactionRequest): Promise<unknown>
  /**
   * What `owner` lets `spender` take of `token`, read from the chain itself, when the namespace can;
   * the swap checks the allowance it relies on belongs to the contract it calls.
   */
  readAllowance?(request: { token: string; owner: string; spender: string }): Promise<bigint>
  /**
   * A JSON-RPC read of the active network (its RPC, else the wallet's provider): the swap's pool,
   * the chain's clock and the swap's simulation are read through it before the wallet is asked.
   */
  read?: SwapRead | undefined
  /** Visitor-facing messages. */
  toasts: Pick<Toasts, 'error' | 'success'>
  navigation: SwapNavigation
  /** The swap view shown now (the router's, mapped). */
  view: ReadonlySignal<SwapView>
  /** True while a swap view is open and the page is visible: quotes and prices refresh then. */
  active: ReadonlySignal<boolean>
  /** Slippage tolerance, in percent (SPEC §9: 1; a site may set another up to 50). */
  slippage: number
  /** Timers, replaceable in tests. */
  timers?: {
    setTimeout(fn: () => void, ms: number): unknown
    clearTimeout(id: unknown): void
    setInterval(fn: () => void, ms: number): unknown
    clearInterval(id: unknown): void
  }
}
