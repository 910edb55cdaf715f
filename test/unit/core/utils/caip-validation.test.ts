import { signal } from '@preact/signals-core'
import { expect, test, vi } from 'vitest'
import { createBip122Adapter } from '../../../../src/chains/bip122/adapter.js'
import { createPolkadotAdapter } from '../../../../src/chains/polkadot/adapter.js'
import { createSolanaAdapter } from '../../../../src/chains/solana/adapter.js'
import { ChainAdapterNotFoundError, InvalidCaipError } from '../../../../src/core/errors/caip.js'
import { createKit } from '../../../../src/core/kit.js'
import { resolveOptions } from '../../../../src/core/options.js'
import type { ChainAdapter } from '../../../../src/core/types/adapter.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import type { WalletKitOptions } from '../../../../src/core/types/options.js'
import {
  isValidAddress,
  parseCaipAddress,
  parseCaipNetworkId,
} from '../../../../src/core/utils/caip.js'
import { createSafeStorage } from '../../../../src/core/utils/storage.js'
import type { BlockchainService } from '../../../../src/services/blockchain.js'
import { rpcRequest } from '../../../../src/services/rpc.js'

const projectId = '0123456789abcdef0123456789abcdef'
const EVM = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'

const options = (input: Partial<WalletKitOptions>) => () => resolveOptions({ projectId, ...input })
const nobody = { getBalances: vi.fn(), getIdentity: vi.fn(), getSupportedChains: vi.fn() }
const eip155: ChainAdapter = {
  namespace: 'eip155',
  formatAddress: (a) => a,
  checkAddress: (a: string) => ({ valid: true, address: a }),
  getTokenBalances: async () => [],
  getNativeBalance: () => new Promise(() => {}),
}

function kitWith(networks: WalletKitOptions['networks'], adapters: Record<string, ChainAdapter>) {
  return createKit({
    options: resolveOptions({ projectId, networks, features: { analytics: false } }),
    version: '0.0.0-test',
    services: {
      catalog: {
        getWallets: vi.fn(async () => ({ count: 0, data: [] })),
        getWalletImage: vi.fn(() => Promise.reject(new Error('none'))),
        getAnalyticsConfig: vi.fn(async () => ({ isAnalyticsEnabled: false })),
      },
      analytics: { send: vi.fn(async () => undefined) },
    },
    adapters,
    connectors: signal<readonly Connector[]>([]),
    env: { isMobile: () => false, storage: createSafeStorage(() => undefined) },
  })
}

function connectorOf(namespace: Connector['namespace'], accounts: string[]): Connector {
  return {
    id: `fake:${namespace}`,
    name: 'Fake',
    type: 'ANNOUNCED',
    namespace,
    connect: async () => ({ accounts, caipNetworkId: `${namespace}:x` as never }),
    disconnect: async () => undefined,
    getAccounts: async () => accounts,
    getNetworkId: async () => `${namespace}:x` as never,
    isAuthorized: async () => false,
    switchNetwork: async () => undefined,
    getProvider: () => undefined,
    on: () => () => undefined,
  }
}

test('default', () => {
  const resolved = resolveOptions({ projectId, networks: ['eip155:1', SOLANA, BITCOIN, POLKADOT] })
  expect(resolved.networks.map((n) => n.namespace)).toEqual([
    'eip155',
    'solana',
    'bip122',
    'polkadot',
  ])
  expect(resolved.defaultAccountTypes).toEqual({
    eip155: 'smartAccount',
    bip122: 'payment',
    polkadot: 'eoa',
    solana: 'eoa',
  })
})

test('args: a network id needs 2 parts and a known namespace (passing and failing)', () => {
  for (const id of ['eip155:1', SOLANA, 'solana:localnet', BITCOIN, POLKADOT])
    expect(parseCaipNetworkId(id).caipNetworkId).toBe(id)
  for (const id of ['eip155', `${SOLANA}:${SOL}`, 'cosmos:cosmoshub-4', ':1', 'eip155:', 'a:b:c:d'])
    expect(() => parseCaipNetworkId(id), id).toThrow('Invalid CAIP Address')
})

test('args: a CAIP address needs 3 parts, a known namespace and a valid address', () => {
  for (const value of [`eip155:1:${EVM}`, `eip155:1:${EVM.slice(2)}`, `${SOLANA}:${SOL}`])
    expect(parseCaipAddress(value).caipAddress).toBe(value)
  for (const value of [
    'eip155:1',
    `eip155:1:${EVM}:extra`,
    `cosmos:1:${EVM}`,
    `eip155:1:${EVM.slice(0, -2)}`,
    `${SOLANA}:${SOL.slice(0, 31)}`,
    `${SOLANA}:${'A'.repeat(45)}`,
    `${SOLANA}:${EVM}`,
  ])
    expect(() => parseCaipAddress(value), value).toThrow(InvalidCaipError)
})

test('args: the address rules of each namespace, through the chain adapters', () => {
  expect(isValidAddress('eip155', EVM)).toBe(true)
  expect(isValidAddress('eip155', `0x${EVM.slice(2, 41)}`)).toBe(false)
  const solana = createSolanaAdapter({
    blockchain: nobody as unknown as BlockchainService,
    rpc: rpcRequest,
  })
  expect(solana.formatAddress(SOL)).toBe(SOL)
  expect(() => solana.formatAddress(SOL.slice(0, 31))).toThrow('Invalid CAIP Address')
  const bip122 = createBip122Adapter()
  expect(bip122.formatAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toMatch(/^bc1/)
  expect(() => bip122.formatAddress(SOL)).toThrow('Invalid CAIP Address')
  const polkadot = createPolkadotAdapter()
  expect(polkadot.formatAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBeTruthy()
  expect(() => polkadot.formatAddress(EVM)).toThrow('Invalid CAIP Address')
})

test('behavior: defaultAccountTypes overrides the defaults per namespace', () => {
  const resolved = resolveOptions({
    projectId,
    networks: ['eip155:1', SOLANA],
    defaultAccountTypes: { eip155: 'eoa', bip122: 'ordinal' },
  })
  expect(resolved.defaultAccountTypes).toEqual({
    eip155: 'eoa',
    bip122: 'ordinal',
    polkadot: 'eoa',
    solana: 'eoa',
  })
  const kit = kitWith(['eip155:1', SOLANA], { eip155 })
  expect(kit.chain.accounts.peek().eip155?.preferredAccountType).toBe('smartAccount')
  expect(kit.chain.accounts.peek().solana?.preferredAccountType).toBe('eoa')
  kit.destroy()
})

test('error: init() with malformed network ids raises Invalid CAIP Address', () => {
  for (const networks of [
    ['eip155'],
    [`eip155:1:${EVM}`],
    ['cosmos:cosmoshub-4'],
    ['eip155:0x1'],
    [
      {
        caipNetworkId: 'solana',
        name: 'x',
        nativeCurrency: { name: 'S', symbol: 'S', decimals: 9 },
        rpcUrl: 'https://rpc.example',
      },
    ],
  ])
    expect(options({ networks: networks as never }), JSON.stringify(networks)).toThrow(
      expect.objectContaining({ shortMessage: 'Invalid CAIP Address', name: 'InvalidCaipError' }),
    )
  expect(options({ networks: ['eip155:1'], defaultNetwork: `${SOLANA}:${SOL}` as never })).toThrow(
    InvalidCaipError,
  )
  expect(options({ defaultAccountTypes: { cosmos: 'eoa' } as never })).toThrow('cosmos')
  expect(options({ defaultAccountTypes: { solana: 'smart' } as never })).toThrow('solana')
})

test('error: Chain adapter not found for a namespace without an adapter', async () => {
  const kit = kitWith(['eip155:1', SOLANA], { eip155 })
  expect(kit.adapters).toEqual(['eip155'])
  await expect(kit.open({ namespace: 'solana' })).rejects.toBeInstanceOf(ChainAdapterNotFoundError)
  const error = await kit.connection.connect(connectorOf('solana', [SOL])).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ChainAdapterNotFoundError)
  expect((error as ChainAdapterNotFoundError).shortMessage).toBe('Chain adapter not found')
  expect(kit.chain.accounts.peek().solana?.status).toBe('disconnected')
  kit.destroy()
})

test('error: a wallet address that breaks its namespace rule fails the connect', async () => {
  const kit = kitWith([SOLANA], {
    solana: createSolanaAdapter({
      blockchain: nobody as unknown as BlockchainService,
      rpc: rpcRequest,
    }),
  })
  const error = await kit.connection.connect(connectorOf('solana', [EVM])).catch((e: unknown) => e)
  expect((error as Error).message).toContain('Invalid CAIP Address')
  expect(kit.chain.accounts.peek().solana?.status).toBe('disconnected')
  kit.destroy()
})
