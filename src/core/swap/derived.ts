import { computed, type ReadonlySignal, type Signal } from '@preact/signals-core'
import type { WalletKitError } from '../errors/base.js'
import {
  InsufficientLiquidityError,
  SwapAddressNotFoundError,
  SwapNetworkNotSupportedError,
} from '../errors/swap.js'
import {
  gasCost,
  INSUFFICIENT_BALANCE,
  maxSlippage,
  minimumReceived,
  priceImpact,
  providerFee,
  quoteAmount,
  swapInputError,
  toBaseUnits,
  valueUsd,
} from './calculations.js'
import { noSwapReason } from './networks.js'
import type { SwapControllerParameters } from './ports.js'
import { isNativeToken, tokenLists, withBalance } from './tokens.js'
import type { SwapToken } from './types.js'

/** What the form's primary button does next (SPEC §4, the labels). */
export type SwapAction =
  | { kind: 'select-token' }
  | { kind: 'enter-amount' }
  | { kind: 'input-error'; message: string; liquidity: boolean }
  | { kind: 'review'; loading: boolean }

/** The form's own state (SPEC §3), written by the controller only. */
export type SwapFormState = {
  tokens: Signal<readonly SwapToken[]>
  sourceToken: Signal<SwapToken | undefined>
  toToken: Signal<SwapToken | undefined>
  sourceTokenAmount: Signal<string>
  /** The quote in the target's base units, for the inputs of its key. */
  quote: Signal<{ key: string; toAmount: bigint } | undefined>
  loadingQuote: Signal<boolean>
  /** A quote that failed or came without an amount, for the inputs of its key. */
  quoteError: Signal<{ key: string; error: WalletKitError } | undefined>
  tokensPriceMap: Signal<Readonly<Record<string, number>>>
  networkPrice: Signal<number>
  /** Gas price in wei (SPEC §3 `gasFee`). */
  gasFee: Signal<bigint | undefined>
}

/** Everything the form shows that follows from its state, the account and the network. */
export type SwapDerived = ReturnType<typeof createSwapDerived>

/**
 * The form's derived values: tokens with balances and prices, the amount in base units, the quote
 * for the current inputs only, the details of service-shapes §1.5, the input error and the action.
 */
export function createSwapDerived(p: SwapControllerParameters, s: SwapFormState) {
  const { tokens, sourceToken, toToken, sourceTokenAmount, quote, quoteError } = s
  const { tokensPriceMap, networkPrice, gasFee } = s
  const account = computed(() => p.account.value)
  const network = computed(() => p.network.value)
  const balances = computed(() => account.value?.balances ?? [])
  const amountBase = computed(() => {
    const token = sourceToken.value
    return token ? toBaseUnits(sourceTokenAmount.value, token.decimals) : undefined
  })
  /** The inputs a quote is for; a quote or error for other inputs is not shown. */
  const inputKey = computed(
    () =>
      `${account.value?.caipAddress}|${sourceToken.value?.address}|${toToken.value?.address}|${amountBase.value}`,
  )
  const current = <T extends { key: string }>(value: T | undefined) =>
    value && value.key === inputKey.value ? value : undefined

  const source = computed(() =>
    sourceToken.value
      ? withBalance(sourceToken.value, balances.value, tokensPriceMap.value)
      : undefined,
  )
  const target = computed(() =>
    toToken.value ? withBalance(toToken.value, balances.value, tokensPriceMap.value) : undefined,
  )
  const native = computed(() => {
    const coin = tokens.value.find(isNativeToken)
    return coin && withBalance(coin, balances.value, tokensPriceMap.value)
  })
  const toAmount = computed(() => current(quote.value)?.toAmount)
  /** Why the swap cannot start: no account, or a network that cannot swap. */
  const unavailable = computed(() => {
    const net = network.value
    if (!account.value) return new SwapAddressNotFoundError()
    if (!net || !p.isSupported(net))
      return new SwapNetworkNotSupportedError({ details: noSwapReason(net) })
    return undefined
  })
  const toTokenAmount = computed(() => {
    const amount = toAmount.value
    const token = toToken.value
    return amount !== undefined && token ? quoteAmount(amount, token.decimals) : ''
  })
  /** USD values of the amount paid and the amount quoted. */
  const valuesUsd = computed(() => {
    const from = source.value
    const to = target.value
    const paid = amountBase.value
    const received = toAmount.value
    return {
      pay: from && paid !== undefined ? valueUsd(paid, from.decimals, from.price) : undefined,
      receive: to && received !== undefined ? valueUsd(received, to.decimals, to.price) : undefined,
    }
  })
  const lists = computed(() => tokenLists(tokens.value, balances.value, tokensPriceMap.value))

  // ── Details (service-shapes §1.5) ─────────────────────────────────────────
  const gasPriceInUSD = computed(() => {
    const price = gasFee.value
    const coin = native.value
    return price === undefined || !coin
      ? undefined
      : valueUsd(gasCost(price), coin.decimals, networkPrice.value)
  })
  /** The least the swap may pay for the current quote: the quote less the slippage. */
  const minimum = computed(() => {
    const received = toAmount.value
    return received === undefined ? undefined : minimumReceived(received, p.slippage)
  })
  const details = computed(() => {
    const paid = amountBase.value
    const received = toAmount.value
    const from = source.value
    const to = target.value
    if (paid === undefined || received === undefined || !from || !to) return undefined
    return {
      priceImpact: priceImpact({
        sourceAmount: paid,
        sourceDecimals: from.decimals,
        sourcePriceUsd: from.price,
        toAmount: received,
        toDecimals: to.decimals,
        toPriceUsd: to.price,
      }),
      providerFee: quoteAmount(providerFee(paid), from.decimals),
      maxSlippage: quoteAmount(maxSlippage(received, p.slippage), to.decimals),
      minimumReceived: quoteAmount(minimum.value as bigint, to.decimals),
      gasPriceInUSD: gasPriceInUSD.value,
      slippage: p.slippage,
    }
  })
  const inputError = computed((): string | undefined => {
    const error = current(quoteError.value)?.error
    if (error instanceof InsufficientLiquidityError) return error.shortMessage
    const paid = amountBase.value
    const from = source.value
    const coin = native.value
    const price = gasFee.value
    if (paid === undefined || paid === 0n || !from || !coin || price === undefined) return undefined
    return swapInputError({
      sourceAmount: paid,
      sourceBalance: from.balance,
      nativeBalance: coin.balance,
      gasCost: gasCost(price),
      smartAccount: account.value?.smartAccount ?? false,
    })
  })
  const action = computed((): SwapAction => {
    if (!sourceToken.value || !toToken.value) return { kind: 'select-token' }
    if (!amountBase.value) return { kind: 'enter-amount' }
    const error = inputError.value
    if (error)
      return { kind: 'input-error', message: error, liquidity: error !== INSUFFICIENT_BALANCE }
    // Waiting only for a quote of what is typed: a refresh of the quote shown keeps the button
    // pressable (the review builds and checks the swap afresh), so a press is never lost to it.
    return { kind: 'review', loading: toAmount.value === undefined }
  })

  return {
    account,
    network,
    amountBase,
    inputKey,
    source,
    target,
    native,
    toAmount,
    minimum,
    unavailable,
    toTokenAmount,
    valuesUsd,
    lists,
    gasPriceInUSD,
    details,
    inputError,
    action,
    /** The banner: a quote without an amount ('Incorrect amount') or a failed quote. */
    banner: computed(() => {
      const error = current(quoteError.value)?.error
      return error instanceof InsufficientLiquidityError ? undefined : error
    }) as ReadonlySignal<WalletKitError | undefined>,
  }
}
