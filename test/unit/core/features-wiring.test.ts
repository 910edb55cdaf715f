import { expect, test, vi } from 'vitest'
import { createKit } from '../../../src/core/kit.js'
import type { NamesApi } from '../../../src/core/names/types.js'
import type { OnRampApi } from '../../../src/core/onramp/types.js'
import { resolveOptions } from '../../../src/core/options.js'
import type { SwapApi } from '../../../src/core/swap/types.js'
import type { ChainAdapter } from '../../../src/core/types/adapter.js'
import type { BlockchainApi } from '../../../src/core/types/services.js'
import { createSafeStorage } from '../../../src/core/utils/storage.js'
import { devnetConnector } from './devnet-connector.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'
const never = () => new Promise<never>(() => {})

/** A kit with every feature on and a service for each, whose calls never answer. */
function setup() {
  const blockchain: BlockchainApi = {
    getBalances: vi.fn(never),
    getIdentity: vi.fn(never),
    getSupportedChains: vi.fn(never),
    lookupName: vi.fn(never),
    getHistory: vi.fn(never),
    getSessions: vi.fn(never),
    revokeSession: vi.fn(never),
  }
  const swap: SwapApi = {
    getTokens: vi.fn(never),
    getQuote: vi.fn(never),
    getAllowance: vi.fn(never),
    getGasPrice: vi.fn(never),
    buildApprove: vi.fn(never),
    buildTransaction: vi.fn(never),
    getPrices: vi.fn(never),
  }
  const onramp: OnRampApi = {
    getOnRampOptions: vi.fn(never),
    getOnRampQuote: vi.fn(never),
    getOnRampUrl: vi.fn(never),
  }
  const names: NamesApi & Pick<BlockchainApi, 'lookupName'> = {
    lookupName: vi.fn(never),
    reverseNames: vi.fn(never),
    nameSuggestions: vi.fn(never),
    registerName: vi.fn(never),
  }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    formatAddress: (address) => address,
    checkAddress: (address) => ({ valid: true, address }),
    getTokenBalances: () => new Promise(() => {}),
    getNativeBalance: () => new Promise(() => {}),
  }
  const kit = createKit({
    options: resolveOptions({
      projectId: '0123456789abcdef0123456789abcdef',
      features: { analytics: false, smartSessions: true },
      siwx: {},
    }),
    version: '0.0.0-test',
    services: {
      catalog: {
        getWallets: () => Promise.resolve({ count: 0, data: [] }),
        getWalletImage: () => Promise.reject(new Error('no image')),
        getAnalyticsConfig: () => Promise.resolve({ isAnalyticsEnabled: false }),
      },
      analytics: { send: () => Promise.resolve(), beacon: () => true },
      blockchain,
      swap,
      onramp,
      names,
    },
    adapters: { eip155: adapter },
    env: { storage: createSafeStorage(() => undefined) },
  })
  const wallet = devnetConnector(ADDRESS)
  const features = [
    kit.send,
    kit.swap,
    kit.onramp,
    kit.nameRegistration,
    kit.history,
    kit.sessions,
    kit.siwx,
  ]
  return { kit, features, connect: () => kit.connection.connect(wallet) }
}

test('rule: a new kit makes no feature controller; each is made on its first call, once', () => {
  const { kit, features } = setup()
  expect(features.map((feature) => feature?.made.peek())).toEqual(features.map(() => undefined))
  for (const feature of features) expect(feature?.()).toBe(feature?.())
  expect(features.every((feature) => feature?.made.peek() !== undefined)).toBe(true)
  kit.destroy()
})

test('rule: SIWX is made when an account first connects, and its making alone changes no state', async () => {
  const { kit } = setup()
  const listener = vi.fn()
  const stop = kit.subscribe(listener)
  kit.siwx?.()
  expect(listener).not.toHaveBeenCalled()
  stop()
  kit.destroy()
  const fresh = setup()
  expect(fresh.kit.siwx?.made.peek()).toBeUndefined()
  await fresh.connect()
  expect(fresh.kit.siwx?.made.peek()?.target.value?.address).toBe(ADDRESS)
  fresh.kit.destroy()
})

test('behavior: the wallet features row offers swaps and buying without making their controllers', async () => {
  const { kit, connect } = setup()
  await connect()
  expect(kit.walletFeatures.value.map((entry) => entry.feature)).toEqual([
    'onramp',
    'swaps',
    'receive',
  ])
  expect(kit.swap?.made.peek()).toBeUndefined()
  expect(kit.onramp?.made.peek()).toBeUndefined()
  kit.destroy()
})

test('behavior: destroying the kit destroys the controllers made and makes none', () => {
  const { kit, features } = setup()
  const history = kit.history?.()
  if (!history) throw new Error('no history')
  const destroy = vi.spyOn(history, 'destroy')
  kit.destroy()
  expect(destroy).toHaveBeenCalledTimes(1)
  expect(features.filter((feature) => feature?.made.peek() !== undefined)).toEqual([kit.history])
})
