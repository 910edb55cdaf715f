import { EventEmitter } from 'node:events'
import { expect, test, vi } from 'vitest'
import {
  createWalletConnectConnector,
  toWalletConnectError,
} from '../../../../src/connectors/walletconnect/connector.js'
import { buildProposalNamespaces } from '../../../../src/connectors/walletconnect/namespaces.js'
import type { ProviderFactory } from '../../../../src/connectors/walletconnect/provider.js'
import { resolveNetwork } from '../../../../src/core/networks.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const networks = [
  { ...resolveNetwork('eip155:31337'), rpcUrl: 'http://127.0.0.1:8545' },
  resolveNetwork('eip155:1'),
  resolveNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
]

/** A stand-in for UniversalProvider: a session after `connect()`, answers from it. */
function fakeFactory() {
  const init = vi.fn()
  const provider = Object.assign(new EventEmitter(), {
    session: undefined as
      | undefined
      | { topic: string; namespaces: Record<string, { chains: string[] }> },
    chainId: 31337,
    client: Object.assign(new EventEmitter(), {
      session: { keys: [] as string[] },
      core: {
        verify: { register: vi.fn(async () => 'attestation') },
        heartbeat: { stop: vi.fn() },
        relayer: { transportClose: vi.fn(async () => undefined) },
        crypto: { getClientId: vi.fn(async () => 'client-1') },
      },
    }),
    connect: vi.fn(async () => {
      provider.session = {
        topic: 't',
        namespaces: { eip155: { chains: ['eip155:31337', 'eip155:1'] } },
      }
      provider.client.session.keys = ['t']
      provider.emit('display_uri', 'wc:t@2')
      return provider.session
    }),
    setDefaultChain: vi.fn((chain: string) => {
      provider.chainId = Number(chain.split(':')[1])
    }),
    disconnect: vi.fn(async () => {
      provider.session = undefined
      provider.client.session.keys = []
    }),
    request: vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return provider.chainId
      throw Object.assign(new Error('User rejected.'), { code: 5000 })
    }),
  })
  const factory: ProviderFactory = {
    init: async (options) => {
      init(options)
      return provider as never
    },
  }
  const load = vi.fn(async () => factory)
  return { provider, init, load }
}

function setup() {
  const fake = fakeFactory()
  const connector = createWalletConnectConnector({
    projectId: 'p'.repeat(32),
    relayUrl: 'ws://127.0.0.1:1',
    metadata: () => ({ name: 'Site', description: 'Site', url: 'http://127.0.0.1', icons: [] }),
    networks,
    rpcUrl: (n) => n.rpcUrl ?? `http://127.0.0.1:2/v1/?chainId=${n.caipNetworkId}`,
    loadProvider: fake.load,
    pairing: { reusePairing: () => false },
  })
  return { ...fake, connector }
}

test('default', async () => {
  const { connector, load, init, provider } = setup()
  expect({
    id: connector.id,
    name: connector.name,
    type: connector.type,
    ns: connector.namespace,
  }).toMatchInlineSnapshot(`
    {
      "id": "walletConnect",
      "name": "WalletConnect",
      "ns": "eip155",
      "type": "WALLET_CONNECT",
    }
  `)
  expect(load).not.toHaveBeenCalled()
  expect(connector.getProvider()).toBeUndefined()
  const result = await connector.connect({ network: networks[1] })
  expect(result).toEqual({ accounts: [ADDRESS], caipNetworkId: 'eip155:1' })
  expect(init).toHaveBeenCalledWith({
    projectId: 'p'.repeat(32),
    relayUrl: 'ws://127.0.0.1:1',
    metadata: { name: 'Site', description: 'Site', url: 'http://127.0.0.1', icons: [] },
    customStoragePrefix: 'walletkit',
    telemetryEnabled: false,
    disableProviderPing: true,
    logger: expect.objectContaining({ level: 'silent' }),
  })
  // The logger keeps nothing: its records are neither serialised nor stored; each child is new
  // (the clients write their context on it).
  const logger = init.mock.calls[0]?.[0].logger as unknown as Record<
    string,
    (...a: unknown[]) => unknown
  >
  for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'])
    expect(logger[level]?.({ big: 'record' }, 'message')).toBeUndefined()
  const child = logger.child?.({ context: 'core' })
  expect(child).not.toBe(logger)
  expect(child).toMatchObject({ level: 'silent' })
  // Verify is neutralised right after init.
  expect(await provider.client.core.verify.register()).toBe('')
  expect(connector.getProvider()).toBe(provider)
})

test('behavior: the provider is created once and reused', async () => {
  const { connector, load } = setup()
  await Promise.all([connector.isAuthorized(), connector.isAuthorized()])
  await connector.connect({})
  expect(load).toHaveBeenCalledTimes(1)
})

test('behavior: a live session is reused without a new proposal', async () => {
  const { connector, provider } = setup()
  await connector.connect({})
  await connector.connect({})
  expect(provider.connect).toHaveBeenCalledTimes(1)
})

test('behavior: the URI reaches the pairing', async () => {
  const { connector } = setup()
  connector.pairing.start(() => connector.connect({}).then(() => undefined))
  await vi.waitFor(() => expect(connector.pairing.status.value).toBe('connected'))
  expect(connector.pairing.generation.value).toBe(1)
})

test('behavior: provider events become connector events', async () => {
  const { connector, provider } = setup()
  await connector.connect({})
  const seen: unknown[] = []
  connector.on('chainChanged', (id) => seen.push(id))
  connector.on('accountsChanged', (a) => seen.push(a))
  connector.on('disconnect', () => seen.push('disconnect'))
  provider.emit('chainChanged', '31338')
  provider.emit('chainChanged', '0x7a6a')
  provider.emit('chainChanged', 'eip155:1')
  provider.emit('chainChanged', 'nonsense')
  provider.emit('accountsChanged', [ADDRESS, 7])
  provider.client.emit('session_expire', { topic: 'other' })
  provider.client.emit('session_expire', { topic: 't' })
  provider.emit('disconnect', {})
  expect(seen).toEqual([
    'eip155:31338',
    'eip155:31338',
    'eip155:1',
    [ADDRESS],
    'disconnect',
    'disconnect',
  ])
})

test('behavior: disconnect ends the session and resets the pairing', async () => {
  const { connector, provider } = setup()
  await connector.connect({})
  await connector.disconnect()
  expect(provider.disconnect).toHaveBeenCalledTimes(1)
  expect(await connector.getAccounts()).toEqual([])
  expect(await connector.isAuthorized()).toBe(false)
  expect(connector.pairing.status.value).toBe('disconnected')
})

test('behavior: destroy closes the socket', async () => {
  const { connector, provider } = setup()
  await connector.connect({})
  await connector.destroy()
  expect(provider.client.core.heartbeat.stop).toHaveBeenCalled()
  expect(provider.client.core.relayer.transportClose).toHaveBeenCalled()
  await expect(connector.connect({})).rejects.toThrow('WalletConnect was closed.')
})

test('behavior: namespaces from the configured networks, preferred first, with an rpcMap', () => {
  expect(buildProposalNamespaces(networks, (n) => n.rpcUrl, networks[1])).toMatchInlineSnapshot(`
    {
      "eip155": {
        "chains": [
          "eip155:1",
          "eip155:31337",
        ],
        "events": [
          "chainChanged",
          "accountsChanged",
        ],
        "methods": [
          "personal_sign",
          "eth_sendTransaction",
          "eth_signTypedData_v4",
          "eth_signTransaction",
          "eth_sign",
          "wallet_switchEthereumChain",
          "wallet_addEthereumChain",
          "wallet_watchAsset",
          "wallet_getCapabilities",
          "wallet_sendCalls",
          "wallet_getCallsStatus",
        ],
        "rpcMap": {
          "31337": "http://127.0.0.1:8545",
          "eip155:31337": "http://127.0.0.1:8545",
        },
      },
      "solana": {
        "chains": [
          "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        ],
        "events": [],
        "methods": [
          "solana_signMessage",
          "solana_signTransaction",
          "solana_signAndSendTransaction",
        ],
      },
    }
  `)
})

test('error: WalletConnect rejections become UserRejectedRequestError', async () => {
  const { connector } = setup()
  await connector.connect({})
  await expect(connector.switchNetwork(networks[1] as never)).rejects.toMatchObject({
    name: 'UserRejectedRequestError',
    code: 4001,
  })
  expect(toWalletConnectError({ code: 5001, message: 'chains' }).name).toBe(
    'UserRejectedRequestError',
  )
  expect(toWalletConnectError({ code: 4902, message: 'x' }).name).toBe('UnrecognizedChainError')
  expect(toWalletConnectError(new Error('boom')).name).toBe('WalletRequestError')
})

test('error: a provider that cannot start', async () => {
  const { connector, load } = setup()
  load.mockRejectedValueOnce(new Error('offline'))
  await expect(connector.connect({})).rejects.toThrowErrorMatchingInlineSnapshot(`
    [WalletConnectStartError: WalletConnect could not start.

    Details: offline]
  `)
  // The next attempt loads again.
  await expect(connector.connect({})).resolves.toMatchObject({ accounts: [ADDRESS] })
  expect(load).toHaveBeenCalledTimes(2)
})

const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const SOL_ADDRESS = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

/** A site without EVM networks: the connector stands for solana and reads the session's accounts. */
function solanaSetup(accounts: string[]) {
  const fake = fakeFactory()
  fake.provider.connect.mockImplementation(async () => {
    fake.provider.session = {
      topic: 't',
      namespaces: { solana: { chains: [SOLANA_MAINNET, SOLANA_DEVNET], accounts } as never },
    }
    fake.provider.client.session.keys = ['t']
    return fake.provider.session
  })
  const solanaNetworks = [resolveNetwork(SOLANA_MAINNET), resolveNetwork(SOLANA_DEVNET)]
  const connector = createWalletConnectConnector({
    projectId: 'p'.repeat(32),
    relayUrl: 'ws://127.0.0.1:1',
    metadata: () => ({ name: 'Site', description: 'Site', url: 'http://127.0.0.1', icons: [] }),
    networks: solanaNetworks,
    namespace: 'solana',
    rpcUrl: () => undefined,
    loadProvider: fake.load,
    pairing: { reusePairing: () => false },
  })
  return { ...fake, connector, solanaNetworks }
}

test('behavior: a site without EVM networks connects the session solana account, without EVM requests', async () => {
  const { connector, provider, solanaNetworks } = solanaSetup([
    `${SOLANA_MAINNET}:${SOL_ADDRESS}`,
    `${SOLANA_DEVNET}:${SOL_ADDRESS}`,
  ])
  expect(connector.namespace).toBe('solana')
  expect(await connector.connect({ network: solanaNetworks[1] })).toEqual({
    accounts: [SOL_ADDRESS],
    caipNetworkId: SOLANA_DEVNET,
  })
  expect(provider.connect).toHaveBeenCalledWith({
    optionalNamespaces: expect.objectContaining({ solana: expect.anything() }),
  })
  expect(provider.request).not.toHaveBeenCalled()
  expect(provider.setDefaultChain).not.toHaveBeenCalled()
  expect(await connector.getAccounts()).toEqual([SOL_ADDRESS])
  expect(await connector.getNetworkId()).toBe(SOLANA_DEVNET)
  expect(await connector.isAuthorized()).toBe(true)
  await connector.switchNetwork(solanaNetworks[0] as never)
  expect(await connector.getNetworkId()).toBe(SOLANA_MAINNET)
  expect(connector.getProvider()).toBe(provider)
})

test('error: a session without an account of the connector namespace, and a network it did not approve', async () => {
  const { connector, solanaNetworks } = solanaSetup([`${SOLANA_MAINNET}:${SOL_ADDRESS}`])
  await connector.connect({})
  await expect(connector.switchNetwork(solanaNetworks[1] as never)).rejects.toThrow(
    `The wallet approved no account on ${SOLANA_DEVNET}.`,
  )
  expect(await connector.getNetworkId()).toBe(SOLANA_MAINNET)
  const empty = solanaSetup([])
  await expect(empty.connector.connect({})).rejects.toThrow(
    'The WalletConnect session has no solana account.',
  )
})
