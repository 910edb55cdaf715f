import { batch, effect, type ReadonlySignal, type Signal, signal } from '@preact/signals-core'
import type { WalletKitError } from '../errors/base.js'
import {
  AllowanceCheckError,
  ApprovalTransactionError,
  SwapMinimumMismatchError,
  SwapTransactionError,
  SwapTransactionMismatchError,
} from '../errors/swap.js'
import type { CaipNetwork } from '../types/caip.js'
import { correctNativeAmount, fromBaseUnits, gasCost } from './calculations.js'
import { checkOnChain } from './checks.js'
import { swapRouters } from './networks.js'
import type { SwapAccount, SwapControllerParameters, SwapTexts } from './ports.js'
import { isNativeToken, plainAddress, type SwapTokenWithBalance } from './tokens.js'
import type { ServiceTransaction, SwapToken } from './types.js'
import { checkSwapCall, type VerifiedSwap, verifyApproval, verifySwap } from './verify.js'

/** The form's state the review reads and, for the gas correction, writes. */
type FormState = {
  sourceToken: ReadonlySignal<SwapToken | undefined>
  toToken: ReadonlySignal<SwapToken | undefined>
  sourceTokenAmount: Signal<string>
  amountBase: ReadonlySignal<bigint | undefined>
  account: ReadonlySignal<SwapAccount | undefined>
  network: ReadonlySignal<CaipNetwork | undefined>
  native: ReadonlySignal<SwapTokenWithBalance | undefined>
  gasFee: ReadonlySignal<bigint | undefined>
  /** The least the form's quote, less the slippage, lets the swap pay (SPEC §3 details). */
  minimum: ReadonlySignal<bigint | undefined>
}

/** A verified approval, with what the review states about it. */
export type VerifiedApproval = ServiceTransaction & { spender: string; amount: bigint }

/**
 * The review's steps (SPEC §4 step 4): the allowance, the swap the service builds (to a known
 * router of the network: the swap's spender), the approval when the allowance is short, each
 * decoded and checked before the review shows them; then the checks that need the chain (the
 * button waits for them); then sending the approval (and re-quoting) or the swap.
 */
export function createSwapReview(parameters: {
  p: SwapControllerParameters
  sessionOf: () => number
  state: FormState
  fetchQuote: () => Promise<void>
  timers: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(id: unknown): void }
}) {
  const { p, state } = parameters
  const loading = signal(false)
  /** The shown transaction's checks on the chain are running: nothing can be sent yet. */
  const checking = signal(false)
  const sending = signal<'approve' | 'swap' | undefined>(undefined)
  const approvalTransaction = signal<VerifiedApproval | undefined>(undefined)
  const swapTransaction = signal<VerifiedSwap | undefined>(undefined)
  /** The contract the swap calls and the approval is for: the first swap's target, then fixed. */
  const spender = signal<string | undefined>(undefined)
  const unlimited = signal(false)
  let run = 0
  /** The run of `prepare()` still on its way, if any. */
  let preparing: number | undefined

  /** Shows a step's failure (a refused transaction as itself) and returns to the form. */
  function fail(error: unknown, wrap: (cause: unknown) => WalletKitError) {
    const failure = error instanceof SwapTransactionMismatchError ? error : wrap(error)
    p.toasts.error(failure, failure.name)
    batch(() => {
      loading.value = false
      checking.value = false
      approvalTransaction.value = undefined
      swapTransaction.value = undefined
    })
    if (p.view.peek() !== 'form') p.navigation.form()
  }

  // Leaving the review drops what it prepared; an answer still on its way is ignored.
  const stopView = effect(() => {
    if (p.view.value !== 'form' && p.view.value !== 'none') return
    run++
    batch(() => {
      loading.value = false
      checking.value = false
      approvalTransaction.value = undefined
      swapTransaction.value = undefined
    })
  })

  async function prepare(): Promise<void> {
    const current = ++run
    preparing = current
    try {
      await prepareRun(current)
    } finally {
      if (preparing === current) preparing = undefined
    }
  }

  async function prepareRun(current: number): Promise<void> {
    const stale = () => current !== run
    const from = state.sourceToken.peek()
    const to = state.toToken.peek()
    const user = state.account.peek()
    const network = state.network.peek()
    let amount = state.amountBase.peek()
    if (!from || !to || !user || !network || !amount) return
    const reference = network.caipNetworkId.slice(network.caipNetworkId.indexOf(':') + 1)
    const native = isNativeToken(from)
    const routers = swapRouters(network)
    // A re-check (the quotes' refresh) keeps the verified transaction shown, and its button
    // pressable, until its answer replaces it: a press meanwhile acts on what the visitor reads.
    if (!approvalTransaction.peek() && !swapTransaction.peek()) loading.value = true

    let allowance: bigint
    try {
      allowance = native
        ? amount
        : await p.api.getAllowance({ tokenAddress: from.address, userAddress: user.caipAddress })
    } catch (error) {
      if (!stale()) fail(error, (cause) => new AllowanceCheckError({ cause }))
      return
    }
    if (stale()) return

    const build = (value: bigint) =>
      p.api.buildTransaction({
        amount: value,
        slippage: p.slippage,
        userAddress: user.caipAddress,
        from: from.address,
        to: to.address,
      })
    let built: ServiceTransaction
    try {
      built = await build(amount)
      if (native) {
        // The native-source gas correction: the coin paid with must leave the swap's gas.
        const price = built.gasPrice ?? state.gasFee.peek() ?? 0n
        const corrected = correctNativeAmount({
          amount,
          balance: state.native.peek()?.balance ?? 0n,
          gasCost: gasCost(price, built.gas),
        })
        if (corrected !== amount && corrected > 0n) {
          built = await build(corrected)
          amount = corrected
          if (!stale()) state.sourceTokenAmount.value = fromBaseUnits(corrected, from.decimals)
        }
      }
    } catch (error) {
      if (!stale()) fail(error, (cause) => new SwapTransactionError({ cause }))
      return
    }
    if (stale()) return

    // The swap's call, decoded and checked against the review in the frame of the answer.
    let swap: VerifiedSwap
    const expected = {
      input: plainAddress(from),
      output: plainAddress(to),
      amount,
      recipient: user.address,
    }
    try {
      swap = verifySwap(built, {
        chainReference: reference,
        routers,
        spender: spender.peek(),
        value: native ? amount : 0n,
      })
      let minimum = state.minimum.peek()
      if (minimum === undefined || swap.call.minimum < minimum) {
        // The quote is for another amount (the gas correction) or the market moved since: quoted
        // again, so the form shows the minimum the swap is held to.
        await parameters.fetchQuote()
        if (stale()) return
        minimum = state.minimum.peek()
      }
      if (minimum === undefined)
        throw new SwapMinimumMismatchError({
          field: 'minimum',
          expected: 'a quote',
          received: String(swap.call.minimum),
        })
      checkSwapCall(swap.call, { ...expected, minimum })
    } catch (error) {
      if (!stale()) fail(error, (cause) => new SwapTransactionError({ cause }))
      return
    }
    const target = swap.to

    let approval: VerifiedApproval | undefined
    if (allowance < amount) {
      let built: ServiceTransaction
      try {
        built = await p.api.buildApprove({
          userAddress: user.caipAddress,
          from: from.address,
          to: to.address,
          amount: unlimited.peek() ? undefined : amount,
        })
      } catch (error) {
        if (!stale()) fail(error, (cause) => new ApprovalTransactionError({ cause }))
        return
      }
      if (stale()) return
      try {
        const call = verifyApproval(built, {
          chainReference: reference,
          token: plainAddress(from),
          spender: target,
          routers,
          amount,
          unlimited: unlimited.peek(),
        })
        approval = { ...built, ...call }
      } catch (error) {
        return fail(error, (cause) => new ApprovalTransactionError({ cause }))
      }
    }

    // Shown now; the button waits for the checks that need the chain.
    batch(() => {
      spender.value = target
      approvalTransaction.value = approval
      swapTransaction.value = approval ? undefined : swap
      loading.value = false
      checking.value = true
    })
    const owner = user.address
    const calls = [
      ...(approval ? [{ from: owner, to: approval.to, data: approval.data, value: 0n }] : []),
      { from: owner, to: target, data: swap.data, value: swap.value },
    ]
    const readAllowance = !approval && !native ? p.readAllowance : undefined
    try {
      await Promise.all([
        checkOnChain(p.read, parameters.timers, { ...expected, call: swap.call, owner, calls }),
        // The allowance the service reported must be the one the router holds on the chain.
        readAllowance?.({ token: expected.input, owner, spender: target }).then((held) => {
          if (held < expected.amount)
            throw new SwapTransactionMismatchError({
              transaction: 'swap',
              field: 'target',
              expected: `a contract allowed to spend ${expected.amount}`,
              received: `${target}, allowed ${held}`,
            })
        }),
      ])
    } catch (error) {
      if (!stale()) fail(error, (cause) => new AllowanceCheckError({ cause }))
      return
    }
    if (!stale()) checking.value = false
  }

  /** Drops the verified transactions (what is shown changes: prepared again from scratch). */
  function clear() {
    batch(() => {
      approvalTransaction.value = undefined
      swapTransaction.value = undefined
    })
  }

  return {
    loading: loading as ReadonlySignal<boolean>,
    checking: checking as ReadonlySignal<boolean>,
    sending: sending as ReadonlySignal<'approve' | 'swap' | undefined>,
    approvalTransaction: approvalTransaction as ReadonlySignal<VerifiedApproval | undefined>,
    swapTransaction: swapTransaction as ReadonlySignal<VerifiedSwap | undefined>,
    spender: spender as ReadonlySignal<string | undefined>,
    unlimited: unlimited as ReadonlySignal<boolean>,
    prepare,
    /**
     * The quotes' refresh: checks the review again, unless a check is still on its way. A refresh
     * never replaces a check in progress, so what that check finds (a transaction refused) is
     * shown rather than dropped as stale.
     */
    recheck(): Promise<void> {
      return preparing === undefined ? prepare() : Promise.resolve()
    },
    busy: () => p.view.peek() === 'review' || p.view.peek() === 'approve' || !!sending.peek(),

    /** 'Review swap': shows the review and prepares its transactions. */
    open(): Promise<void> {
      p.navigation.review()
      clear()
      return prepare()
    },

    /** From the review, shows the approval's review; from there, sends the verified approval. */
    async approve(texts?: SwapTexts): Promise<void> {
      if (checking.peek()) return
      if (p.view.peek() === 'review') {
        if (approvalTransaction.peek()) p.navigation.approve()
        return
      }
      const tx = approvalTransaction.peek()
      if (!tx || sending.peek()) return
      const session = parameters.sessionOf()
      run++ // a re-check still on its way is not applied over what is being sent
      sending.value = 'approve'
      try {
        const from = state.sourceToken.peek()
        await p.send({
          kind: 'approve',
          to: tx.to,
          data: tx.data,
          value: 0n,
          summary: from && {
            amount: fromBaseUnits(tx.amount, from.decimals),
            symbol: from.symbol,
            to: tx.spender,
          },
          texts,
        })
      } catch {
        // Declined or failed: the pipeline told the visitor; everything stays as it was.
        if (session === parameters.sessionOf()) sending.value = undefined
        return
      }
      if (session !== parameters.sessionOf()) return
      batch(() => {
        sending.value = undefined
        approvalTransaction.value = undefined
      })
      p.navigation.back()
      await parameters.fetchQuote()
      if (session === parameters.sessionOf()) await prepare()
    },

    /** Sends the verified swap; once mined, the swap resets and Account replaces its views. */
    async swap(texts?: SwapTexts): Promise<boolean> {
      const tx = swapTransaction.peek()
      if (!tx || sending.peek() || checking.peek()) return false
      const session = parameters.sessionOf()
      run++ // a re-check still on its way is not applied over what is being sent
      sending.value = 'swap'
      try {
        const from = state.sourceToken.peek()
        await p.send({
          kind: 'swap',
          to: tx.to,
          data: tx.data,
          value: tx.value,
          summary: from && {
            amount: fromBaseUnits(state.amountBase.peek() ?? 0n, from.decimals),
            symbol: from.symbol,
            to: tx.to,
          },
          texts,
        })
      } catch {
        if (session === parameters.sessionOf()) sending.value = undefined
        return false
      }
      if (session !== parameters.sessionOf()) return false
      sending.value = undefined
      return true
    },

    /** The visitor's choice of an unlimited approval; the approval is rebuilt for it. */
    setUnlimited(value: boolean) {
      if (unlimited.peek() === value) return
      unlimited.value = value
      if (!approvalTransaction.peek()) return
      // The approval shown is no longer the one asked for: none until the new one is verified.
      clear()
      void prepare()
    },

    /** Drops the review's state; an answer still on its way is ignored. */
    reset() {
      run++
      batch(() => {
        loading.value = false
        checking.value = false
        sending.value = undefined
        approvalTransaction.value = undefined
        swapTransaction.value = undefined
        spender.value = undefined
        unlimited.value = false
      })
    },
    destroy: () => stopView(),
  }
}
