import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createAccountData } from '../../../src/core/account-data.js'
import { createChainState, type TokenBalance } from '../../../src/core/chain-state.js'
import { BALANCE_RETRY_MS } from '../../../src/core/constants.js'
import type { NamesApi } from '../../../src/core/names/types.js'
import { createToasts } from '../../../src/core/toast.js'
import type { ChainAdapter } from '../../../src/core/types/adapter.js'
import type { CaipNetwork } from '../../../src/core/types/caip.js'
import type { NameProfile } from '../../../src/core/types/services.js'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const MAINNET: CaipNetwork = {
  caipNetworkId: 'eip155:1',
  namespace: 'eip155',
  reference: '1',
  name: 'Ethereum',
  nativeCurrency: ETH,
  rpcUrl: 'https://rpc.example',
  explorerUrl: 'https://etherscan.io',
}
const BASE: CaipNetwork = {
  ...MAINNET,
  caipNetworkId: 'eip155:8453',
  reference: '8453',
  name: 'Base',
  explorerUrl: 'https://basescan.org/',
}
const SOLANA: CaipNetwork = {
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  namespace: 'solana',
  reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
}
const A = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const native = (chainId: string, numeric = '12.5'): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId,
  price: 3000,
  value: 37500,
  quantity: { decimals: '18', numeric },
})
const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  chainId: 'eip155:1',
  price: 1,
  value: 100,
  quantity: { decimals: '6', numeric: '100' },
}

/** A deferred promise: settle it when the test wants. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function setup(network: CaipNetwork = MAINNET, names?: NamesApi) {
  const chain = createChainState({
    networks: [network, BASE, SOLANA],
    defaultNetwork: network,
    accountTypes: {},
  })
  chain.patchAccount('eip155', { status: 'connected', address: A })
  const errors: { code: string; message: string }[] = []
  const toasts = createToasts({ onError: (e) => errors.push(e) })
  const adapter = {
    namespace: 'eip155',
    formatAddress: (a: string) => a,
    checkAddress: (a: string) => ({ valid: true, address: a }),
    getTokenBalances: vi.fn<ChainAdapter['getTokenBalances']>(async (_a, n) => [
      native(n.caipNetworkId),
      usdc,
    ]),
    getNativeBalance: vi.fn<ChainAdapter['getNativeBalance']>(async () => ({
      amount: '1.5',
      symbol: 'ETH',
    })),
    getIdentity: vi.fn<NonNullable<ChainAdapter['getIdentity']>>(async () => ({
      name: 'alice.eth',
      avatar: 'https://avatars.example/alice.png',
    })),
  } satisfies ChainAdapter
  const provider = { request: vi.fn() }
  const data = createAccountData({
    chain,
    adapters: { eip155: adapter },
    toasts,
    provider: () => provider,
    names,
  })
  const account = () => chain.accounts.peek().eip155
  return { chain, adapter, data, errors, toasts, provider, account }
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') })
})
afterEach(() => {
  vi.useRealTimers()
})

test('default', async () => {
  const { data, adapter, account } = setup()
  await data.refresh('eip155')
  expect(adapter.getTokenBalances).toHaveBeenCalledExactlyOnceWith(A, MAINNET)
  expect(adapter.getNativeBalance).not.toHaveBeenCalled()
  expect(account()).toMatchObject({
    balance: '12.5',
    balanceSymbol: 'ETH',
    balanceStatus: 'ready',
    tokenBalance: [native('eip155:1'), usdc],
    addressExplorerUrl: `https://etherscan.io/address/${A}`,
    profileName: 'alice.eth',
    profileImage: 'https://avatars.example/alice.png',
  })
  expect(data.isLocked('eip155')).toBe(false)
})

test('args: the explorer link is made only for https explorers (SECURITY 13)', async () => {
  const cases: [string | undefined, string | undefined][] = [
    ['https://basescan.org/', `https://basescan.org/address/${A}`],
    ['http://explorer.example', undefined],
    ['javascript:alert(1)//', undefined],
    ['ftp://explorer.example', undefined],
    [undefined, undefined],
  ]
  for (const [explorerUrl, expected] of cases) {
    const { data, account } = setup({ ...MAINNET, explorerUrl })
    await data.refresh('eip155')
    expect(account()?.addressExplorerUrl, String(explorerUrl)).toBe(expected)
  }
})

test('behavior: no native entry from the API → native balance from the RPC, tokens kept', async () => {
  const { data, adapter, account, provider, errors } = setup()
  adapter.getTokenBalances.mockResolvedValueOnce([usdc])
  await data.refresh('eip155')
  expect(adapter.getNativeBalance).toHaveBeenCalledExactlyOnceWith(A, MAINNET, provider)
  expect(account()).toMatchObject({ balance: '1.5', tokenBalance: [usdc], balanceStatus: 'ready' })
  expect(errors).toEqual([])
})

test('error: API failure → "Token Balance Unavailable", RPC fallback, 30 s lock', async () => {
  const { data, adapter, account, provider, errors, toasts } = setup()
  adapter.getTokenBalances.mockRejectedValueOnce(new Error('HTTP status code: 503'))
  await data.refresh('eip155')
  expect(errors).toEqual([{ code: 'BALANCE_UNAVAILABLE', message: 'Token Balance Unavailable' }])
  expect(toasts.current.peek()).toMatchObject({
    variant: 'error',
    message: 'Token Balance Unavailable',
  })
  expect(adapter.getNativeBalance).toHaveBeenCalledExactlyOnceWith(A, MAINNET, provider)
  expect(account()).toMatchObject({
    balance: '1.5',
    balanceSymbol: 'ETH',
    balanceStatus: 'ready',
    tokenBalance: [],
  })
  expect(data.isLocked('eip155')).toBe(true)
  expect(BALANCE_RETRY_MS).toBe(30_000)

  vi.advanceTimersByTime(29_999)
  expect(data.isLocked('eip155')).toBe(true)
  await data.refresh('eip155')
  expect(adapter.getTokenBalances).toHaveBeenCalledTimes(1)
  expect(adapter.getNativeBalance).toHaveBeenCalledTimes(2)
  expect(errors).toHaveLength(1)
  expect(account()?.balance).toBe('1.5')

  vi.advanceTimersByTime(1)
  expect(data.isLocked('eip155')).toBe(false)
  await data.refresh('eip155')
  expect(adapter.getTokenBalances).toHaveBeenCalledTimes(2)
  expect(account()).toMatchObject({ balance: '12.5', tokenBalance: [native('eip155:1'), usdc] })
})

test('error: API and RPC both fail → error status, symbol of the network', async () => {
  const { data, adapter, account } = setup()
  adapter.getTokenBalances.mockRejectedValueOnce(new Error('down'))
  adapter.getNativeBalance.mockRejectedValueOnce(new Error('down too'))
  await data.refresh('eip155')
  expect(account()).toMatchObject({
    balance: undefined,
    balanceSymbol: 'ETH',
    balanceStatus: 'error',
    tokenBalance: [],
  })
})

test('behavior: a result for an account that changed mid-request is not applied', async () => {
  const { data, adapter, account, chain, errors } = setup()
  const pending = deferred<TokenBalance[]>()
  adapter.getTokenBalances.mockReturnValueOnce(pending.promise)
  const first = data.refresh('eip155')
  expect(account()?.balanceStatus).toBe('loading')
  chain.patchAccount('eip155', { address: B })
  pending.resolve([native('eip155:1', '999')])
  await first
  expect(account()?.balance).toBeUndefined()
  expect(account()?.tokenBalance).toEqual([])
  expect(adapter.getIdentity).not.toHaveBeenCalled()
  // A stale failure shows no toast either.
  const failing = deferred<TokenBalance[]>()
  adapter.getTokenBalances.mockReturnValueOnce(failing.promise)
  const second = data.refresh('eip155')
  chain.patchAccount('eip155', { address: A })
  failing.reject(new Error('down'))
  await second
  expect(errors).toEqual([])
})

test('behavior: a result for a network that changed mid-request is not applied', async () => {
  const { data, adapter, account, chain } = setup()
  const pending = deferred<TokenBalance[]>()
  adapter.getTokenBalances.mockReturnValueOnce(pending.promise)
  const first = data.refresh('eip155')
  chain.patchNetwork('eip155', { caipNetwork: BASE })
  const second = data.refresh('eip155')
  pending.resolve([native('eip155:1', '999')])
  await Promise.all([first, second])
  expect(account()).toMatchObject({ balance: '12.5', tokenBalance: [native('eip155:8453'), usdc] })
})

test('behavior: identity is asked once per address and not applied to another', async () => {
  const { data, adapter, account, chain } = setup()
  await data.refresh('eip155')
  await data.refresh('eip155')
  expect(adapter.getIdentity).toHaveBeenCalledTimes(1)
  expect(account()?.profileName).toBe('alice.eth')

  const pending = deferred<{ name: string | null; avatar: string | null }>()
  chain.patchAccount('eip155', { address: B, profileName: undefined, profileImage: undefined })
  adapter.getIdentity.mockReturnValueOnce(pending.promise)
  const refresh = data.refresh('eip155')
  await vi.waitFor(() => expect(adapter.getIdentity).toHaveBeenCalledTimes(2))
  chain.patchAccount('eip155', { address: A })
  pending.resolve({ name: 'bob.eth', avatar: null })
  await refresh
  expect(account()?.profileName).toBeUndefined()
})

test('error: an identity failure leaves the balances in place', async () => {
  const { data, adapter, account } = setup()
  adapter.getIdentity.mockRejectedValueOnce(new Error('HTTP status code: 500'))
  await data.refresh('eip155')
  expect(account()).toMatchObject({
    balance: '12.5',
    profileName: undefined,
    balanceStatus: 'ready',
  })
})

test('args: nothing is asked without an address or an adapter', async () => {
  const { data, adapter, chain } = setup()
  await data.refresh('solana')
  chain.patchAccount('eip155', { address: undefined })
  await data.refresh('eip155')
  expect(adapter.getTokenBalances).not.toHaveBeenCalled()
  expect(adapter.getNativeBalance).not.toHaveBeenCalled()
})

test('behavior: refreshing two namespaces at once applies both results', async () => {
  const { chain, adapter, account } = setup()
  chain.patchAccount('solana', {
    status: 'connected',
    address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  })
  const solana: ChainAdapter = {
    namespace: 'solana',
    formatAddress: (a) => a,
    checkAddress: (a: string) => ({ valid: true, address: a }),
    getTokenBalances: async () => [],
    getNativeBalance: async () => ({ amount: '3', symbol: 'SOL' }),
  }
  const data = createAccountData({
    chain,
    adapters: { eip155: adapter, solana },
    toasts: createToasts(),
    provider: () => undefined,
  })
  await Promise.all([data.refresh('eip155'), data.refresh('solana')])
  expect(chain.accounts.peek().solana?.balance).toBe('3')
  expect(account()?.balance).toBe('12.5')
})

/** A names service whose reverse lookup answers `records`. */
function names(records: NameProfile[] | Error): NamesApi {
  return {
    nameSuggestions: vi.fn(async () => []),
    registerName: vi.fn(),
    reverseNames: vi.fn(async () => {
      if (records instanceof Error) throw records
      return records
    }),
  }
}

test('behavior: the account’s own product name (reverse lookup) comes before the identity’s', async () => {
  const api = names([
    { name: 'alice.wk.eth', addresses: [{ coinType: 60, address: A }] },
    { name: 'alice.reown.id', addresses: [{ coinType: 60, address: A.toLowerCase() }] },
  ])
  const { data, account } = setup(MAINNET, api)
  await data.refresh('eip155')
  expect(api.reverseNames).toHaveBeenCalledWith(A)
  // The avatar still comes from the identity.
  expect(account()).toMatchObject({
    profileName: 'alice.reown.id',
    profileImage: 'https://avatars.example/alice.png',
  })
})

test('behavior: the legacy suffix is a product name too (SPEC §5)', async () => {
  const { data, account } = setup(
    MAINNET,
    names([{ name: 'old.wcn.id', addresses: [{ coinType: 60, address: A }] }]),
  )
  await data.refresh('eip155')
  expect(account()?.profileName).toBe('old.wcn.id')
})

test('error: a name that resolves elsewhere, or a failed lookup, leaves the identity’s name', async () => {
  const elsewhere = setup(
    MAINNET,
    names([{ name: 'bob.reown.id', addresses: [{ coinType: 60, address: B }] }]),
  )
  await elsewhere.data.refresh('eip155')
  expect(elsewhere.account()?.profileName).toBe('alice.eth')
  const failing = setup(MAINNET, names(new Error('HTTP status code: 500')))
  await failing.data.refresh('eip155')
  expect(failing.account()?.profileName).toBe('alice.eth')
  expect(failing.errors).toEqual([])
})

test('behavior: setProfileName shows a new name at once, for the same address only', async () => {
  const { data, account } = setup()
  await data.refresh('eip155')
  data.setProfileName('eip155', A, 'alice.reown.id')
  expect(account()?.profileName).toBe('alice.reown.id')
  data.setProfileName('eip155', B, 'bob.reown.id')
  expect(account()?.profileName).toBe('alice.reown.id')
})

test('behavior: the name is known to be looked up only once the lookup answered, with or without one', async () => {
  const lookup = deferred<{ name: string | null; avatar: string | null }>()
  const { data, adapter, account } = setup()
  adapter.getIdentity.mockImplementationOnce(() => lookup.promise)
  const refreshed = data.refresh('eip155')
  await vi.waitFor(() => expect(adapter.getIdentity).toHaveBeenCalled())
  expect(account()).toMatchObject({ balanceStatus: 'ready', profileLoaded: false })
  lookup.resolve({ name: null, avatar: null })
  await refreshed
  expect(account()).toMatchObject({ profileName: undefined, profileLoaded: true })
})

test('behavior: a name registered while the lookup runs is not replaced by the lookup’s answer', async () => {
  const lookup = deferred<{ name: string | null; avatar: string | null }>()
  const { data, adapter, account } = setup()
  adapter.getIdentity.mockImplementationOnce(() => lookup.promise)
  const refreshed = data.refresh('eip155')
  await vi.waitFor(() => expect(adapter.getIdentity).toHaveBeenCalled())
  data.setProfileName('eip155', A, 'alice.reown.id')
  lookup.resolve({ name: 'alice.eth', avatar: null })
  await refreshed
  expect(account()).toMatchObject({ profileName: 'alice.reown.id', profileLoaded: true })
})
