import { batch, computed, effect, type ReadonlySignal, signal } from '@preact/signals-core'
import { formatUnits } from 'viem'
import type { ChainView } from '../chain-state.js'
import { DEBOUNCE_DEFAULT_MS, NAME_NAMESPACES } from '../constants.js'
import { WalletKitError } from '../errors/base.js'
import type { Router } from '../router.js'
import type { Transactions } from '../transactions.js'
import type { ChainAdapter, PreparedTransaction, WriteContext } from '../types/adapter.js'
import type { ChainNamespace } from '../types/caip.js'
import type { Connector } from '../types/connector.js'
import type { BlockchainApi } from '../types/services.js'
import type { TransactionTexts } from '../types/transaction.js'
import type { RouteData } from '../types/view.js'
import { sanitizeAmount } from '../utils/numeric-input.js'
import { toUnits } from '../utils/units.js'
import { walletProvider } from '../wallet-provider.js'
import { createFeeEstimate, type EstimateInput } from './estimate.js'
import { createRecipientField } from './recipient.js'
import { type AmountIssue, amountIssueOf, tokensOf } from './tokens.js'

export type { Recipient, RecipientIssue } from './recipient.js'
export type { AmountIssue, SendToken } from './tokens.js'

/** Where the flow is: the form, the review of what will be signed, or waiting for the wallet. */
export type SendStep = 'form' | 'review' | 'sending'

/** What the Send controller needs: read-only state and the pipeline (narrow ports). */
export type SendParameters = {
  chain: ChainView
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>
  connectorOf: (namespace: ChainNamespace) => Connector | undefined
  transactions: Pick<Transactions, 'submit'>
  /** Name lookups; without it only addresses are accepted. */
  blockchain?: Pick<BlockchainApi, 'lookupName'> | undefined
  /** ENSIP-15 normalisation of names outside a–z, 0–9 and hyphen (`createNameNormalizer`). */
  normalizeName?: ((name: string) => Promise<string>) | undefined
  router: Pick<Router, 'view' | 'isOpen' | 'dataOf' | 'reset'>
  /** Wait after the last change before a name is looked up or a fee estimated. Default DEBOUNCE_DEFAULT_MS. */
  debounceMs?: number
}

/** The Send controller. */
export type Send = ReturnType<typeof createSend>

/**
 * Creates the Send controller: the form (token, amount as typed, recipient with its name lookup),
 * live validation, the review of what will be signed, and the send through the transactions
 * pipeline. Views only render its signals and call its actions. Entering the Send view starts a
 * fresh form with the route's preset; a change of account or network starts it again.
 *
 * @example
 * const send = kit.send()
 * send.setRecipient('bob.wk.eth')
 * send.setAmount('0.5')
 * await send.review()
 * await send.confirm({ success: t('send.sent') })
 */
export function createSend(p: SendParameters) {
  const debounceMs = p.debounceMs ?? DEBOUNCE_DEFAULT_MS
  const tokenId = signal('native')
  const amount = signal('')
  const maxed = signal(false)
  const step = signal<SendStep>('form')
  const prepared = signal<PreparedTransaction | undefined>(undefined)
  const busy = signal(false)
  const failure = signal<string | undefined>(undefined)
  let generation = 0

  const namespace = p.chain.activeNamespace
  const account = p.chain.account
  const network = computed(() => p.chain.network.value?.caipNetwork)
  const adapter = computed(() => p.adapters[namespace.value])
  const field = createRecipientField({
    check: (value) => adapter.peek()?.checkAddress(value),
    lookup: () => {
      const api = p.blockchain
      const names = (NAME_NAMESPACES as readonly string[]).includes(namespace.peek())
      return api && names ? (name, signal) => api.lookupName(name, signal) : undefined
    },
    network: () => network.peek(),
    normalize: p.normalizeName,
    debounceMs,
  })
  const tokens = computed(() => tokensOf(account.value, network.value))
  const token = computed(() => {
    const list = tokens.value
    return list.find((t) => t.id === tokenId.value) ?? list[0]
  })
  const native = computed(() => tokens.value.find((t) => t.id === 'native'))
  const units = computed(() => {
    const t = token.value
    return t && Number.isInteger(t.decimals) ? toUnits(amount.value, t.decimals) : undefined
  })
  const to = field.address
  const estimate = createFeeEstimate({
    debounceMs,
    // The fee of moving the token to the recipient (to the account itself until there is one).
    input: computed((): EstimateInput | undefined => {
      const t = token.value
      const from = account.value?.address
      const target = to.value ?? from
      const writer = adapter.value?.writer
      const shown = p.router.isOpen.value && p.router.view.value === 'Send' && step.value === 'form'
      if (!shown || !t || !from || !target || !writer) return undefined
      return {
        key: `${network.value?.caipNetworkId}|${t.id}|${target}`,
        async run() {
          const ctx = context()
          if (!ctx) throw new Error('no network')
          const token = t.id === 'native' ? undefined : t.id
          return (await writer.prepareTransfer({ from, to: target, amount: 0n, token }, ctx)).fee
        },
      }
    }),
  })
  /** The most the fee can cost: the prepared transaction's, else the form's estimate. */
  const fee = computed(() => prepared.value?.fee ?? estimate.fee.value)
  const smartAccount = computed(() => {
    const a = account.value
    const own = a?.allAccounts.find((x) => x.address.toLowerCase() === a.address?.toLowerCase())
    return own?.type === 'smartAccount'
  })

  const amountIssue = computed((): AmountIssue | undefined =>
    amountIssueOf({
      token: token.value,
      amount: amount.value,
      units: units.value,
      native: native.value,
      fee: fee.value,
      maxed: maxed.value,
      // Smart accounts have their fee paid for them (SPEC §5, §6).
      feeFree: smartAccount.value,
    }),
  )

  const canReview = computed(
    () =>
      step.value === 'form' &&
      !busy.value &&
      token.value !== undefined &&
      (units.value ?? 0n) > 0n &&
      amountIssue.value === undefined &&
      to.value !== undefined,
  )

  const context = (): WriteContext | undefined => {
    const n = network.value
    return n ? { network: n, provider: walletProvider(p.connectorOf(namespace.peek())) } : undefined
  }

  function clearTimers() {
    estimate.clear()
    field.destroy()
  }

  /** A fresh form, with what the route preset. */
  function reset(preset?: RouteData<'Send'>) {
    generation++
    clearTimers()
    batch(() => {
      tokenId.value = preset?.token ?? 'native'
      amount.value = ''
      maxed.value = false
      step.value = 'form'
      prepared.value = undefined
      busy.value = false
      failure.value = undefined
      field.clear()
    })
    if (preset?.amount) setAmount(sanitizeAmount(preset.amount))
    if (preset?.to) setRecipient(preset.to)
  }

  function setRecipient(text: string) {
    prepared.value = undefined
    field.set(text)
  }

  function setAmount(text: string) {
    batch(() => {
      amount.value = text
      maxed.value = false
      prepared.value = undefined
    })
  }

  /** The whole balance; for the native coin, less the fee (exact once reviewed). */
  function setMax() {
    const t = token.peek()
    if (!t) return
    let value = toUnits(t.balance, t.decimals) ?? 0n
    const cost = fee.peek()
    if (t.id === 'native' && cost !== undefined) value = value > cost ? value - cost : 0n
    batch(() => {
      amount.value = formatUnits(value, t.decimals)
      maxed.value = true
      prepared.value = undefined
    })
  }

  function selectToken(id: string) {
    batch(() => {
      tokenId.value = id
      amount.value = ''
      maxed.value = false
      prepared.value = undefined
    })
    estimate.clear()
  }

  const writerOf = () => adapter.peek()?.writer
  const fromOf = () => account.peek()?.address

  /** Prepares the transfer (exact fee; a Max amount read from the chain) and shows the review. */
  async function review(): Promise<void> {
    const t = token.peek()
    const writer = writerOf()
    const ctx = context()
    const from = fromOf()
    const target = to.peek()
    const value = units.peek()
    if (!canReview.peek() || !t || !writer || !ctx || !from || !target || value === undefined)
      return
    const run = generation
    batch(() => {
      busy.value = true
      failure.value = undefined
    })
    try {
      const ready = await writer.prepareTransfer(
        {
          from,
          to: target,
          amount: maxed.peek() ? 'max' : value,
          token: t.id === 'native' ? undefined : t.id,
        },
        ctx,
      )
      if (run !== generation) return
      batch(() => {
        prepared.value = ready
        if (maxed.peek()) amount.value = formatUnits(ready.amount, t.decimals)
        step.value = 'review'
      })
    } catch (error) {
      if (run === generation) failure.value = messageOf(error)
    } finally {
      if (run === generation) busy.value = false
    }
  }

  /** Back from the review to the form, as it was. */
  function back() {
    if (step.peek() !== 'review') return
    batch(() => {
      step.value = 'form'
      prepared.value = undefined
      failure.value = undefined
    })
  }

  /**
   * Sends what the review shows, through the wallet and the transactions pipeline. On success the
   * form is cleared and Account shown (the toast and the balances follow the receipt); on failure
   * the review stays, with what the visitor was told (4001: 'Signature declined').
   *
   * @param texts - The pipeline's toasts, by key: `success` once the receipt confirms.
   */
  async function confirm(texts?: TransactionTexts): Promise<void> {
    const ready = prepared.peek()
    const writer = writerOf()
    const ctx = context()
    const t = token.peek()
    const net = network.peek()
    if (step.peek() !== 'review' || !ready || !writer || !ctx || !t || !net) return
    if (amountIssue.peek()) return
    const run = generation
    batch(() => {
      step.value = 'sending'
      failure.value = undefined
    })
    try {
      await p.transactions.submit({
        kind: 'send',
        namespace: namespace.peek(),
        caipNetworkId: net.caipNetworkId,
        from: fromOf(),
        send: () => writer.sendTransaction(ready, ctx),
        summary: { amount: formatUnits(ready.amount, t.decimals), symbol: t.symbol, to: to.peek() },
        texts,
      })
      if (run !== generation) return
      reset()
      p.router.reset('Account')
    } catch (error) {
      if (run !== generation) return
      batch(() => {
        step.value = 'review'
        failure.value = messageOf(error)
      })
    }
  }

  // Entering Send starts a fresh form with the route's preset; another account or network too.
  let entered = false
  let owner = ''
  const stopEnter = effect(() => {
    const inSend = p.router.isOpen.value && p.router.view.value === 'Send'
    const who = `${namespace.value}|${account.value?.address}|${network.value?.caipNetworkId}`
    if (inSend && !entered) reset(p.router.dataOf('Send'))
    else if (who !== owner && owner !== '') reset()
    entered = inSend
    owner = who
  })

  return {
    /** Where the flow is. */
    step: step as ReadonlySignal<SendStep>,
    /** Tokens to choose from: the native coin first, then tokens with a balance. */
    tokens,
    /** The token chosen (the native coin by default). */
    token,
    /** The amount as typed (after the key rules), in whole units. */
    amount: amount as ReadonlySignal<string>,
    /** The recipient as typed. */
    recipientText: field.text,
    /** The recipient checked, or resolved from a name. */
    recipient: field.recipient,
    /** The most the network fee can cost, in the native coin's base units, once estimated. */
    fee,
    /** Why the amount cannot be sent, if it cannot. */
    amountIssue,
    /** True when the recipient is the sending account itself (a warning, not a block). */
    toSelf: computed(() => {
      const own = account.value?.address
      return (
        to.value !== undefined && own !== undefined && to.value.toLowerCase() === own.toLowerCase()
      )
    }),
    /** The review may be opened. */
    canReview,
    /** What the wallet will be asked to sign, once reviewed. */
    prepared: prepared as ReadonlySignal<PreparedTransaction | undefined>,
    /** The native coin (the fee's currency). */
    native,
    /** True while the review is being prepared. */
    busy: busy as ReadonlySignal<boolean>,
    /** What went wrong last (the text the visitor was shown), until the next attempt. */
    failure: failure as ReadonlySignal<string | undefined>,
    selectToken,
    setAmount,
    setMax,
    setRecipient,
    review,
    back,
    confirm,
    reset,
    destroy() {
      generation++
      clearTimers()
      estimate.destroy()
      stopEnter()
    },
  }
}

function messageOf(error: unknown): string {
  return error instanceof WalletKitError ? error.shortMessage : 'Transaction error'
}
