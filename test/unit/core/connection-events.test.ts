// @vitest-environment node
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import type { Eip1193Provider } from '../../../src/connectors/injected/eip1193.js'
import type { Kit } from '../../../src/core/kit.js'
import type { WalletKitOptions } from '../../../src/core/types/options.js'
import { type Chains, startChains, testAccount } from '../../stack/chain/index.js'
import { createTestWallet } from '../../stack/wallet/index.js'
import {
  apiNative,
  createTestKit,
  eip1193,
  fakeBlockchain,
  settle,
  until,
  walletConnector,
} from '../connectors/support/test-kit.js'

let chains: Chains
beforeAll(async () => {
  chains = await startChains()
}, 30_000)
afterAll(() => chains?.stop())

const kits: Kit[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/** A kit connected to the test wallet; `events` starts empty after the connect. */
async function connected(
  options: Partial<WalletKitOptions> = {},
  wrap?: (p: Eip1193Provider) => Eip1193Provider,
) {
  const wallet = createTestWallet({ chains: chains.chains })
  const connector = walletConnector(wallet, wrap ? wrap(eip1193(wallet)) : eip1193(wallet))
  const blockchain = fakeBlockchain()
  blockchain.getBalances.mockImplementation(async (_address, id) => [
    apiNative(id, id === 'eip155:31338' ? '2' : '12.5'),
  ])
  const t = createTestKit({ chains: chains.chains, connectors: [connector], options, blockchain })
  kits.push(t.kit)
  await t.kit.connection.connect(connector)
  t.events.length = 0
  return { ...t, wallet, connector }
}

const address = testAccount(0).address

test('default', async () => {
  const { kit, wallet, events, account, network } = await connected()
  await wallet.emit('accountsChanged', [])
  expect(events).toEqual([['disconnected', { namespace: 'eip155' }]])
  expect(kit.getState()).toMatchObject({ status: 'disconnected', address: null, connector: null })
  expect(account()?.caipAddress).toBeUndefined()
  expect(network()).toBe('eip155:31337')
  expect(kit.connection.connectorOf('eip155')).toBeUndefined()
  expect(kit.connection.stored()).toEqual([])
})

test('behavior: the wallet disconnecting the site gives one disconnected event', async () => {
  const { kit, wallet, events } = await connected()
  await kit.open()
  expect(kit.router.view.peek()).toBe('Account')
  await wallet.disconnectFromWallet()
  await settle()
  expect(events.filter((e) => e[0] === 'disconnected')).toEqual([
    ['disconnected', { namespace: 'eip155' }],
  ])
  expect(kit.getState().status).toBe('disconnected')
  expect(kit.router.view.peek()).toBe('Connect')
})

test('behavior: an account change updates the state and fires accountChanged', async () => {
  const { kit, wallet, events, account } = await connected()
  await wallet.setAccount(1)
  const next = testAccount(1).address
  expect(events).toEqual([
    ['accountChanged', { address: next, caipAddress: `eip155:31337:${next}`, namespace: 'eip155' }],
  ])
  expect(kit.getState()).toMatchObject({ address: next, caipAddress: `eip155:31337:${next}` })
  expect(account()?.allAccounts).toEqual([{ address: next, type: 'eoa' }])
  // The same account again is no change.
  await wallet.emit('accountsChanged', [next])
  await wallet.emit('accountsChanged', [next.toLowerCase()])
  expect(events).toHaveLength(1)
})

test('behavior: chainChanged as hex, decimal or number; a duplicate gives one event', async () => {
  const { kit, wallet, events } = await connected()
  await wallet.switchChainFromWallet(31338, { format: 'decimal' })
  expect(kit.getState()).toMatchObject({
    caipNetworkId: 'eip155:31338',
    caipAddress: `eip155:31338:${address}`,
  })
  await wallet.switchChainFromWallet(31338, { format: 'hex' })
  await wallet.switchChainFromWallet(31338, { format: 'number' })
  await wallet.switchChainFromWallet(31337, { format: 'hex' })
  await wallet.switchChainFromWallet(31337, { format: 'number' })
  expect(events).toEqual([
    ['chainChanged', { caipNetworkId: 'eip155:31338', namespace: 'eip155', supported: true }],
    ['chainChanged', { caipNetworkId: 'eip155:31337', namespace: 'eip155', supported: true }],
  ])
  expect(kit.getState()).toMatchObject({
    caipNetworkId: 'eip155:31337',
    caipAddress: `eip155:31337:${address}`,
  })
})

test('behavior: a chain change reloads the balance for the new network', async () => {
  const { kit, wallet, account, blockchain } = await connected()
  await kit.open()
  await until(() => expect(account()?.balance).toBe('12.5'))
  await wallet.switchChainFromWallet(31338)
  await until(() => expect(account()?.balance).toBe('2'))
  expect(blockchain.getBalances).toHaveBeenLastCalledWith(address, 'eip155:31338')
})

test('behavior: a duplicate chainChanged keeps the balance shown', async () => {
  const { kit, wallet, account, events } = await connected()
  await kit.open()
  await until(() => expect(account()?.balance).toBe('12.5'))
  await wallet.emit('chainChanged', '0x7a69')
  await settle()
  expect(events.filter((e) => e[0] === 'chainChanged')).toEqual([])
  expect(account()?.balance).toBe('12.5')
  expect(account()?.tokenBalance).toHaveLength(1)
})

test('behavior: an invalid chain id from the wallet changes nothing', async () => {
  const { kit, wallet, events } = await connected()
  const before = kit.getState()
  for (const payload of ['mainnet', '0x', -1, null]) await wallet.emit('chainChanged', payload)
  expect(events).toEqual([])
  expect(kit.getState()).toEqual(before)
})

test('behavior: a network outside `networks` opens UnsupportedChain; back → Account', async () => {
  const { kit, wallet, events } = await connected()
  await wallet.switchChainFromWallet(8453)
  expect(events).toEqual([
    ['chainChanged', { caipNetworkId: 'eip155:8453', namespace: 'eip155', supported: false }],
    ['open', { view: 'UnsupportedChain' }],
  ])
  expect(kit.getState()).toMatchObject({ caipNetworkId: 'eip155:8453', open: true })
  expect(kit.router.view.peek()).toBe('UnsupportedChain')
  await wallet.switchChainFromWallet(31338)
  expect(kit.router.view.peek()).toBe('Account')
  expect(kit.router.history.peek()).toEqual(['Account'])
  expect(kit.getState()).toMatchObject({ caipNetworkId: 'eip155:31338', open: true })
})

test('behavior: with allowUnsupportedChain the modal stays closed', async () => {
  const { kit, wallet, events } = await connected({ allowUnsupportedChain: true })
  await wallet.switchChainFromWallet(8453, { format: 'decimal' })
  expect(events).toEqual([
    ['chainChanged', { caipNetworkId: 'eip155:8453', namespace: 'eip155', supported: false }],
  ])
  expect(kit.router.isOpen.peek()).toBe(false)
  expect(kit.getState().caipNetworkId).toBe('eip155:8453')
})

test('behavior: a disconnect event while the wallet still lists the account is ignored', async () => {
  const { kit, wallet, events } = await connected()
  await wallet.emit('disconnect', { code: 1013, message: 'Try again later.' })
  await settle()
  expect(wallet.calls.at(-1)).toMatchObject({ method: 'eth_accounts', result: [address] })
  expect(kit.getState()).toMatchObject({ status: 'connected', address })
  expect(events).toEqual([])
})

test('behavior: a disconnect event is believed when the wallet lists no account', async () => {
  const { kit, wallet, events } = await connected()
  wallet.reset()
  await wallet.emit('disconnect', { code: 4900, message: 'Disconnected.' })
  await settle()
  expect(events).toEqual([['disconnected', { namespace: 'eip155' }]])
  expect(kit.getState().status).toBe('disconnected')
})

test('behavior: a disconnect event when eth_accounts fails disconnects', async () => {
  const { kit, wallet, events } = await connected()
  wallet.rejectNext('eth_accounts', 4900)
  await wallet.emit('disconnect', { code: 4900, message: 'Disconnected.' })
  await settle()
  expect(events).toEqual([['disconnected', { namespace: 'eip155' }]])
  expect(kit.getState().status).toBe('disconnected')
})

test('behavior: events of a connector after disconnect are ignored (SECURITY 24)', async () => {
  // A wallet that keeps calling the listeners it was asked to remove.
  const sticky = (p: Eip1193Provider): Eip1193Provider => ({ ...p, removeListener: () => {} })
  const { kit, wallet, events, network } = await connected({}, sticky)
  await kit.connection.disconnect()
  expect(events).toEqual([['disconnected', { namespace: 'eip155' }]])
  const before = kit.getState()
  wallet.authorize()
  await wallet.setAccount(1)
  await wallet.switchChainFromWallet(31338)
  await wallet.emit('accountsChanged', [])
  await wallet.emit('disconnect', { code: 4900, message: 'Disconnected.' })
  await settle()
  expect(kit.getState()).toEqual(before)
  expect(network()).toBe('eip155:31337')
  expect(events).toHaveLength(1)
})

test('behavior: events of the previous wallet are ignored after connecting another', async () => {
  const sticky = (p: Eip1193Provider): Eip1193Provider => ({ ...p, removeListener: () => {} })
  const { kit, wallet, events } = await connected({}, sticky)
  const other = createTestWallet({ chains: chains.chains, accountIndex: 4 })
  await kit.connection.connect(walletConnector(other))
  await wallet.setAccount(2)
  await wallet.switchChainFromWallet(31338)
  await wallet.emit('accountsChanged', [])
  await settle()
  expect(kit.getState()).toMatchObject({
    status: 'connected',
    address: testAccount(4).address,
    caipNetworkId: 'eip155:31337',
  })
  expect(events.map((e) => e[0])).toEqual(['connected'])
})

test('behavior: a late answer about an old session does not disconnect the new one', async () => {
  const { kit, wallet, connector, events } = await connected()
  let release = () => {}
  wallet.beforeNext('eth_accounts', () => new Promise<void>((resolve) => (release = resolve)))
  wallet.rejectNext('eth_accounts', 4900)
  await wallet.emit('disconnect', { code: 1013, message: 'Try again later.' })
  // While the wallet is still answering, the visitor disconnects and connects again.
  await kit.connection.disconnect()
  await kit.connection.connect(connector)
  release()
  await settle()
  expect(wallet.calls.find((c) => c.method === 'eth_accounts')?.error?.code).toBe(4900)
  expect(kit.getState()).toMatchObject({ status: 'connected', address })
  expect(events.map((e) => e[0])).toEqual(['disconnected', 'connected'])
})

test('error: an invalid account from the wallet is ignored without an uncaught error', async () => {
  const { kit, wallet, events } = await connected()
  const thrown: unknown[] = []
  const original = globalThis.queueMicrotask
  vi.stubGlobal('queueMicrotask', (callback: () => void) =>
    original(() => {
      try {
        callback()
      } catch (error) {
        thrown.push(error)
      }
    }),
  )
  try {
    await wallet.emit('accountsChanged', ['not-an-address'])
    await settle()
  } finally {
    vi.unstubAllGlobals()
  }
  expect(kit.getState()).toMatchObject({ status: 'connected', address })
  expect(events).toEqual([])
  expect(thrown).toEqual([])
})
