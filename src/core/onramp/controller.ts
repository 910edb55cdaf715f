import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core'
import type { TokenBalance } from '../chain-state.js'
import { DEBOUNCE_DEFAULT_MS, ONRAMP_BALANCE_POLL_MS, ONRAMP_POPUP_POLL_MS } from '../constants.js'
import { WalletKitError } from '../errors/base.js'
import { OnRampAmountError, PopupBlockedError } from '../errors/onramp.js'
import type { CaipNetwork } from '../types/caip.js'
import { cleanFiatAmount } from './amount.js'
import { checkCheckoutUrl } from './checkout-url.js'
import { assetsFor, fallbackOptions, isWithinLimits, limitsOf, PAYMENT_METHODS } from './options.js'
import { placeholderQuote } from './quote.js'
import { isRestrictedTimeZone } from './region.js'
import type {
  CheckoutRequest,
  OnRampApi,
  OnRampAsset,
  OnRampOptions,
  OnRampQuote,
} from './types.js'

/** The checkout window, as the kit drives it: opened empty in the click, then sent to the link. */
export type CheckoutWindow = {
  navigate(url: string): void
  close(): void
  readonly closed: boolean
}

/** Who buys: the connected account of an eip155 or solana namespace, on its network. */
export type OnRampTarget = {
  address: string
  network: CaipNetwork
  /** The account's balances, for an estimate's price when the quote call fails. */
  tokenBalance: readonly TokenBalance[]
}

/** What the OnRamp controller needs from the kit. */
export type OnRampParameters = {
  api: OnRampApi
  /** The buyer, or undefined when no eip155/solana account is connected. */
  target: () => OnRampTarget | undefined
  /** The buyer's balance of an asset now, in base units, read from the chain. */
  balanceOf: (target: OnRampTarget, asset: OnRampAsset) => Promise<bigint>
  /**
   * When each purchase the provider lists for the buyer was made, in ms (the history's `onramp`
   * parameter, SPEC §7); a purchase listed after the checkout opened has landed.
   */
  purchases?: ((target: OnRampTarget) => Promise<readonly { minedAt: number }[]>) | undefined
  /** Opens an empty window, synchronously (inside the click); null when the browser blocks it. */
  openWindow: () => CheckoutWindow | null
  /** A signal that aborts when the visitor leaves the OnRamp view. */
  leaveSignal: () => AbortSignal
  /** The purchase landed (the balance rose) or the window closed: show Account. */
  onFinished: (outcome: 'landed' | 'closed') => void
  /** The browser's time zone (IANA name). */
  timeZone?: (() => string | undefined) | undefined
  /** Origins a checkout link may lead to (exact): the providers' and the site's own. */
  checkoutOrigins: readonly string[]
  debounceMs?: number
}

/** Where the OnRamp flow stands. */
export type OnRampStep = 'form' | 'opening' | 'waiting'

/** The OnRamp flow's controller. */
export type OnRamp = ReturnType<typeof createOnRamp>

/** The key of an asset in the list: its id and network. */
export const assetKey = (asset: OnRampAsset) => `${asset.currency.id}@${asset.network.name}`

/**
 * Creates the OnRamp flow: what to buy on the active network, in which fiat currency, how much
 * (within the payment method's limits) and how to pay; the quote; and "Buy", which opens the
 * checkout window inside the click, asks the generator for the link, checks it (https, a known
 * provider's origin, the buyer's own address where it names one) and sends the window there, then
 * waits until the balance rises, the provider lists the purchase, or the window closes.
 */
export function createOnRamp(parameters: OnRampParameters) {
  const debounceMs = parameters.debounceMs ?? DEBOUNCE_DEFAULT_MS
  /** Options from the service: undefined until asked, null when the call failed. */
  const served = signal<OnRampOptions | null | undefined>(undefined)
  const network = signal<CaipNetwork | undefined>(undefined)
  const selectedKey = signal<string | undefined>(undefined)
  const currencyId = signal<string | undefined>(undefined)
  const method = signal<string>(PAYMENT_METHODS[0])
  const amount = signal('')
  const quote = signal<OnRampQuote | undefined>(undefined)
  const quoteLoading = signal(false)
  const step = signal<OnRampStep>('form')
  const error = signal<WalletKitError | undefined>(undefined)
  const checkoutHost = signal<string | undefined>(undefined)
  const restricted = signal(false)
  let quoteTimer: ReturnType<typeof setTimeout> | undefined
  let quoteRun = 0
  let watchers: ReturnType<typeof setInterval>[] = []
  let purchaseRun = 0

  const options = computed<OnRampOptions | undefined>(() => {
    if (served.value) return served.value
    if (served.value === null && network.value) return fallbackOptions(network.value)
    return undefined
  })
  const assets = computed(() =>
    options.value && network.value ? assetsFor(options.value, network.value) : [],
  )
  const asset = computed(
    () => assets.value.find((a) => assetKey(a) === selectedKey.value) ?? assets.value[0],
  )
  const currency = computed(() => {
    const list = options.value?.paymentCurrencies ?? []
    return (
      list.find((c) => c.id === currencyId.value) ?? list.find((c) => c.id === 'USD') ?? list[0]
    )
  })
  const methods = computed(() =>
    PAYMENT_METHODS.filter((m) => limitsOf(currency.value, m) !== undefined),
  )
  const limits = computed(() => limitsOf(currency.value, method.value))
  const amountError = computed(() => {
    const range = limits.value
    const c = currency.value
    if (amount.value === '' || !range || !c || isWithinLimits(amount.value, range)) return undefined
    return new OnRampAmountError({ amount: amount.value, ...range, currency: c.id })
  })

  /** Asks for a quote after a pause; a failure gives the placeholder, marked as an estimate. */
  function scheduleQuote() {
    clearTimeout(quoteTimer)
    const run = ++quoteRun
    batch(() => {
      quote.value = undefined
      quoteLoading.value = false
    })
    const target = parameters.target()
    const chosen = asset.peek()
    const pay = currency.peek()
    const range = limits.peek()
    const value = amount.peek()
    if (!target || !chosen || !pay || !range || !isWithinLimits(value, range)) return
    quoteLoading.value = true
    quoteTimer = setTimeout(async () => {
      let next: OnRampQuote
      try {
        const answer = await parameters.api.getOnRampQuote({
          purchaseCurrency: chosen.currency,
          paymentCurrency: pay,
          amount: value,
          network: chosen.network.name,
          paymentMethod: method.peek(),
        })
        next = { ...answer, estimate: false }
      } catch {
        next = placeholderQuote({
          amount: value,
          currency: pay.id,
          asset: chosen,
          priceUsd: priceOf(target, chosen),
        })
      }
      if (run !== quoteRun) return
      batch(() => {
        quote.value = next
        quoteLoading.value = false
      })
    }, debounceMs)
  }

  function stopWatching() {
    for (const id of watchers) clearInterval(id)
    watchers = []
  }

  function finish(outcome: 'landed' | 'closed') {
    stopWatching()
    purchaseRun++
    batch(() => {
      step.value = 'form'
      checkoutHost.value = undefined
    })
    parameters.onFinished(outcome)
  }

  /** Sends the window to the checkout and waits for the balance to rise or the window to close. */
  async function checkout(popup: CheckoutWindow, target: OnRampTarget, chosen: OnRampAsset) {
    const run = ++purchaseRun
    const leave = parameters.leaveSignal()
    leave.addEventListener('abort', () => {
      if (run !== purchaseRun) return
      // Leaving before the link came: the empty window goes too. While waiting, the visitor may
      // still pay in the window; only the watching stops.
      if (step.peek() === 'opening') popup.close()
      stopWatching()
      purchaseRun++
      step.value = 'form'
    })
    const quoted = quote.peek()
    const request: CheckoutRequest = {
      destinationWallets: [
        {
          address: target.address,
          blockchains: [chosen.network.name],
          assets: [chosen.currency.symbol],
        },
      ],
      defaultNetwork: chosen.network.name,
      partnerUserId: target.address,
      defaultExperience: 'buy',
      presetFiatAmount: Number(amount.peek()),
      ...(quoted && !quoted.estimate && quoted.purchaseAmount
        ? { presetCryptoAmount: Number(quoted.purchaseAmount.amount) }
        : {}),
      fiatCurrency: currency.peek()?.id ?? 'USD',
      defaultPaymentMethod: method.peek(),
    }
    let url: string
    let baseline: bigint | undefined
    try {
      ;[url, baseline] = await Promise.all([
        parameters.api.getOnRampUrl(request).then((link) =>
          checkCheckoutUrl(link, {
            origins: parameters.checkoutOrigins,
            address: target.address,
            sameAddress:
              target.network.namespace === 'eip155'
                ? (a, b) => a.toLowerCase() === b.toLowerCase()
                : (a, b) => a === b,
          }),
        ),
        parameters.balanceOf(target, chosen).catch(() => undefined),
      ])
    } catch (reason) {
      popup.close()
      if (run !== purchaseRun) return
      batch(() => {
        error.value =
          reason instanceof WalletKitError
            ? reason
            : new WalletKitError('The checkout could not be opened.', { cause: reason })
        step.value = 'form'
      })
      return
    }
    if (run !== purchaseRun) return
    if (popup.closed) return finish('closed')
    const opened = Date.now()
    popup.navigate(url)
    batch(() => {
      checkoutHost.value = new URL(url).host
      step.value = 'waiting'
    })
    watchers.push(
      setInterval(() => {
        if (popup.closed) finish('closed')
      }, ONRAMP_POPUP_POLL_MS),
      setInterval(async () => {
        const [balance, bought] = await Promise.all([
          parameters.balanceOf(target, chosen).catch(() => undefined),
          parameters.purchases?.(target).catch(() => undefined),
        ])
        if (run !== purchaseRun) return
        // The coins arrived, or the provider lists the purchase.
        if (
          (balance !== undefined && baseline !== undefined && balance > baseline) ||
          bought?.some((p) => p.minedAt >= opened)
        ) {
          popup.close()
          finish('landed')
        } else baseline ??= balance
      }, ONRAMP_BALANCE_POLL_MS),
    )
  }

  return {
    /** The options in use (the service's, or the built-in fallback's). */
    options,
    /** Where the options came from: 'fallback' when the service could not be read. */
    source: computed(() =>
      served.value ? 'service' : served.value === null ? 'fallback' : undefined,
    ),
    /** What can be bought on the active network, native coin first. */
    assets,
    /** The asset chosen (the first by default). */
    asset,
    /** The fiat currency chosen (USD by default). */
    currency,
    /** Payment methods the currency offers. */
    methods,
    method: method as ReadonlySignal<string>,
    amount: amount as ReadonlySignal<string>,
    /** The chosen payment method's limits in the chosen currency. */
    limits,
    /** Why the amount cannot be bought (outside the limits), while one is entered. */
    amountError,
    quote: quote as ReadonlySignal<OnRampQuote | undefined>,
    quoteLoading: quoteLoading as ReadonlySignal<boolean>,
    step: step as ReadonlySignal<OnRampStep>,
    /** Why the last "Buy" did not reach the checkout. */
    error: error as ReadonlySignal<WalletKitError | undefined>,
    /** The checkout's host while waiting, so the visitor knows which site the window shows. */
    checkoutHost: checkoutHost as ReadonlySignal<string | undefined>,
    /** True when the browser's time zone is one where providers may not serve visitors. */
    restricted: restricted as ReadonlySignal<boolean>,

    /** Prepares the form for the active network and reads the options (again while they failed). */
    async start(): Promise<void> {
      const target = parameters.target()
      batch(() => {
        network.value = target?.network
        restricted.value = isRestrictedTimeZone(parameters.timeZone?.())
        error.value = undefined
      })
      if (!served.peek()) {
        const answer = await parameters.api.getOnRampOptions().catch(() => null)
        // A request overtaken by another start keeps the first answer that worked.
        if (!served.peek()) served.value = answer
      }
      scheduleQuote()
    },
    selectAsset(key: string) {
      selectedKey.value = key
      scheduleQuote()
    },
    setCurrency(id: string) {
      batch(() => {
        currencyId.value = id
        if (!limitsOf(currency.peek(), method.peek()))
          method.value = methods.peek()[0] ?? PAYMENT_METHODS[0]
      })
      scheduleQuote()
    },
    setMethod(id: string) {
      method.value = id
      scheduleQuote()
    },
    /** Sets the amount as typed (cleaned to a decimal in the payment currency); asks for a quote. */
    setAmount(text: string) {
      batch(() => {
        amount.value = cleanFiatAmount(text)
        error.value = undefined
      })
      scheduleQuote()
    },
    /**
     * "Buy": refuses an amount outside the limits before any window opens; otherwise opens the
     * checkout window now (inside the click, so no pop-up blocker stops it) and continues.
     */
    buy(): void {
      if (step.peek() !== 'form') return
      const target = parameters.target()
      const chosen = asset.peek()
      const range = limits.peek()
      const pay = currency.peek()
      // Nothing to buy here: the view says so instead of a Buy button.
      if (!target || !chosen || !pay || !range) return
      if (!isWithinLimits(amount.peek(), range)) {
        error.value = new OnRampAmountError({ amount: amount.peek(), ...range, currency: pay.id })
        return
      }
      const popup = parameters.openWindow()
      if (!popup) {
        error.value = new PopupBlockedError()
        return
      }
      batch(() => {
        error.value = undefined
        step.value = 'opening'
      })
      void checkout(popup, target, chosen)
    },
    /** Stops every timer. */
    destroy() {
      clearTimeout(quoteTimer)
      stopWatching()
      purchaseRun++
      quoteRun++
    },
  }
}

/** USD price of an asset from the buyer's balances, when the kit has one. */
function priceOf(target: OnRampTarget, asset: OnRampAsset): number | undefined {
  const contract = asset.network.contract_address.toLowerCase()
  const found = target.tokenBalance.find((t) =>
    contract
      ? t.address?.toLowerCase().endsWith(`:${contract}`)
      : !t.address && t.chainId === target.network.caipNetworkId,
  )
  return found && found.price > 0 ? found.price : undefined
}
