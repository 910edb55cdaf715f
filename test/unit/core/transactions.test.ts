import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { PENDING_TRANSACTIONS_LIMIT_COUNT } from '../../../src/core/constants.js'
import { createEmitter } from '../../../src/core/emitter.js'
import {
  SignatureDeclinedError,
  toProviderError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../../src/core/errors/rpc.js'
import { TransactionError, TransactionRevertedError } from '../../../src/core/errors/transaction.js'
import { resolveNetwork } from '../../../src/core/networks.js'
import { createTransactions } from '../../../src/core/transactions.js'
import type { ChainWriter, TransactionReceipt } from '../../../src/core/types/adapter.js'
import type { Connector } from '../../../src/core/types/connector.js'
import type { KitEvents } from '../../../src/core/types/events.js'
import type { Eip1193Provider } from '../../../src/core/types/provider.js'
import type { TextKey } from '../../../src/core/types/texts.js'
import { interceptMethod } from '../../../src/core/utils/intercept.js'
import { walletProvider } from '../../../src/core/wallet-provider.js'

/** A text by its key (these tests' keys stand for any). */
const text = (key: string) => ({ key: key as TextKey })

const NETWORK = resolveNetwork('eip155:1')
const FROM = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

/** Receipts the test hands out by hash, when it decides. */
function receipts() {
  const waiting = new Map<string, (receipt: TransactionReceipt) => void>()
  const asked: { hash: string; provider: unknown }[] = []
  return {
    asked,
    waitForReceipt: vi.fn<ChainWriter['waitForReceipt']>(
      (hash, context) =>
        new Promise((resolve, reject) => {
          asked.push({ hash, provider: context.provider })
          waiting.set(hash, resolve)
          context.signal.addEventListener('abort', () => reject(context.signal.reason))
        }),
    ),
    confirm(hash: string, status: TransactionReceipt['status'] = 'success') {
      waiting.get(hash)?.({ hash, status })
    },
  }
}

function setup(options: { connector?: Partial<Connector> } = {}) {
  const events = createEmitter<KitEvents>()
  const heard: KitEvents['transaction'][] = []
  events.on('transaction', (detail) => heard.push(detail))
  // What each toast says: an error's short message, a text's key.
  const toasts = { error: vi.fn(), success: vi.fn(), loading: vi.fn() }
  const refresh = vi.fn()
  const chain = receipts()
  const provider: Eip1193Provider = {
    request: vi.fn(async ({ method }) => (method === 'eth_sendTransaction' ? hashOf(777) : null)),
    on: vi.fn(),
  }
  const writer: ChainWriter = {
    canSend: () => true,
    prepareTransfer: vi.fn(),
    sendTransaction: vi.fn(),
    waitForReceipt: chain.waitForReceipt,
    getBalance: vi.fn(),
    watchHostSends: (target, onSent) => {
      const p = target as Eip1193Provider
      return interceptMethod(
        p,
        'request',
        async (args: Parameters<Eip1193Provider['request']>[0]) => {
          const result = await p.request(args)
          if (args.method === 'eth_sendTransaction') onSent(result as string)
          return result
        },
      )
    },
  }
  const connector = { getProvider: () => provider, ...options.connector } as Connector
  const transactions = createTransactions({
    adapters: {
      eip155: {
        namespace: 'eip155',
        formatAddress: (a) => a,
        checkAddress: (a) => ({ valid: true, address: a }),
        getTokenBalances: async () => [],
        getNativeBalance: async () => ({ amount: '0', symbol: 'ETH' }),
        writer,
      },
    },
    connectorOf: () => connector,
    networkOf: (id) => (id === NETWORK.caipNetworkId ? NETWORK : undefined),
    currentNetwork: () => NETWORK.caipNetworkId,
    currentAddress: () => FROM,
    events,
    toasts: {
      error: (error, code) => toasts.error(error.shortMessage, code),
      success: (text) => toasts.success(text.key),
      loading: (text) => toasts.loading(text.key),
    },
    refresh,
    now: () => 1_700_000_000_000,
  })
  const submit = (hash: string, more: Partial<Parameters<typeof transactions.submit>[0]> = {}) =>
    transactions.submit({
      kind: 'send',
      namespace: 'eip155',
      caipNetworkId: NETWORK.caipNetworkId,
      send: async () => hash,
      ...more,
    })
  return { transactions, heard, toasts, refresh, chain, provider, connector, submit }
}

let destroy: (() => void)[] = []
beforeEach(() => {
  destroy = []
})
afterEach(() => {
  for (const d of destroy) d()
})
const tracked = <T extends ReturnType<typeof setup>>(s: T) => {
  destroy.push(() => s.transactions.destroy())
  return s
}

test('default', async () => {
  const s = tracked(setup())
  const submitted = await s.submit(hashOf(1), {
    summary: { amount: '0.5', symbol: 'ETH', to: '0xabc' },
    texts: { pending: text('Sending…'), success: text('Sent') },
  })
  expect(submitted.hash).toBe(hashOf(1))
  expect(s.heard).toEqual([
    { hash: hashOf(1), kind: 'send', caipNetworkId: 'eip155:1', hashType: 'chain' },
  ])
  expect(s.transactions.list.value).toEqual([
    {
      id: 1,
      hash: hashOf(1),
      hashType: 'chain',
      chainHash: undefined,
      kind: 'send',
      namespace: 'eip155',
      caipNetworkId: 'eip155:1',
      from: FROM,
      origin: 'kit',
      status: 'pending',
      submittedAt: 1_700_000_000_000,
      summary: { amount: '0.5', symbol: 'ETH', to: '0xabc' },
    },
  ])
  expect(s.toasts.loading).toHaveBeenCalledWith('Sending…')
  expect(s.refresh).not.toHaveBeenCalled()

  s.chain.confirm(hashOf(1))
  await expect(submitted.receipt).resolves.toEqual({ hash: hashOf(1), status: 'success' })
  expect(s.transactions.list.value[0]).toMatchObject({ status: 'confirmed', chainHash: hashOf(1) })
  expect(s.transactions.pending.value).toEqual([])
  expect(s.refresh).toHaveBeenCalledWith('eip155')
  expect(s.toasts.success).toHaveBeenCalledWith('Sent')
  expect(s.toasts.error).not.toHaveBeenCalled()
  expect(s.heard).toHaveLength(1)
})

test('behavior: the receipt is read with the provider of the connector in use', async () => {
  const s = tracked(setup())
  await s.submit(hashOf(2))
  // The connector's provider as the kit uses it: its requests, with the kit's error mapping.
  const used = walletProvider(s.connector)
  expect(s.chain.asked).toEqual([{ hash: hashOf(2), provider: used }])
  expect((s.chain.asked[0] as { provider: unknown }).provider).toBe(used)
})

test('behavior: the list keeps the newest PENDING_TRANSACTIONS_LIMIT_COUNT (99), the oldest dropped', async () => {
  const s = tracked(setup())
  for (let i = 1; i <= PENDING_TRANSACTIONS_LIMIT_COUNT + 2; i++) await s.submit(hashOf(i))
  const list = s.transactions.list.value
  expect(PENDING_TRANSACTIONS_LIMIT_COUNT).toBe(99)
  expect(list).toHaveLength(99)
  expect(list[0]?.hash).toBe(hashOf(101))
  expect(list.at(-1)?.hash).toBe(hashOf(3))
  expect(s.heard).toHaveLength(101)
})

test('behavior: a hash the wallet answers twice is one transaction, announced once', async () => {
  const s = tracked(setup())
  const first = await s.submit(hashOf(5))
  const again = await s.submit(hashOf(5))
  expect(s.heard).toHaveLength(1)
  expect(s.transactions.list.value).toHaveLength(1)
  expect(again.receipt).toBe(first.receipt)
})

test('behavior: a transaction that fails on chain is marked failed, told, and its fee shows in the balance', async () => {
  const s = tracked(setup())
  const { receipt } = await s.submit(hashOf(3), { texts: { success: text('Sent') } })
  s.chain.confirm(hashOf(3), 'reverted')
  await expect(receipt).rejects.toBeInstanceOf(TransactionRevertedError)
  expect(s.transactions.list.value[0]?.status).toBe('failed')
  expect(s.toasts.error).toHaveBeenCalledWith('Transaction error', 'TRANSACTION_REVERTED')
  expect(s.toasts.success).not.toHaveBeenCalled()
  expect(s.refresh).toHaveBeenCalledWith('eip155')
})

test('behavior: a Safe answers its own hash; the receipt is the chain transaction it resolves to', async () => {
  const chainHashOf = vi.fn(async () => hashOf(900))
  const s = tracked(setup({ connector: { chainHashOf, sentHash: 'safe' } }))
  const { receipt } = await s.submit(hashOf(4))
  await vi.waitFor(() => expect(s.chain.asked.map((a) => a.hash)).toEqual([hashOf(900)]))
  expect(chainHashOf).toHaveBeenCalledWith(hashOf(4), { signal: expect.any(AbortSignal) })
  expect(s.transactions.list.value[0]).toMatchObject({
    hash: hashOf(4),
    hashType: 'safe',
    chainHash: hashOf(900),
  })
  expect(s.heard).toEqual([
    { hash: hashOf(4), kind: 'send', caipNetworkId: 'eip155:1', hashType: 'safe' },
  ])
  s.chain.confirm(hashOf(900))
  await expect(receipt).resolves.toEqual({ hash: hashOf(900), status: 'success' })
})

test('behavior: the host sends through getProvider: recorded as a send, announced once, no toast', async () => {
  const s = tracked(setup())
  const host = s.transactions.watchHost('eip155') as Eip1193Provider
  expect(s.transactions.watchHost('eip155')).toBe(host)
  expect(await host.request({ method: 'eth_chainId' })).toBeNull()
  expect(s.heard).toEqual([])
  const hash = await host.request({ method: 'eth_sendTransaction', params: [{ from: FROM }] })
  expect(hash).toBe(hashOf(777))
  expect(s.heard).toEqual([
    { hash: hashOf(777), kind: 'send', caipNetworkId: 'eip155:1', hashType: 'chain' },
  ])
  expect(s.transactions.list.value[0]).toMatchObject({ origin: 'host', from: FROM })
  s.chain.confirm(hashOf(777))
  await vi.waitFor(() => expect(s.refresh).toHaveBeenCalledWith('eip155'))
  expect(s.transactions.list.value[0]?.status).toBe('confirmed')
  expect(s.toasts.success).not.toHaveBeenCalled()
  expect(s.toasts.loading).not.toHaveBeenCalled()
})

test('behavior: without a connected wallet, getProvider gives nothing to watch', () => {
  const s = tracked(setup({ connector: { getProvider: () => undefined } }))
  expect(s.transactions.watchHost('eip155')).toBeUndefined()
  expect(s.transactions.watchHost('solana')).toBeUndefined()
})

test('error: 4001 is "Signature declined": toast, rejection, nothing recorded', async () => {
  const s = tracked(setup())
  const rejected = s.submit('', {
    send: () => Promise.reject(new UserRejectedRequestError({ code: 4001, message: 'no' })),
  })
  const error = await rejected.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SignatureDeclinedError)
  expect((error as SignatureDeclinedError).shortMessage).toBe('Signature declined')
  expect(s.toasts.error).toHaveBeenCalledWith('Signature declined', '4001')
  expect(s.heard).toEqual([])
  expect(s.transactions.list.value).toEqual([])
})

test('error: a raw wallet error with 4001 is declined too; a wallet message is shown as it is', async () => {
  const s = tracked(setup())
  await expect(
    s.submit('', { send: () => Promise.reject({ code: 4001, message: 'User denied' }) }),
  ).rejects.toBeInstanceOf(SignatureDeclinedError)
  const insufficient = toProviderError({ code: -32000, message: 'insufficient funds' })
  await expect(s.submit('', { send: () => Promise.reject(insufficient) })).rejects.toBe(
    insufficient,
  )
  expect(s.toasts.error).toHaveBeenLastCalledWith('insufficient funds', '-32000')
})

test('error: anything without a readable message is "Transaction error"', async () => {
  const s = tracked(setup())
  const silent = s.submit('', { send: () => Promise.reject(new WalletRequestError({})) })
  await expect(silent).rejects.toBeInstanceOf(TransactionError)
  expect(s.toasts.error).toHaveBeenLastCalledWith('Transaction error', 'TRANSACTION_ERROR')
  await expect(
    s.submit('', { send: () => Promise.reject(new TypeError('x is not a function')) }),
  ).rejects.toMatchObject({ shortMessage: 'Transaction error' })
})

test('error: destroy stops the receipt waits; the transaction stays pending', async () => {
  const s = setup()
  const { receipt } = await s.submit(hashOf(8))
  s.transactions.destroy()
  await expect(receipt).rejects.toMatchObject({ name: 'AbortError' })
  expect(s.transactions.list.value[0]?.status).toBe('pending')
  expect(s.refresh).not.toHaveBeenCalled()
})

test('error: each wallet code on send has its own text (SECURITY.md row 22); a retry works', async () => {
  const s = tracked(setup())
  const shown: string[] = []
  for (const code of [4001, -32002, 4100, 4200, 4900, 4901]) {
    const error = await s
      .submit('', { send: () => Promise.reject({ code, message: '' }) })
      .catch((e: { shortMessage: string }) => e)
    shown.push((error as { shortMessage: string }).shortMessage)
  }
  expect(shown[0]).toBe('Signature declined')
  expect(new Set(shown).size).toBe(shown.length)
  expect(s.toasts.error.mock.calls.map((call) => call[0])).toEqual(shown)
  expect(s.transactions.list.value).toEqual([])
  await s.submit(hashOf(9))
  expect(s.heard).toHaveLength(1)
})
