import { EventEmitter } from 'node:events'
import { afterEach, expect, test, vi } from 'vitest'
import { createWalletConnectConnector } from '../../../../src/connectors/walletconnect/connector.js'
import type { ProviderFactory } from '../../../../src/connectors/walletconnect/provider.js'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../../../src/core/constants.js'
import { resolveNetwork } from '../../../../src/core/networks.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const networks = [{ ...resolveNetwork('eip155:31337'), rpcUrl: 'http://127.0.0.1:8545' }]
const SESSION = {
  topic: 't',
  // As some wallets approve: accounts, no chains.
  namespaces: { eip155: { accounts: [`eip155:31337:${ADDRESS}`], methods: [], events: [] } },
}

/**
 * A stand-in for UniversalProvider whose proposals wait for the test: each `connect()` emits its
 * URI, then resolves when `approve()` is called (with the session the wallet settled).
 */
function setup() {
  let now = 1_000_000
  const approvals: (() => void)[] = []
  const provider = Object.assign(new EventEmitter(), {
    session: undefined as undefined | typeof SESSION,
    namespaces: undefined as unknown,
    optionalNamespaces: undefined as unknown,
    client: Object.assign(new EventEmitter(), {
      session: { keys: [] as string[], getAll: () => [] as (typeof SESSION)[] },
      core: {
        verify: { register: vi.fn(async () => '') },
        heartbeat: { stop: vi.fn() },
        relayer: { transportClose: vi.fn(async () => undefined) },
        crypto: { getClientId: vi.fn(async () => 'client-1') },
        /** The key-value storage's wait for the writes started so far (a test may hold it). */
        storage: { settled: vi.fn(async () => undefined) },
      },
    }),
    connect: vi.fn(async () => {
      provider.emit('display_uri', `wc:${provider.connect.mock.calls.length}@2`)
      await new Promise<void>((resolve) => approvals.push(resolve))
      provider.session = SESSION
      provider.client.session.keys = ['t']
      return SESSION
    }),
    setDefaultChain: vi.fn(),
    disconnect: vi.fn(async () => {
      provider.session = undefined
      provider.client.session.keys = []
    }),
    request: vi.fn(async ({ method }: { method: string }) =>
      method === 'eth_accounts' ? [ADDRESS] : 31337,
    ),
    persist: vi.fn(async () => undefined),
    onConnect: vi.fn(),
  })
  const factory: ProviderFactory = { init: async () => provider as never }
  const connector = createWalletConnectConnector({
    projectId: 'p'.repeat(32),
    relayUrl: 'ws://127.0.0.1:1',
    metadata: () => ({ name: 'Site', description: 'Site', url: 'http://127.0.0.1', icons: [] }),
    networks,
    rpcUrl: (n) => n.rpcUrl,
    loadProvider: async () => factory,
    pairing: { reusePairing: () => false, now: () => now },
  })
  const approve = () => approvals.shift()?.()
  return { connector, provider, approve, tick: (ms: number) => (now += ms) }
}

afterEach(() => {
  vi.useRealTimers()
})

test('default', async () => {
  const { connector, provider, approve } = setup()
  const prepared = connector.preparer.propose()
  expect(await prepared.uri).toBe('wc:1@2')
  // Its URI is not the pairing controller's: no attempt runs.
  expect(connector.pairing.uri.value).toBeUndefined()

  // The tap adopts it; the view's attempt waits for its approval instead of proposing again.
  connector.preparer.adopt(prepared)
  connector.pairing.start(() => connector.connect({}).then(() => undefined))
  await vi.waitFor(() => expect(connector.pairing.uri.value).toBe('wc:1@2'))
  // It lasts from when it was proposed.
  expect(connector.pairing.expiresAt.value).toBe(prepared.createdAt + PAIRING_LIFETIME_MS)
  approve()
  await vi.waitFor(() => expect(connector.pairing.status.value).toBe('connected'))
  expect(provider.connect).toHaveBeenCalledTimes(1)
})

test('behavior: a prepared URI is given only once what WalletConnect wrote of its proposal is kept', async () => {
  // WalletConnect does not wait for its request's history record: a tap that leaves the page
  // before it is kept would lose the wallet's answer (the page that comes back cannot read it).
  const { connector, provider } = setup()
  let keep: () => void = () => undefined
  provider.client.core.storage.settled.mockImplementationOnce(
    () => new Promise<undefined>((resolve) => (keep = () => resolve(undefined))),
  )
  const prepared = connector.preparer.propose()
  let given: string | undefined
  void prepared.uri.then((uri) => (given = uri))
  await vi.waitFor(() => expect(provider.client.core.storage.settled).toHaveBeenCalledTimes(1))
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(given).toBeUndefined()
  keep()
  expect(await prepared.uri).toBe('wc:1@2')
})

test('behavior: an adopted pairing past its life is not taken; the attempt proposes anew', async () => {
  const { connector, provider, tick } = setup()
  const prepared = connector.preparer.propose()
  await prepared.uri
  connector.preparer.adopt(prepared)
  tick(PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS)
  connector.pairing.start(() => connector.connect({}).then(() => undefined))
  await vi.waitFor(() => expect(connector.pairing.uri.value).toBe('wc:2@2'))
  expect(provider.connect).toHaveBeenCalledTimes(2)
})

test('behavior: a pairing adopted once is not adopted by the next attempt', async () => {
  const { connector, provider, approve } = setup()
  const prepared = connector.preparer.propose()
  connector.preparer.adopt(prepared)
  const first = connector.connect({})
  await prepared.uri
  approve()
  await first
  await connector.disconnect()
  const second = connector.connect({})
  await vi.waitFor(() => expect(provider.connect).toHaveBeenCalledTimes(2))
  approve()
  await second
})

test('behavior: after a reload, a session approved meanwhile becomes the provider’s', async () => {
  const { connector, provider } = setup()
  const waiting = connector.preparer.awaitSession(60_000)
  await vi.waitFor(() => expect(provider.client.listenerCount('session_connect')).toBe(1))
  provider.client.session.keys = ['t']
  provider.client.emit('session_connect', { session: SESSION })
  await expect(waiting).resolves.toBe(true)
  // As after a connect: the session, its namespaces (with the rpcMap), stored for the next reload.
  expect(provider.session).toBe(SESSION)
  expect(provider.namespaces).toEqual({
    eip155: { ...SESSION.namespaces.eip155, chains: ['eip155:31337'] },
  })
  expect(provider.persist).toHaveBeenCalledWith('namespaces', provider.namespaces)
  expect(provider.persist).toHaveBeenCalledWith('optionalNamespaces', provider.optionalNamespaces)
  expect(provider.optionalNamespaces).toMatchObject({
    eip155: { rpcMap: { 'eip155:31337': 'http://127.0.0.1:8545' } },
  })
  expect(provider.onConnect).toHaveBeenCalledTimes(1)
  expect(provider.client.listenerCount('session_connect')).toBe(0)
  expect(await connector.isAuthorized()).toBe(true)
})

test('behavior: after a reload, no session within the time left: false', async () => {
  vi.useFakeTimers()
  const { connector, provider } = setup()
  const waiting = connector.preparer.awaitSession(60_000)
  await vi.advanceTimersByTimeAsync(60_000)
  await expect(waiting).resolves.toBe(false)
  expect(provider.client.listenerCount('session_connect')).toBe(0)
  expect(provider.onConnect).not.toHaveBeenCalled()
})
