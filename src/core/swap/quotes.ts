import { batch } from '@preact/signals-core'
import { DEBOUNCE_DEFAULT_MS } from '../constants.js'
import { WalletKitError } from '../errors/base.js'
import { IncorrectAmountError } from '../errors/swap.js'
import type { SwapDerived, SwapFormState } from './derived.js'
import type { SwapControllerParameters } from './ports.js'

/**
 * Quotes for the form: asked after the debounce, and each answer kept with the inputs it was
 * asked for, so an answer for an old amount, token or account is never shown for newer ones.
 */
export function createSwapQuotes(
  p: SwapControllerParameters,
  s: SwapFormState,
  d: SwapDerived,
  timers: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(id: unknown): void },
) {
  const { sourceToken, toToken, quote, loadingQuote, quoteError, gasFee } = s
  const { inputKey, amountBase, account } = d
  let quoteTimer: unknown
  let quoteRun = 0

  async function fetchQuote(): Promise<void> {
    timers.clearTimeout(quoteTimer)
    const run = ++quoteRun
    const key = inputKey.peek()
    const from = sourceToken.peek()
    const to = toToken.peek()
    const amount = amountBase.peek()
    const user = account.peek()
    if (!from || !to || !amount || !user) {
      loadingQuote.value = false
      return
    }
    loadingQuote.value = true
    try {
      const toAmountBase = await p.api.getQuote({
        amount,
        userAddress: user.caipAddress,
        from: from.address,
        to: to.address,
        gasPrice: gasFee.peek(),
      })
      if (run !== quoteRun) return
      batch(() => {
        if (toAmountBase === undefined) {
          quote.value = undefined
          quoteError.value = { key, error: new IncorrectAmountError() }
        } else {
          quote.value = { key, toAmount: toAmountBase }
          quoteError.value = undefined
        }
      })
    } catch (error) {
      if (run !== quoteRun) return
      batch(() => {
        quote.value = undefined
        quoteError.value = {
          key,
          error: error instanceof WalletKitError ? error : new IncorrectAmountError(),
        }
      })
    } finally {
      if (run === quoteRun) loadingQuote.value = false
    }
  }

  /** A new input: the old quote is dropped at once, the new one asked for after the debounce. */
  function requestQuote() {
    quoteRun++
    timers.clearTimeout(quoteTimer)
    loadingQuote.value = amountBase.peek() !== undefined && amountBase.peek() !== 0n
    quoteTimer = timers.setTimeout(() => void fetchQuote(), DEBOUNCE_DEFAULT_MS)
  }

  return {
    fetchQuote,
    requestQuote,
    /** Drops the pending quote and any answer still on its way. */
    cancel() {
      quoteRun++
      timers.clearTimeout(quoteTimer)
    },
  }
}
