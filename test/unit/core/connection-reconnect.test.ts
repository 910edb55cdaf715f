// @vitest-environment node
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createInjectedConnectors } from '../../../src/connectors/injected/index.js'
import type { SafeStorage } from '../../../src/core/utils/storage.js'
import { type Chains, startChains, testAccount } from '../../stack/chain/index.js'
import { createTestWallet, type TestWallet, type WalletInfo } from '../../stack/wallet/index.js'
import { createTestKit, memoryStorage, settle, until } from '../connectors/support/test-kit.js'

let chains: Chains
beforeAll(async () => {
  chains = await startChains()
}, 30_000)
afterAll(() => chains?.stop())

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

type Announcement = { info: Partial<WalletInfo>; provider: unknown }
const of = (wallet: TestWallet, info: Partial<WalletInfo> = {}): Announcement => ({
  info: { ...wallet.info, ...info },
  provider: wallet.provider,
})

/** One page load: a page whose wallets announce themselves, a kit over the given storage. */
function load(storage: SafeStorage, announcements: Announcement[]) {
  const target = new EventTarget() as unknown as Window
  const injected = createInjectedConnectors({ eip6963: true, injected: false, target })
  for (const detail of announcements)
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  const t = createTestKit({ chains: chains.chains, connectors: injected.connectors, storage })
  cleanups.push(() => {
    t.kit.destroy()
    injected.destroy()
  })
  const announce = (a: Announcement) => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: a }))
    injected.flush()
  }
  return { ...t, injected, announce, unload: () => t.kit.destroy() }
}

/** A first visit: the visitor connects the wallet; the page is then left. */
async function firstVisit(wallet: TestWallet) {
  const storage = memoryStorage()
  const page = load(storage, [of(wallet)])
  page.injected.flush()
  const connector = page.kit.connectors.peek()[0]
  if (!connector) throw new Error('the wallet was not announced')
  await page.kit.connection.connect(connector)
  page.unload()
  wallet.calls.length = 0
  return storage
}

const address = testAccount(0).address
const methods = (wallet: TestWallet) => wallet.calls.map((c) => c.method)

test('default', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const storage = await firstVisit(wallet)
  wallet.reset()
  wallet.authorize()
  const page = load(storage, [of(wallet)])
  expect(page.kit.getState().status).toBe('disconnected')
  page.injected.flush()
  expect(page.kit.getState().status).toBe('reconnecting')
  await until(() => expect(page.kit.getState().status).toBe('connected'))
  expect(page.kit.getState()).toMatchObject({
    address,
    caipAddress: `eip155:31337:${address}`,
    connector: { id: `eip6963:${wallet.info.uuid}`, name: 'Devnet Wallet' },
  })
  expect(page.events.map((e) => e[0])).toEqual(['connected'])
  expect(methods(wallet)).not.toContain('eth_requestAccounts')
  expect(methods(wallet)).toEqual(['eth_accounts', 'eth_accounts', 'eth_chainId'])
  // The wallet's events are followed after a silent reconnect too.
  await wallet.setAccount(1)
  expect(page.kit.getState().address).toBe(testAccount(1).address)
})

test('behavior: a wallet announcing a new uuid after the reload is found by its rdns', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const storage = await firstVisit(wallet)
  const page = load(storage, [of(wallet, { uuid: '0a0e1d2c-3b4a-4c5d-8e6f-7a8b9c0d1e2f' })])
  page.injected.flush()
  await until(() => expect(page.kit.getState().status).toBe('connected'))
  expect(page.kit.getState().connector?.id).toBe('eip6963:0a0e1d2c-3b4a-4c5d-8e6f-7a8b9c0d1e2f')
})

test('behavior: a remembered wallet that announces late is reconnected when it appears', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const storage = await firstVisit(wallet)
  const page = load(storage, [])
  page.injected.flush()
  await settle()
  expect(page.kit.getState().status).toBe('disconnected')
  expect(wallet.calls).toEqual([])
  page.announce(of(wallet))
  await until(() => expect(page.kit.getState().status).toBe('connected'))
})

test('error: no reconnect when the wallet no longer authorises the site', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const storage = await firstVisit(wallet)
  wallet.reset()
  const page = load(storage, [of(wallet)])
  page.injected.flush()
  expect(page.kit.getState().status).toBe('reconnecting')
  await until(() => expect(page.kit.getState().status).toBe('disconnected'))
  expect(methods(wallet)).toEqual(['eth_accounts'])
  expect(page.events).toEqual([])
  expect(page.kit.getState()).toMatchObject({ address: null, connector: null })
  // The visitor can still connect by hand.
  const connector = page.kit.connectors.peek()[0]
  if (!connector) throw new Error('no connector')
  await page.kit.connection.connect(connector)
  expect(page.kit.getState().status).toBe('connected')
})

test('error: no reconnect when eth_accounts fails', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const storage = await firstVisit(wallet)
  wallet.rejectNext('eth_accounts', 4900)
  const page = load(storage, [of(wallet)])
  page.injected.flush()
  await until(() => expect(methods(wallet)).toEqual(['eth_accounts']))
  await settle()
  expect(page.kit.getState().status).toBe('disconnected')
  expect(page.events).toEqual([])
})

test('error: no reconnect when two wallets share the remembered rdns (SECURITY 10)', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const storage = await firstVisit(wallet)
  const impostor = createTestWallet({
    chains: chains.chains,
    accountIndex: 5,
    info: { name: 'Other Wallet', rdns: wallet.info.rdns },
  })
  impostor.authorize()
  const page = load(storage, [of(wallet), of(impostor)])
  page.injected.flush()
  expect(page.kit.connectors.peek().map((c) => c.flags)).toEqual([
    { duplicateRdns: true },
    { duplicateRdns: true },
  ])
  expect(page.kit.getState().status).toBe('disconnected')
  await settle()
  expect(page.kit.getState().status).toBe('disconnected')
  expect(wallet.calls).toEqual([])
  expect(impostor.calls).toEqual([])
  expect(page.events).toEqual([])
})

test('error: no reconnect when another wallet announces the same name', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const storage = await firstVisit(wallet)
  const twin = createTestWallet({ chains: chains.chains, info: { rdns: 'evil.example' } })
  twin.authorize()
  const page = load(storage, [of(twin), of(wallet)])
  page.injected.flush()
  await settle()
  expect(page.kit.getState().status).toBe('disconnected')
  expect(wallet.calls).toEqual([])
  expect(twin.calls).toEqual([])
})

test('error: no reconnect to a wallet of the remembered rdns whose name hid an invisible letter (SECURITY 10)', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const storage = await firstVisit(wallet)
  // Alone, under the remembered rdns, shown as the remembered name: marked, so never asked.
  const impostor = createTestWallet({
    chains: chains.chains,
    accountIndex: 5,
    info: { name: `${wallet.info.name}\u3164`, rdns: wallet.info.rdns },
  })
  impostor.authorize()
  const page = load(storage, [of(impostor)])
  page.injected.flush()
  expect(page.kit.connectors.peek().map((c) => [c.name, c.flags])).toEqual([
    [wallet.info.name, { hiddenCharacters: true }],
  ])
  await settle()
  expect(page.kit.getState().status).toBe('disconnected')
  expect(impostor.calls).toEqual([])
})

test('behavior: nothing remembered → no wallet is asked', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  wallet.authorize()
  const page = load(memoryStorage(), [of(wallet)])
  page.injected.flush()
  await settle()
  expect(page.kit.getState().status).toBe('disconnected')
  expect(wallet.calls).toEqual([])
})

test('behavior: opened on Connect while the wallet is asked, the modal shows Account once it answered', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const storage = await firstVisit(wallet)
  wallet.reset()
  wallet.authorize()
  const page = load(storage, [of(wallet)])
  page.injected.flush()
  expect(page.kit.getState().status).toBe('reconnecting')
  await page.kit.open()
  expect(page.kit.getState().view).toBe('Connect')
  await until(() => expect(page.kit.getState().status).toBe('connected'))
  expect(page.kit.getState()).toMatchObject({ open: true, view: 'Account' })
})
