import { afterEach, expect, test, vi } from 'vitest'
import { createSolanaAdapter } from '../../../../src/chains/solana/adapter.js'
import { createSolanaStandardConnectors } from '../../../../src/connectors/solana-standard/index.js'
import { createKit, type Kit } from '../../../../src/core/kit.js'
import { resolveOptions } from '../../../../src/core/options.js'
import type { SafeStorage } from '../../../../src/core/utils/storage.js'
import type { BlockchainService } from '../../../../src/services/blockchain.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { memoryStorage, settle } from '../support/test-kit.js'
import { type FakeWallet, fakeRegistry, fakeWallet } from './fake-wallet.js'

const SOLANA_NETWORK = {
  caipNetworkId: 'solana:localnet' as const,
  name: 'Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrl: 'http://127.0.0.1:8899',
}

const kits: Kit[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/** One page load: the registered wallets, a kit over `storage` with the real discovery. */
function load(storage: SafeStorage, wallets: FakeWallet[]) {
  const options = resolveOptions({
    projectId: '0123456789abcdef0123456789abcdef',
    networks: [SOLANA_NETWORK],
    features: { analytics: false },
  })
  const registry = fakeRegistry()
  for (const w of wallets) registry.register(w)
  const discovery = createSolanaStandardConnectors({
    networks: options.networks,
    registry,
    rpc: rpcRequest,
  })
  const kit = createKit({
    options,
    version: '0.0.0-test',
    services: {
      catalog: {
        getWallets: vi.fn(async () => ({ count: 0, data: [] })),
        getWalletImage: vi.fn(() => Promise.reject(new Error('none'))),
        getAnalyticsConfig: vi.fn(async () => ({ isAnalyticsEnabled: false })),
      },
      analytics: { send: vi.fn(async () => undefined), beacon: () => true },
    },
    adapters: {
      solana: createSolanaAdapter({
        blockchain: { getBalances: vi.fn(async () => []) } as unknown as BlockchainService,
        rpc: rpcRequest,
      }),
    },
    connectors: discovery.connectors,
    env: { isMobile: () => false, storage },
  })
  kits.push(kit)
  return kit
}

/** A first visit: the visitor connects Phantom; the page is then left. */
async function firstVisit(): Promise<SafeStorage> {
  const storage = memoryStorage()
  const kit = load(storage, [fakeWallet({ name: 'Phantom' })])
  const connector = kit.connectors.peek()[0]
  if (!connector) throw new Error('no wallet')
  await kit.connection.connect(connector)
  expect(kit.getState().status).toBe('connected')
  kit.destroy()
  return storage
}

test('default', async () => {
  const storage = await firstVisit()
  const real = fakeWallet({ name: 'Phantom' })
  await (real.connect as (input?: { silent?: boolean }) => Promise<unknown>)()
  const kit = load(storage, [real])
  await settle()
  expect(kit.getState().status).toBe('connected')
})

test('error: no silent reconnect when a look-alike hiding an invisible letter is registered too (SECURITY 10)', async () => {
  const storage = await firstVisit()
  const real = fakeWallet({ name: 'Phantom' })
  const fake = fakeWallet({ name: 'Phantom\u3164' })
  const kit = load(storage, [fake, real])
  expect(kit.connectors.peek().map((c) => c.flags)).toEqual([
    { duplicateName: true, hiddenCharacters: true },
    { duplicateName: true },
  ])
  await settle()
  expect(kit.getState().status).toBe('disconnected')
  expect(real.connect).not.toHaveBeenCalled()
  expect(fake.connect).not.toHaveBeenCalled()
})

test('error: a wallet whose name shows as the remembered one is not it: no silent reconnect (SECURITY 10)', async () => {
  const storage = await firstVisit()
  // Alone, shown as "Phantom", but registered under another name: another id, and marked.
  const fake = fakeWallet({ name: 'Phantom\u200B' })
  const kit = load(storage, [fake])
  await settle()
  expect(kit.getState().status).toBe('disconnected')
  expect(fake.connect).not.toHaveBeenCalled()
})
