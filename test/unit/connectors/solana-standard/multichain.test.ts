import { signal } from '@preact/signals-core'
import { afterEach, expect, test, vi } from 'vitest'
import { createSolanaAdapter } from '../../../../src/chains/solana/adapter.js'
import { createSolanaStandardConnector } from '../../../../src/connectors/solana-standard/connector.js'
import { createKit, type Kit } from '../../../../src/core/kit.js'
import { resolveOptions } from '../../../../src/core/options.js'
import type { ChainAdapter } from '../../../../src/core/types/adapter.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import type { KitEvents } from '../../../../src/core/types/events.js'
import type { WalletEntry } from '../../../../src/core/types/wallet.js'
import { createSafeStorage } from '../../../../src/core/utils/storage.js'
import type { BlockchainService } from '../../../../src/services/blockchain.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { ALICE, account, BOB, fakeWallet } from './fake-wallet.js'

const projectId = '0123456789abcdef0123456789abcdef'
const EVM = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'
const SOLANA_NETWORK = {
  caipNetworkId: 'solana:localnet' as const,
  name: 'Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrl: 'http://127.0.0.1:8899',
}

const eip155: ChainAdapter = {
  namespace: 'eip155',
  formatAddress: (a) => a,
  checkAddress: (a: string) => ({ valid: true, address: a }),
  getTokenBalances: async () => [],
  getNativeBalance: () => new Promise(() => {}),
}

function evmConnector(): Connector {
  return {
    id: 'eip6963:evm',
    name: 'EVM Wallet',
    type: 'ANNOUNCED',
    namespace: 'eip155',
    rdns: 'dev.walletkit.devnet',
    connect: async () => ({ accounts: [EVM], caipNetworkId: 'eip155:31337' }),
    disconnect: async () => undefined,
    getAccounts: async () => [EVM],
    getNetworkId: async () => 'eip155:31337',
    isAuthorized: async () => true,
    switchNetwork: async () => undefined,
    getProvider: () => ({ request: async () => null }),
    on: () => () => undefined,
  }
}

const catalogue: WalletEntry[] = [
  {
    id: 'phantom-id',
    name: 'Phantom Test',
    image_id: 'img',
    image_url: null,
    homepage: null,
    rdns: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    chrome_store: null,
    badge_type: 'none',
    chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    supports_wc: true,
    injected: [],
  },
]

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

function setup() {
  const options = resolveOptions({
    projectId,
    networks: ['eip155:31337', SOLANA_NETWORK],
    features: { analytics: false },
  })
  const wallet = fakeWallet({ grant: [account(ALICE), account(BOB)] })
  const solana = createSolanaStandardConnector({
    id: 'wallet-standard:Phantom Test',
    name: 'Phantom Test',
    wallet,
    networks: options.networks.filter((n) => n.namespace === 'solana'),
    rpc: rpcRequest,
  })
  const native = { name: 'Solana', symbol: 'SOL', chainId: 'solana:localnet', price: 150 }
  const blockchain = {
    getBalances: vi.fn(async () => [
      { ...native, value: 150, quantity: { decimals: '9', numeric: '1' } },
    ]),
    getIdentity: vi.fn(),
    getSupportedChains: vi.fn(),
  }
  const kit = createKit({
    options,
    version: '0.0.0-test',
    services: {
      catalog: {
        getWallets: vi.fn(async () => ({ count: 1, data: catalogue })),
        getWalletImage: vi.fn(() => Promise.reject(new Error('none'))),
        getAnalyticsConfig: vi.fn(async () => ({ isAnalyticsEnabled: false })),
      },
      analytics: { send: vi.fn(async () => undefined), beacon: () => true },
    },
    adapters: {
      eip155,
      solana: createSolanaAdapter({
        blockchain: blockchain as unknown as BlockchainService,
        rpc: rpcRequest,
      }),
    },
    connectors: signal<readonly Connector[]>([evmConnector(), solana]),
    env: { isMobile: () => false, storage: createSafeStorage(() => undefined) },
  })
  kits.push(kit)
  const events: [keyof KitEvents, unknown][] = []
  for (const name of ['connected', 'disconnected', 'accountChanged', 'chainChanged'] as const)
    kit.events.on(name, (detail) => events.push([name, detail]))
  const chainChanged = () => events.filter((e) => e[0] === 'chainChanged').map((e) => e[1])
  return { kit, wallet, solana, evm: kit.connectors.peek()[0] as Connector, events, chainChanged }
}

test('default', async () => {
  const { kit, solana, evm } = setup()
  await kit.connection.connect(evm)
  await kit.connection.connect(solana)
  expect(kit.getState()).toMatchObject({
    namespace: 'solana',
    address: ALICE,
    caipAddress: `solana:localnet:${ALICE}`,
    caipNetworkId: 'solana:localnet',
    connector: { id: 'wallet-standard:Phantom Test', name: 'Phantom Test' },
  })
  expect(kit.chain.accounts.peek().eip155).toMatchObject({ status: 'connected', address: EVM })
  expect(kit.connection.connectorOf('solana')?.getProvider()).toMatchObject({
    account: { address: ALICE },
    chain: 'solana:localnet',
  })
})

test('behavior: activating a namespace switches the state and fires chainChanged once', async () => {
  const { kit, solana, evm, chainChanged } = setup()
  await kit.connection.connect(evm)
  await kit.connection.connect(solana)
  kit.connection.activate('eip155')
  expect(kit.getState()).toMatchObject({
    namespace: 'eip155',
    address: EVM,
    caipNetworkId: 'eip155:31337',
  })
  kit.connection.activate('eip155')
  kit.connection.activate('solana')
  expect(chainChanged()).toEqual([
    { caipNetworkId: 'eip155:31337', namespace: 'eip155', supported: true },
    { caipNetworkId: 'solana:localnet', namespace: 'solana', supported: true },
  ])
})

test('behavior: switchNetwork to a network of another namespace activates it', async () => {
  const { kit, solana, evm, chainChanged } = setup()
  await kit.connection.connect(solana)
  await kit.connection.connect(evm)
  expect(kit.getState().namespace).toBe('eip155')
  await kit.switchNetwork('solana:localnet')
  expect(kit.getState().namespace).toBe('solana')
  expect(chainChanged()).toEqual([
    { caipNetworkId: 'solana:localnet', namespace: 'solana', supported: true },
  ])
})

test('behavior: disconnecting the active namespace shows the one still connected', async () => {
  const { kit, solana, evm, events, wallet } = setup()
  await kit.connection.connect(evm)
  await kit.connection.connect(solana)
  events.length = 0
  await kit.connection.disconnect('solana')
  expect(wallet.disconnect).toHaveBeenCalledOnce()
  expect(kit.getState()).toMatchObject({ namespace: 'eip155', status: 'connected', address: EVM })
  expect(events).toEqual([
    ['disconnected', { namespace: 'solana' }],
    ['chainChanged', { caipNetworkId: 'eip155:31337', namespace: 'eip155', supported: true }],
  ])
})

test('behavior: a Solana account change in the wallet is the kit account change', async () => {
  const { kit, solana, wallet, events } = setup()
  await kit.connection.connect(solana)
  wallet.change([account(BOB)])
  expect(kit.getState().address).toBe(BOB)
  expect(events.at(-1)).toEqual([
    'accountChanged',
    { address: BOB, caipAddress: `solana:localnet:${BOB}`, namespace: 'solana' },
  ])
  wallet.change([])
  await vi.waitFor(() => expect(kit.chain.accounts.peek().solana?.status).toBe('disconnected'))
})

test('behavior: open({ namespace }) fires chainChanged and scopes Connect to it', async () => {
  const { kit, chainChanged } = setup()
  await kit.open({ namespace: 'solana' })
  expect(kit.router.data.peek()).toEqual({ namespace: 'solana' })
  expect(chainChanged()).toEqual([
    { caipNetworkId: 'solana:localnet', namespace: 'solana', supported: true },
  ])
})

test('behavior: a Wallet Standard wallet matches its catalogue entry by name and namespace', async () => {
  const { kit, solana, evm } = setup()
  await kit.open()
  await vi.waitFor(() => expect(kit.wallets.recommended.peek()).toHaveLength(1))
  expect(kit.catalogMatch(solana)?.id).toBe('phantom-id')
  expect(kit.catalogMatch(evm)).toBeUndefined()
  await kit.connection.connect(solana)
  expect(kit.wallets.recent.peek().map((w) => w.id)).toEqual(['phantom-id'])
  // The modal was opened, so the balance loads: from the blockchain API, in SOL.
  await vi.waitFor(() => expect(kit.getState().balance).toEqual({ amount: '1', symbol: 'SOL' }))
})

test('error: a declined Solana connect restores the state; the retry connects', async () => {
  const { kit, solana, wallet, events } = setup()
  wallet.connect.mockRejectedValueOnce({ code: 4001, message: 'User rejected the request.' })
  await expect(kit.connection.connect(solana)).rejects.toMatchObject({
    name: 'UserRejectedRequestError',
    code: 4001,
  })
  expect(kit.chain.accounts.peek().solana?.status).toBe('disconnected')
  expect(events).toEqual([])
  await kit.connection.connect(solana)
  expect(kit.chain.accounts.peek().solana?.status).toBe('connected')
})
