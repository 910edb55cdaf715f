import { computed, type ReadonlySignal, signal } from '@preact/signals-core'
import { PENDING_TRANSACTIONS_LIMIT_COUNT } from './constants.js'
import type { Emitter } from './emitter.js'
import { ProviderRpcError } from './errors/rpc.js'
import {
  TransactionRevertedError,
  toTransactionFailure,
  UnsupportedTransferError,
} from './errors/transaction.js'
import type { Toasts } from './toast.js'
import type { ChainAdapter, TransactionReceipt } from './types/adapter.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from './types/caip.js'
import type { Connector } from './types/connector.js'
import type { KitEvents } from './types/events.js'
import type {
  TrackedTransaction,
  TransactionKind,
  TransactionSummary,
  TransactionTexts,
} from './types/transaction.js'
import { walletProvider } from './wallet-provider.js'

/** What the transactions controller needs from the kit (narrow: it writes only its own state). */
export type TransactionsParameters = {
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>
  /** The connector in use for a namespace (its provider; a Safe's `chainHashOf`). */
  connectorOf: (namespace: ChainNamespace) => Connector | undefined
  /** The network a transaction went to (configured, or the one the wallet is on). */
  networkOf: (caipNetworkId: CaipNetworkId) => CaipNetwork | undefined
  /** The active network of a namespace: where the host's sends go. */
  currentNetwork: (namespace: ChainNamespace) => CaipNetworkId | undefined
  /** The address of a namespace's account. */
  currentAddress: (namespace: ChainNamespace) => string | undefined
  events: Pick<Emitter<KitEvents>, 'emit'>
  toasts: Pick<Toasts, 'error' | 'success' | 'loading'>
  /** Reloads a namespace's balances (after a receipt). */
  refresh: (namespace: ChainNamespace) => void
  /** The clock (tests). Default `Date.now`. */
  now?: () => number
}

/** What a feature hands {@link Transactions.submit}. */
export type SubmitParameters = {
  kind: TransactionKind
  namespace: ChainNamespace
  /** The network the transaction is for (its receipt is read there). */
  caipNetworkId: CaipNetworkId
  /** The sending account. Default: the namespace's current address. */
  from?: string | undefined
  /**
   * Asks the wallet: resolves to the hash it returned, e.g.
   * `() => writer.sendTransaction(prepared, context)`. Throws what the wallet threw.
   */
  send: () => Promise<string>
  /** What the transaction moves (kept on the pending entry for Activity). */
  summary?: TransactionSummary | undefined
  /** The toasts around the receipt, by their texts' keys. */
  texts?: TransactionTexts | undefined
}

/** What {@link Transactions.submit} resolves to once the wallet returned a hash. */
export type SubmittedTransaction = {
  hash: string
  /**
   * The receipt: resolves when the chain confirmed the transaction; rejects with
   * TransactionRevertedError when it failed on chain, TransactionReceiptTimeoutError when none came,
   * or the abort reason when the kit was destroyed. Awaiting it is optional.
   */
  receipt: Promise<TransactionReceipt>
}

/** The transactions controller. */
export type Transactions = ReturnType<typeof createTransactions>

/**
 * Creates the transactions controller: the one owner of what happens after "send", for every
 * feature (Send, Swap, On-ramp, names, the login wallet, the host's own sends).
 *
 * - `submit()` asks the wallet through the feature's `send`, then records the transaction in the
 *   pending list (at most PENDING_TRANSACTIONS_LIMIT_COUNT, the oldest dropped), emits
 *   `transaction` once, waits for the receipt (through the connector's `chainHashOf` first, for a
 *   Safe), sets the status and reloads the balances.
 * - A failure before the hash shows SPEC §8's toast ('Signature declined' for 4001, the wallet's
 *   short message, or 'Transaction error') and rejects with the error the visitor saw.
 * - `watchHost()` gives the host its provider, through which its own sends are recorded the same way.
 *
 * @example
 * const { hash, receipt } = await kit.transactions.submit({
 *   kind: 'send', namespace: 'eip155', caipNetworkId: 'eip155:1',
 *   send: () => writer.sendTransaction(prepared, context),
 * })
 */
export function createTransactions(parameters: TransactionsParameters) {
  const now = parameters.now ?? Date.now
  const list = signal<readonly TrackedTransaction[]>([])
  const stop = new AbortController()
  const watched = new WeakMap<object, object>()
  const receipts = new Map<number, Promise<TransactionReceipt>>()
  let nextId = 1

  function update(id: number, patch: Partial<TrackedTransaction>) {
    list.value = list.value.map((t) => (t.id === id ? { ...t, ...patch } : t))
  }

  /** Adds a transaction to the list and announces it, once per hash and network. */
  function record(entry: Omit<TrackedTransaction, 'id' | 'status' | 'submittedAt' | 'chainHash'>) {
    const known = list
      .peek()
      .find((t) => t.hash === entry.hash && t.caipNetworkId === entry.caipNetworkId)
    if (known) return { entry: known, fresh: false }
    const tracked: TrackedTransaction = Object.freeze({
      ...entry,
      id: nextId++,
      chainHash: undefined,
      status: 'pending',
      submittedAt: now(),
    })
    list.value = [tracked, ...list.peek()].slice(0, PENDING_TRANSACTIONS_LIMIT_COUNT)
    parameters.events.emit('transaction', {
      hash: tracked.hash,
      kind: tracked.kind,
      caipNetworkId: tracked.caipNetworkId,
      hashType: tracked.hashType,
    })
    return { entry: tracked, fresh: true }
  }

  /** Waits for a recorded transaction's receipt and applies it. */
  function follow(
    entry: TrackedTransaction,
    connector: Connector | undefined,
    provider: unknown,
    texts: SubmitParameters['texts'],
  ): Promise<TransactionReceipt> {
    const run = async () => {
      const writer = parameters.adapters[entry.namespace]?.writer
      const network = parameters.networkOf(entry.caipNetworkId)
      if (!writer || !network)
        throw new UnsupportedTransferError({
          reason: `no receipts can be read on ${entry.caipNetworkId}`,
        })
      const { signal } = stop
      const chainHash = connector?.chainHashOf
        ? await connector.chainHashOf(entry.hash, { signal })
        : entry.hash
      if (chainHash !== entry.hash) update(entry.id, { chainHash })
      const receipt = await writer.waitForReceipt(chainHash, { network, provider, signal })
      const confirmed = receipt.status === 'success'
      update(entry.id, { chainHash: receipt.hash, status: confirmed ? 'confirmed' : 'failed' })
      parameters.refresh(entry.namespace)
      const reverted = confirmed ? undefined : new TransactionRevertedError({ hash: receipt.hash })
      // The host shows its own transactions; the kit speaks only of those the visitor sent in it.
      if (entry.origin === 'kit') {
        if (reverted) parameters.toasts.error(reverted, 'TRANSACTION_REVERTED')
        else if (texts?.success) parameters.toasts.success(texts.success)
      }
      if (reverted) throw reverted
      return receipt
    }
    const receipt = run()
    // Awaiting the receipt is optional: an unheard failure must not be an unhandled rejection.
    receipt.catch(() => undefined)
    receipts.set(entry.id, receipt)
    // The map only serves a repeated hash while it waits; a finished wait is forgotten.
    void receipt.then(
      () => receipts.delete(entry.id),
      () => receipts.delete(entry.id),
    )
    return receipt
  }

  async function submit(request: SubmitParameters): Promise<SubmittedTransaction> {
    const connector = parameters.connectorOf(request.namespace)
    // The kit's error mapping (SECURITY.md row 22): WalletConnect's codes read like any wallet's.
    const provider = walletProvider(connector)
    let hash: string
    try {
      hash = await request.send()
    } catch (error) {
      const failure = toTransactionFailure(error)
      const code = failure instanceof ProviderRpcError ? String(failure.code) : 'TRANSACTION_ERROR'
      parameters.toasts.error(failure, code)
      throw failure
    }
    const { entry, fresh } = record({
      hash,
      hashType: connector?.sentHash ?? 'chain',
      kind: request.kind,
      namespace: request.namespace,
      caipNetworkId: request.caipNetworkId,
      from: request.from ?? parameters.currentAddress(request.namespace),
      origin: 'kit',
      summary: request.summary,
    })
    if (request.texts?.pending) parameters.toasts.loading(request.texts.pending)
    // A wallet that answers a hash it answered before sent nothing new: the first wait serves both.
    const receipt =
      (fresh ? undefined : receipts.get(entry.id)) ??
      follow(entry, connector, provider, fresh ? request.texts : undefined)
    return { hash, receipt }
  }

  /**
   * The provider the host page gets from `kit.getProvider(namespace)`: the connector's own,
   * unchanged but for the sends, which are recorded (kind 'send', no toast) like the kit's own.
   * The same connector provider gives the same object each time.
   */
  function watchHost(namespace: ChainNamespace): unknown {
    const connector = parameters.connectorOf(namespace)
    // The kit's error mapping (SECURITY.md row 22): WalletConnect's codes read like any wallet's.
    const provider = walletProvider(connector)
    const writer = parameters.adapters[namespace]?.writer
    if (!writer || typeof provider !== 'object' || provider === null) return provider
    const cached = watched.get(provider)
    if (cached) return cached
    const wrapped = writer.watchHostSends(provider, (hash, caipNetworkId) => {
      const network = caipNetworkId ?? parameters.currentNetwork(namespace)
      if (!network) return
      const { entry, fresh } = record({
        hash,
        hashType: connector?.sentHash ?? 'chain',
        kind: 'send',
        namespace,
        caipNetworkId: network,
        from: parameters.currentAddress(namespace),
        origin: 'host',
        summary: undefined,
      })
      if (fresh) follow(entry, connector, provider, undefined)
    })
    watched.set(provider, wrapped)
    return wrapped
  }

  return {
    /** Every transaction of this page's life, newest first (at most PENDING_TRANSACTIONS_LIMIT_COUNT). */
    list: list as ReadonlySignal<readonly TrackedTransaction[]>,
    /** The transactions still waiting for their receipt, newest first. */
    pending: computed(() => list.value.filter((t) => t.status === 'pending')),
    submit,
    watchHost,
    /** Stops every receipt wait (their promises reject with the abort reason). */
    destroy() {
      stop.abort(new DOMException('The kit was destroyed.', 'AbortError'))
    },
  }
}
