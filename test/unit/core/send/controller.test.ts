import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { checkEip155Address } from '../../../../src/chains/eip155/adapter.js'
import {
  createChainState,
  readOnlyChain,
  type TokenBalance,
} from '../../../../src/core/chain-state.js'
import {
  SignatureDeclinedError,
  UserRejectedRequestError,
} from '../../../../src/core/errors/rpc.js'
import { FeeEstimateError, TransactionError } from '../../../../src/core/errors/transaction.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { createRouter } from '../../../../src/core/router.js'
import { createSend } from '../../../../src/core/send/controller.js'
import type { SubmitParameters } from '../../../../src/core/transactions.js'
import type {
  ChainWriter,
  PreparedTransaction,
  Transfer,
} from '../../../../src/core/types/adapter.js'
import type { AccountType } from '../../../../src/core/types/options.js'
import type { NameProfile } from '../../../../src/core/types/services.js'

const NETWORK = resolveNetwork({
  caipNetworkId: 'eip155:31337',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
})
const SOLANA = resolveNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970c51812dc3a010C7d01b50E79D17dC79C'
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const GWEI = 10n ** 9n
const FEE = 21_000n * 2n * GWEI

const balances: TokenBalance[] = [
  {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:31337',
    address: `eip155:31337:${USDC}`,
    price: 1,
    value: 10_000,
    quantity: { decimals: '6', numeric: '10000' },
  },
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31337',
    price: 3000,
    value: 3000,
    quantity: { decimals: '18', numeric: '1' },
  },
  {
    name: 'Dai',
    symbol: 'DAI',
    chainId: 'eip155:31337',
    address: 'eip155:31337:0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    price: 1,
    value: 0,
    quantity: { decimals: '18', numeric: '0' },
  },
]

function setup(options: { accountType?: AccountType; profile?: NameProfile } = {}) {
  const chain = createChainState({
    networks: [NETWORK, SOLANA],
    defaultNetwork: NETWORK,
    accountTypes: {},
  })
  chain.patchAccount('eip155', {
    status: 'connected',
    address: ME,
    caipAddress: `eip155:31337:${ME}`,
    balance: '1',
    balanceSymbol: 'ETH',
    tokenBalance: balances,
    allAccounts: [{ address: ME, type: options.accountType ?? 'eoa' }],
  })
  const router = createRouter({
    isConnected: () => true,
    hasAdapters: () => true,
    isMobile: () => false,
  })
  const prepareTransfer = vi.fn<ChainWriter['prepareTransfer']>(
    async (transfer: Transfer): Promise<PreparedTransaction> => ({
      namespace: 'eip155',
      fee: FEE,
      amount: transfer.amount === 'max' ? 10n ** 18n - FEE : transfer.amount,
      request: {
        from: ME,
        to: BOB,
        value: transfer.amount === 'max' ? 10n ** 18n - FEE : transfer.amount,
        gas: 21_000n,
      },
    }),
  )
  const sendTransaction = vi.fn<ChainWriter['sendTransaction']>(async () => `0x${'1'.repeat(64)}`)
  const writer: ChainWriter = {
    canSend: () => true,
    prepareTransfer,
    sendTransaction,
    waitForReceipt: vi.fn(),
    getBalance: vi.fn(),
    watchHostSends: (provider) => provider,
  }
  const submit = vi.fn(async (request: SubmitParameters) => ({
    hash: await request.send(),
    receipt: new Promise<never>(() => {}),
  }))
  const lookupName = vi.fn(async (_name: string, _signal?: AbortSignal) => options.profile)
  const send = createSend({
    chain: readOnlyChain(chain),
    adapters: {
      eip155: {
        namespace: 'eip155',
        formatAddress: (a) => a,
        checkAddress: checkEip155Address,
        getTokenBalances: async () => [],
        getNativeBalance: async () => ({ amount: '1', symbol: 'ETH' }),
        writer,
      },
    },
    connectorOf: () => undefined,
    transactions: { submit },
    blockchain: { lookupName },
    router,
    debounceMs: 500,
  })
  router.open('Send')
  return { send, chain, router, prepareTransfer, sendTransaction, submit, lookupName }
}

let destroy: (() => void)[] = []
beforeEach(() => {
  vi.useFakeTimers()
  destroy = []
})
afterEach(() => {
  for (const d of destroy) d()
  vi.useRealTimers()
})
const tracked = <T extends ReturnType<typeof setup>>(s: T) => {
  destroy.push(() => s.send.destroy())
  return s
}

test('default', async () => {
  const s = tracked(setup())
  // The native coin first, then the tokens held (DAI, at 0, is not offered).
  expect(s.send.tokens.value.map((t) => [t.id, t.symbol, t.decimals])).toEqual([
    ['native', 'ETH', 18],
    [USDC, 'USDC', 6],
  ])
  expect(s.send.token.value?.id).toBe('native')
  s.send.setAmount('0.25')
  s.send.setRecipient(BOB)
  expect(s.send.recipient.value).toEqual({ status: 'address', address: BOB })
  expect(s.send.canReview.value).toBe(true)
  // The form's fee estimate comes once the recipient settles.
  expect(s.send.fee.value).toBeUndefined()
  await vi.advanceTimersByTimeAsync(500)
  expect(s.prepareTransfer).toHaveBeenLastCalledWith(
    { from: ME, to: BOB, amount: 0n, token: undefined },
    expect.objectContaining({ network: NETWORK }),
  )
  expect(s.send.fee.value).toBe(FEE)

  await s.send.review()
  expect(s.prepareTransfer).toHaveBeenLastCalledWith(
    { from: ME, to: BOB, amount: 250_000_000_000_000_000n, token: undefined },
    expect.anything(),
  )
  expect(s.send.step.value).toBe('review')
  expect(s.send.prepared.value?.amount).toBe(250_000_000_000_000_000n)

  await s.send.confirm({ success: { key: 'send.sent' } })
  expect(s.submit).toHaveBeenCalledExactlyOnceWith(
    expect.objectContaining({
      kind: 'send',
      namespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      from: ME,
      summary: { amount: '0.25', symbol: 'ETH', to: BOB },
      texts: { success: { key: 'send.sent' } },
    }),
  )
  expect(s.sendTransaction).toHaveBeenCalledOnce()
  expect(s.router.history.value).toEqual(['Account'])
  expect(s.send.amount.value).toBe('')
  expect(s.send.step.value).toBe('form')
})

test('behavior: a token transfer names the token and moves its base units', async () => {
  const s = tracked(setup())
  s.send.selectToken(USDC)
  s.send.setAmount('12.345678')
  s.send.setRecipient(BOB)
  await s.send.review()
  expect(s.prepareTransfer).toHaveBeenLastCalledWith(
    { from: ME, to: BOB, amount: 12_345_678n, token: USDC },
    expect.anything(),
  )
})

test('behavior: a name is looked up after the pause and its address shown', async () => {
  const s = tracked(
    setup({
      profile: {
        name: 'bob.wk.eth',
        addresses: [
          { coinType: 60, address: '0x0000000000000000000000000000000000000001' },
          { coinType: (0x80000000 | 31337) >>> 0, address: BOB.toLowerCase() },
        ],
      },
    }),
  )
  s.send.setRecipient('Bob.wk.eth')
  expect(s.send.recipient.value).toEqual({ status: 'resolving', name: 'bob.wk.eth' })
  expect(s.send.canReview.value).toBe(false)
  await vi.advanceTimersByTimeAsync(499)
  expect(s.lookupName).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(s.lookupName).toHaveBeenCalledWith('bob.wk.eth', expect.any(AbortSignal))
  // The network's own coin type first (ENSIP-11), checksummed.
  expect(s.send.recipient.value).toEqual({ status: 'resolved', name: 'bob.wk.eth', address: BOB })
})

test('behavior: typing on abandons the lookup of what was typed before', async () => {
  const s = tracked(setup())
  s.send.setRecipient('bob.wk.eth')
  await vi.advanceTimersByTimeAsync(500)
  const signal = s.lookupName.mock.calls[0]?.[1]
  s.send.setRecipient('bob.wk.et')
  expect(signal?.aborted).toBe(true)
  await vi.advanceTimersByTimeAsync(200)
  s.send.setRecipient(BOB)
  await vi.advanceTimersByTimeAsync(1000)
  expect(s.lookupName).toHaveBeenCalledTimes(1)
  expect(s.send.recipient.value).toEqual({ status: 'address', address: BOB })
})

test('error: an unknown name, a failed lookup, a malformed address, a bad checksum', async () => {
  const s = tracked(setup())
  s.send.setRecipient('nobody.wk.eth')
  await vi.advanceTimersByTimeAsync(500)
  expect(s.send.recipient.value).toEqual({ status: 'invalid', issue: 'unknown-name' })
  s.lookupName.mockRejectedValueOnce(new Error('HTTP status code: 500'))
  s.send.setRecipient('carol.wk.eth')
  await vi.advanceTimersByTimeAsync(500)
  expect(s.send.recipient.value).toEqual({ status: 'invalid', issue: 'lookup-failed' })
  s.send.setRecipient('0x1234')
  expect(s.send.recipient.value).toEqual({ status: 'invalid', issue: 'invalid-address' })
  s.send.setRecipient(BOB.replace('C7d', 'c7d'))
  expect(s.send.recipient.value).toEqual({ status: 'invalid', issue: 'checksum' })
  s.send.setAmount('0.1')
  expect(s.send.canReview.value).toBe(false)
  await s.send.review()
  expect(s.prepareTransfer).not.toHaveBeenCalledWith(
    expect.objectContaining({ amount: 10n ** 17n }),
    expect.anything(),
  )
})

test('error: more than the balance, too many decimals, not enough ETH for the fee', async () => {
  const s = tracked(setup())
  s.send.setRecipient(BOB)
  await vi.advanceTimersByTimeAsync(500)
  s.send.setAmount('1.5')
  expect(s.send.amountIssue.value).toBe('insufficient-balance')
  s.send.setAmount('0.0000000000000000001')
  expect(s.send.amountIssue.value).toBe('invalid')
  // 1 ETH held: 1 ETH plus the fee is too much, though not more than the balance.
  s.send.setAmount('1')
  expect(s.send.amountIssue.value).toBe('insufficient-fee')
  s.send.setAmount('0.99')
  expect(s.send.amountIssue.value).toBeUndefined()
  s.send.selectToken(USDC)
  s.send.setAmount('10001')
  expect(s.send.amountIssue.value).toBe('insufficient-balance')
  expect(s.send.canReview.value).toBe(false)
})

test('behavior: a smart account is not held to the fee check', async () => {
  const s = tracked(setup({ accountType: 'smartAccount' }))
  s.send.setRecipient(BOB)
  await vi.advanceTimersByTimeAsync(500)
  s.send.setAmount('1')
  expect(s.send.amountIssue.value).toBeUndefined()
})

test('behavior: sending to oneself is a warning, not a block', async () => {
  const s = tracked(setup())
  s.send.setRecipient(ME.toLowerCase())
  s.send.setAmount('0.1')
  expect(s.send.toSelf.value).toBe(true)
  expect(s.send.canReview.value).toBe(true)
})

test('behavior: Max leaves the fee for the native coin; the review asks the chain for the exact amount', async () => {
  const s = tracked(setup())
  s.send.setRecipient(BOB)
  await vi.advanceTimersByTimeAsync(500)
  s.send.setMax()
  expect(s.send.amount.value).toBe('0.999958')
  await s.send.review()
  expect(s.prepareTransfer).toHaveBeenLastCalledWith(
    expect.objectContaining({ amount: 'max' }),
    expect.anything(),
  )
  expect(s.send.amount.value).toBe('0.999958')
  s.send.back()
  s.send.setAmount('0.5')
  await s.send.review()
  expect(s.prepareTransfer).toHaveBeenLastCalledWith(
    expect.objectContaining({ amount: 5n * 10n ** 17n }),
    expect.anything(),
  )
  s.send.back()
  s.send.selectToken(USDC)
  s.send.setMax()
  expect(s.send.amount.value).toBe('10000')
})

test('error: 4001 keeps everything as typed, on the review, with "Signature declined"', async () => {
  const s = tracked(setup())
  s.send.setRecipient(BOB)
  s.send.setAmount('0.25')
  await s.send.review()
  s.submit.mockImplementationOnce(async () => {
    throw new SignatureDeclinedError(new UserRejectedRequestError())
  })
  await s.send.confirm({ success: { key: 'send.sent' } })
  expect(s.send.step.value).toBe('review')
  expect(s.send.failure.value).toBe('Signature declined')
  expect(s.send.amount.value).toBe('0.25')
  expect(s.send.recipientText.value).toBe(BOB)
  expect(s.router.view.value).toBe('Send')
  s.send.back()
  expect(s.send.step.value).toBe('form')
  expect(s.send.failure.value).toBeUndefined()
  expect(s.send.amount.value).toBe('0.25')
})

test('error: any other failure shows its text and loses nothing; a failed estimate stays on the form', async () => {
  const s = tracked(setup())
  s.send.setRecipient(BOB)
  s.send.setAmount('0.25')
  s.prepareTransfer.mockRejectedValueOnce(new FeeEstimateError({ cause: new Error('reverted') }))
  await s.send.review()
  expect(s.send.step.value).toBe('form')
  expect(s.send.failure.value).toBe('The network fee could not be estimated.')
  await s.send.review()
  s.submit.mockRejectedValueOnce(new TransactionError())
  await s.send.confirm()
  expect(s.send.step.value).toBe('review')
  expect(s.send.failure.value).toBe('Transaction error')
  expect(s.send.amount.value).toBe('0.25')
})

test('behavior: entering Send applies the route preset; another account starts afresh', async () => {
  const s = tracked(setup())
  s.router.push('Account')
  s.router.push('Send', { token: USDC, to: BOB, amount: '1,5' })
  expect(s.send.token.value?.id).toBe(USDC)
  expect(s.send.amount.value).toBe('1.5')
  expect(s.send.recipient.value).toEqual({ status: 'address', address: BOB })
  s.chain.patchAccount('eip155', { address: BOB, caipAddress: `eip155:31337:${BOB}` })
  expect(s.send.amount.value).toBe('')
  expect(s.send.recipient.value).toEqual({ status: 'empty' })
})

test('behavior: names are looked up on eip155 only (SPEC §9)', async () => {
  const s = tracked(setup())
  s.chain.setActiveNamespace('solana')
  s.send.setRecipient('bob.wk.eth')
  await vi.advanceTimersByTimeAsync(1000)
  expect(s.lookupName).not.toHaveBeenCalled()
})
