import { batch, computed, effect, type ReadonlySignal, signal } from '@preact/signals-core'
import { SWAP_REFRESH_INTERVAL_MS } from '../constants.js'
import type { WalletKitError } from '../errors/base.js'
import {
  GasPriceNetworkNotSupportedError,
  NetworkTokenPriceError,
  SwapInitializationError,
} from '../errors/swap.js'
import type { CaipNetworkId } from '../types/caip.js'
import { fromBaseUnits, gasCost } from './calculations.js'
import { createSwapDerived } from './derived.js'
import type { SwapControllerParameters, SwapTexts } from './ports.js'
import { createSwapQuotes } from './quotes.js'
import { createSwapReview } from './review.js'
import { isNativeToken } from './tokens.js'
import type { SwapToken } from './types.js'

export type { SwapAction } from './derived.js'

/** The swap controller. */
export type SwapController = ReturnType<typeof createSwapController>

/**
 * Creates the swap controller: the form's state of SPEC §3 in signals, quotes debounced and
 * refreshed while a swap view is shown and the page visible, the review's steps (allowance,
 * approval, swap), and a reset whenever the account or network changes (SECURITY row 24).
 */
export function createSwapController(p: SwapControllerParameters) {
  const timers = p.timers ?? {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
  }

  // ── State (SPEC §3) ────────────────────────────────────────────────────────
  const initializing = signal(false)
  const initialized = signal(false)
  /** The last load failed; it is not tried again until the swap views are left. */
  const initFailed = signal(false)
  const tokens = signal<readonly SwapToken[]>([])
  const sourceToken = signal<SwapToken | undefined>(undefined)
  const toToken = signal<SwapToken | undefined>(undefined)
  const sourceTokenAmount = signal('')
  /** The quote in the target's base units, for the inputs of `quotedFor`. */
  const quote = signal<{ key: string; toAmount: bigint } | undefined>(undefined)
  const loadingQuote = signal(false)
  /** A quote that failed or came without an amount (the banner), for the inputs of its key. */
  const quoteError = signal<{ key: string; error: WalletKitError } | undefined>(undefined)
  const tokensPriceMap = signal<Readonly<Record<string, number>>>({})
  const networkPrice = signal(0)
  /** Gas price in wei (SPEC §3 `gasFee`). */
  const gasFee = signal<bigint | undefined>(undefined)

  const form = {
    tokens,
    sourceToken,
    toToken,
    sourceTokenAmount,
    quote,
    loadingQuote,
    quoteError,
    tokensPriceMap,
    networkPrice,
    gasFee,
  }
  const derived = createSwapDerived(p, form)
  const { account, network, amountBase, source, target, native, unavailable } = derived
  const { toTokenAmount, valuesUsd, lists, gasPriceInUSD, details, inputError, action } = derived
  const quotes = createSwapQuotes(p, form, derived, timers)
  const { fetchQuote, requestQuote } = quotes

  // ── Prices, gas, tokens ─────────────────────────────────────────────────────
  async function loadPrices(reportFailure: boolean): Promise<void> {
    const coin = native.peek()
    const wanted = new Map(
      [coin, sourceToken.peek(), toToken.peek()].flatMap((t) => (t ? [[t.address, t]] : [])),
    )
    if (wanted.size === 0) return
    try {
      const prices = await p.api.getPrices([...wanted.values()])
      const nativePrice = coin ? prices.get(coin.address.toLowerCase()) : undefined
      if (nativePrice === undefined) throw new Error('no price for the network token')
      batch(() => {
        tokensPriceMap.value = { ...tokensPriceMap.peek(), ...Object.fromEntries(prices) }
        networkPrice.value = nativePrice
      })
    } catch (error) {
      if (reportFailure) {
        const failure = new NetworkTokenPriceError({ cause: error })
        p.toasts.error(failure, failure.name)
      }
    }
  }

  async function getGasPrice(): Promise<bigint> {
    const net = network.peek()
    if (net?.namespace !== 'eip155')
      throw new GasPriceNetworkNotSupportedError({ details: net?.caipNetworkId })
    return p.api.getGasPrice(net.caipNetworkId)
  }

  let session = 0
  const review = createSwapReview({
    p,
    sessionOf: () => session,
    state: {
      sourceToken,
      toToken,
      sourceTokenAmount,
      amountBase,
      account,
      network,
      native,
      gasFee,
      minimum: derived.minimum,
    },
    fetchQuote,
    timers,
  })

  let loading: Promise<void> | undefined
  /**
   * Loads what the form needs (SPEC §4 step 1): tokens, balances, gas price, then prices. Throws
   * 'No address found to swap the tokens from.' or 'Network not supported for Swaps' before asking
   * anything; any other failure shows 'Failed to initialize swap' and goes back.
   */
  async function initialize(): Promise<void> {
    const blocked = unavailable.peek()
    if (blocked) throw blocked
    const net = network.peek()
    if (!net || initialized.peek()) return
    loading ??= load(net.caipNetworkId).finally(() => {
      loading = undefined
    })
    return loading
  }

  async function load(caipNetworkId: CaipNetworkId): Promise<void> {
    const started = session
    initializing.value = true
    try {
      const [list, price] = await Promise.all([
        p.api.getTokens(caipNetworkId),
        getGasPrice(),
        p.refreshBalances(),
      ])
      if (started !== session) return
      batch(() => {
        tokens.value = list
        gasFee.value = price
        // The network's coin is paid with first (service-shapes §1.3).
        sourceToken.value ??= list.find(isNativeToken)
        initialized.value = true
      })
    } catch (error) {
      if (started !== session) return
      const failure = new SwapInitializationError({ cause: error })
      initFailed.value = true
      p.toasts.error(failure, failure.name)
      p.navigation.back()
      return
    } finally {
      if (started === session) initializing.value = false
    }
    await loadPrices(true)
  }

  /** Clears every field (after a swap, or when the account or network changes). */
  function reset(): void {
    session++
    loading = undefined
    quotes.cancel()
    review.reset()
    batch(() => {
      initializing.value = false
      initialized.value = false
      initFailed.value = false
      tokens.value = []
      sourceToken.value = undefined
      toToken.value = undefined
      sourceTokenAmount.value = ''
      quote.value = undefined
      quoteError.value = undefined
      loadingQuote.value = false
      tokensPriceMap.value = {}
      networkPrice.value = 0
      gasFee.value = undefined
    })
  }

  // An account or network change: nothing of the old swap may be used (SECURITY row 24).
  let identity = `${p.account.peek()?.caipAddress}|${p.network.peek()?.caipNetworkId}`
  const stopIdentity = effect(() => {
    const next = `${p.account.value?.caipAddress}|${p.network.value?.caipNetworkId}`
    if (next === identity) return
    identity = next
    const wasBusy = initialized.peek() || initializing.peek() || review.busy()
    reset()
    if (wasBusy) p.navigation.form()
  })

  // Quotes, prices and balances stay fresh while a swap view is shown and the page visible.
  let refreshTimer: unknown
  async function refresh(): Promise<void> {
    if (!initialized.peek() || review.sending.peek()) return
    await Promise.all([p.refreshBalances().catch(() => undefined), loadPrices(false)])
    if (!amountBase.peek()) return
    await fetchQuote()
    if (p.view.peek() === 'review') await review.recheck()
  }
  // The form loads when it is shown; a failed load waits until the swap views were left.
  const stopLoad = effect(() => {
    const view = p.view.value
    if (view === 'none') initFailed.value = false
    else if (
      view === 'form' &&
      !unavailable.value &&
      !initialized.value &&
      !initializing.value &&
      !initFailed.value
    )
      void initialize().catch(() => undefined)
  })
  const stopRefresh = effect(() => {
    timers.clearInterval(refreshTimer)
    if (p.active.value)
      refreshTimer = timers.setInterval(() => void refresh(), SWAP_REFRESH_INTERVAL_MS)
  })

  return {
    // State of SPEC §3, read-only.
    /** 'No address found to swap the tokens from.' or 'Network not supported for Swaps', or none. */
    unavailable,
    initializing: initializing as ReadonlySignal<boolean>,
    initialized: initialized as ReadonlySignal<boolean>,
    initFailed: initFailed as ReadonlySignal<boolean>,
    tokens: tokens as ReadonlySignal<readonly SwapToken[]>,
    /** The source token with the account's balance and price. */
    sourceToken: source,
    /** The target token with the account's balance and price. */
    toToken: target,
    /** The network's coin with the account's balance. */
    networkToken: native,
    sourceTokenAmount: sourceTokenAmount as ReadonlySignal<string>,
    /** The quoted amount, to 6 decimals; empty while none is known for the inputs. */
    toTokenAmount,
    /** The amount typed in the source's base units (undefined when it is not a number). */
    sourceAmount: amountBase,
    /** USD values of what is paid and what is quoted. */
    valuesUsd,
    loadingQuote: loadingQuote as ReadonlySignal<boolean>,
    /** The banner: a quote without an amount ('Incorrect amount') or a failed quote. */
    quoteError: derived.banner,
    inputError,
    tokensPriceMap: tokensPriceMap as ReadonlySignal<Readonly<Record<string, number>>>,
    networkPrice: networkPrice as ReadonlySignal<number>,
    gasFee: gasFee as ReadonlySignal<bigint | undefined>,
    gasPriceInUSD,
    /** Price impact, fee, slippage, minimum received, network fee; undefined without a quote. */
    details,
    /** SPEC §3 `priceImpact`, in percent. */
    priceImpact: computed(() => details.value?.priceImpact),
    /** SPEC §3 `maxSlippage`: how much less than the quote may arrive, in the target token. */
    maxSlippage: computed(() => details.value?.maxSlippage),
    /** SPEC §3 `providerFee`: 0.85 % of the amount paid, in the source token. */
    providerFee: computed(() => details.value?.providerFee),
    myTokensWithBalance: computed(() => lists.value.myTokensWithBalance),
    suggestedTokens: computed(() => lists.value.suggestedTokens),
    popularTokens: computed(() => lists.value.popularTokens),
    action,
    slippage: p.slippage,
    // The review's state: the verified transactions and what is being sent.
    approvalTransaction: review.approvalTransaction,
    swapTransaction: review.swapTransaction,
    spender: review.spender,
    unlimited: review.unlimited,
    loadingTransaction: review.loading,
    /** The shown transaction's checks on the chain (its simulation) are running. */
    checkingTransaction: review.checking,
    sending: review.sending,

    initialize,
    reset,
    refresh,
    /** Picks the token paid with; picking the target swaps them. */
    setSourceToken(token: SwapToken) {
      if (toToken.peek()?.address === token.address) return void flip()
      sourceToken.value = token
      requestQuote()
    },
    /** Picks the token received; picking the source swaps them. */
    setToToken(token: SwapToken) {
      if (sourceToken.peek()?.address === token.address) return void flip()
      toToken.value = token
      requestQuote()
      void loadPrices(false)
    },
    /** The amount typed (SPEC §5 keys are checked by the input). */
    setSourceTokenAmount,
    /** Swaps source and target; the amount becomes the quoted one, or 1 when there is none. */
    flip,
    /** The whole balance of the source; of the network's coin, less the swap's gas. */
    setMaxAmount() {
      const from = source.peek()
      if (!from) return
      const price = gasFee.peek()
      const keep = isNativeToken(from) && price !== undefined ? gasCost(price) : 0n
      const max = from.balance > keep ? from.balance - keep : 0n
      setSourceTokenAmount(fromBaseUnits(max, from.decimals))
    },
    review: review.open,
    approve: review.approve,
    /** Sends the swap; once mined, the form resets, Account replaces the swap views, balances reload. */
    async swap(texts?: SwapTexts): Promise<boolean> {
      const done = await review.swap(texts)
      if (!done) return false
      reset()
      p.navigation.done()
      void p.refreshBalances().catch(() => undefined)
      return true
    },
    setUnlimited: review.setUnlimited,
    getGasPrice,
    /** Stops timers and effects. */
    destroy() {
      reset()
      stopIdentity()
      stopLoad()
      stopRefresh()
      review.destroy()
      timers.clearInterval(refreshTimer)
    },
  }

  function setSourceTokenAmount(amount: string): void {
    if (amount === sourceTokenAmount.peek()) return
    sourceTokenAmount.value = amount
    requestQuote()
  }

  function flip(): void {
    const amount = toTokenAmount.peek()
    batch(() => {
      const from = sourceToken.peek()
      sourceToken.value = toToken.peek()
      toToken.value = from
      sourceTokenAmount.value = amount || '1'
    })
    requestQuote()
  }
}
