import { afterEach, expect, test, vi } from 'vitest'
import { createKit } from '../../../../src/core/kit.js'
import { resolveOptions } from '../../../../src/core/options.js'
import type { ChainAdapter } from '../../../../src/core/types/adapter.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import type { WalletKitOptions } from '../../../../src/core/types/options.js'
import { createSafeStorage } from '../../../../src/core/utils/storage.js'
import { ATTACKER, setup as fakeExchange, ROUTER, USDC, USER } from './harness.js'

const projectId = '0123456789abcdef0123456789abcdef'
const devnet = {
  caipNetworkId: 'eip155:31337' as const,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
  swapRouter: ROUTER,
}
const usdcBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: USDC.address,
  price: 1,
  value: 7,
  quantity: { decimals: '6', numeric: '7' },
}
/** The blockchain API lists USDC only; the coin's balance comes from the network's RPC. */
const adapter: ChainAdapter = {
  namespace: 'eip155',
  formatAddress: (address) => address,
  checkAddress: (address) => ({ valid: true, address }),
  getTokenBalances: async () => [usdcBalance],
  getNativeBalance: async () => ({ amount: '2.5', symbol: 'ETH' }),
}

const kits: ReturnType<typeof createKit>[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

function setup(options: Partial<WalletKitOptions> = {}) {
  const { api } = fakeExchange()
  let hidden = false
  const listeners = new Set<() => void>()
  const kit = createKit({
    options: resolveOptions({
      projectId,
      networks: [devnet],
      features: { analytics: false },
      ...options,
    }),
    version: '0.0.0-test',
    services: {
      catalog: {
        getWallets: vi.fn(async () => ({ count: 0, data: [] })),
        getWalletImage: vi.fn(async () => new Blob()),
        getAnalyticsConfig: vi.fn(async () => ({ isAnalyticsEnabled: false })),
      },
      analytics: { send: vi.fn(async () => undefined), beacon: () => true },
      swap: api,
    },
    adapters: { eip155: adapter },
    env: {
      isMobile: () => false,
      storage: createSafeStorage(() => undefined),
      location: () => ({ href: 'https://site.example/', hostname: 'site.example' }),
      visibility: {
        hidden: () => hidden,
        subscribe(listener) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
    },
  })
  kits.push(kit)
  // Connected the way a visitor connects: through a connector, which may change its account.
  const walletEvents = new Map<string, (value: never) => void>()
  const connector: Connector = {
    id: 'dev.walletkit.devnet',
    name: 'Devnet Wallet',
    type: 'ANNOUNCED',
    namespace: 'eip155',
    connect: async () => ({ accounts: [USER], caipNetworkId: 'eip155:31337' }),
    disconnect: async () => undefined,
    getAccounts: async () => [USER],
    getNetworkId: async () => 'eip155:31337',
    isAuthorized: async () => true,
    switchNetwork: async () => undefined,
    getProvider: () => undefined,
    on: (event, listener) => {
      walletEvents.set(event, listener as (value: never) => void)
      return () => walletEvents.delete(event)
    },
  }
  const connect = () => kit.connection.connect(connector)
  const changeAccount = (address: string) =>
    (walletEvents.get('accountsChanged') as ((accounts: string[]) => void) | undefined)?.([address])
  const setHidden = (value: boolean) => {
    hidden = value
    for (const listener of listeners) listener()
  }
  return { kit, api, connect, changeAccount, setHidden }
}

test('default', async () => {
  const { kit, api, connect } = setup()
  await connect()
  const swap = kit.swap?.()
  if (!swap) throw new Error('no swap')
  expect(swap.slippage).toBe(1)
  await kit.open({ view: 'Swap' })
  await vi.waitFor(() => expect(swap.initialized.value).toBe(true))
  expect(api.getTokens).toHaveBeenCalledWith('eip155:31337')
  // The coin's balance comes from the network's RPC when the blockchain API gave none.
  expect(swap.sourceToken.value).toMatchObject({ symbol: 'ETH', quantity: '2.5' })
  expect(swap.myTokensWithBalance.value.map((t) => [t.symbol, t.quantity])).toEqual([
    ['USDC', '7'],
    ['ETH', '2.5'],
  ])
})

test('behavior: the review is a router view; a refused swap returns to the form', async () => {
  const { kit, api, connect } = setup()
  api.buildTransaction.mockResolvedValueOnce({ to: ATTACKER, data: '0x', value: 10n ** 17n })
  await connect()
  await kit.open({ view: 'Account' })
  kit.router.push('Swap')
  const swap = kit.swap?.()
  if (!swap) throw new Error('no swap')
  await vi.waitFor(() => expect(swap.initialized.value).toBe(true))
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('0.1')
  await vi.waitFor(() => expect(swap.action.value).toEqual({ kind: 'review', loading: false }))
  const reviewing = swap.review()
  expect(kit.router.history.value).toEqual(['Account', 'Swap', 'SwapPreview'])
  await reviewing
  // The refusal's own text, by its key (its English: 'The swap goes to a contract that is not a
  // known exchange of this network.').
  expect(kit.toasts.current.value?.key).toBe('swap.refused.router')
  expect(kit.router.history.value).toEqual(['Account', 'Swap'])
  expect(swap.sourceTokenAmount.value).toBe('0.1')
})

test('behavior: an account change on the review returns to the form, reset', async () => {
  const { kit, connect, changeAccount } = setup()
  await connect()
  await kit.open({ view: 'Account' })
  kit.router.push('Swap')
  const swap = kit.swap?.()
  if (!swap) throw new Error('no swap')
  await vi.waitFor(() => expect(swap.initialized.value).toBe(true))
  swap.setToToken(USDC)
  swap.setSourceTokenAmount('0.1')
  kit.router.push('SwapPreview')
  changeAccount('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
  expect(kit.router.history.value).toEqual(['Account', 'Swap'])
  expect(swap.sourceTokenAmount.value).toBe('')
})

test('behavior: no swap without the feature; a plain network, or one without a router, cannot swap', async () => {
  expect(setup({ features: { swaps: false, analytics: false } }).kit.swap).toBeUndefined()
  const { swapRouter: _, ...plain } = devnet
  const { kit, connect } = setup({ networks: [plain] })
  await connect()
  expect(kit.swap?.().unavailable.value?.shortMessage).toBe('Network not supported for Swaps')
  expect(kit.swap?.().unavailable.value?.details).toBe('eip155:31337 is not a swap network')
  // Marked, but no router known: no swap either, and the reason for developers (debug mode).
  const marked = setup({ networks: [{ ...plain, swaps: true }] })
  await marked.connect()
  expect(marked.kit.swap?.().unavailable.value?.details).toMatch(
    /^eip155:31337 has no known swap router: give its swapRouter/,
  )
})

test('behavior: quotes refresh only while a swap view is open and the page visible', async () => {
  vi.useFakeTimers()
  try {
    const { kit, api, connect, setHidden } = setup()
    await connect()
    await kit.open({ view: 'Swap' })
    const swap = kit.swap?.()
    if (!swap) throw new Error('no swap')
    await vi.advanceTimersByTimeAsync(0)
    swap.setToToken(USDC)
    swap.setSourceTokenAmount('0.1')
    await vi.advanceTimersByTimeAsync(500)
    expect(api.getQuote).toHaveBeenCalledTimes(1)
    setHidden(true)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(api.getQuote).toHaveBeenCalledTimes(1)
    setHidden(false)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(api.getQuote).toHaveBeenCalledTimes(2)
    kit.close()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(api.getQuote).toHaveBeenCalledTimes(2)
  } finally {
    vi.useRealTimers()
  }
})
