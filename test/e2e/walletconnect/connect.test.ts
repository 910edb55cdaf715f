import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import { poll } from '../support/poll'
import { setupWalletConnectE2E, type WcSession } from './support/fixture'

const e2e = setupWalletConnectE2E()

const MESSAGE = '0x48656c6c6f2066726f6d2074686520686f7374' as const // "Hello from the host"

/** Loads the blank host page and calls `init()` with the stack's and the relay's endpoints. */
async function start(session: WcSession, extra: Record<string, unknown> = {}) {
  await session.host.gotoBlank({ options: e2e.options(extra) })
}

/** Opens Connect and picks the WalletConnect entry. */
async function openQr(session: WcSession) {
  await session.modal.openViaApi()
  await session.wc.entry.click()
  await session.page.locator('[data-testid="wk-view-wc"]').waitFor()
}

/** Calls a method on `kit.getProvider('eip155')` in the page, as a host page would. */
function hostRequest(session: WcSession, method: string, params: unknown[]): Promise<unknown> {
  return session.page.evaluate(
    async ({ method, params }) => {
      const kit = window.WalletKit?.init() as unknown as {
        getProvider(ns: string): { request(a: { method: string; params: unknown[] }): unknown }
      }
      return await kit.getProvider('eip155').request({ method, params })
    },
    { method, params },
  )
}

async function eventsOf(session: WcSession, type: string) {
  return (await session.host.events()).filter((e) => e.type === type)
}

test('default', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await start(session)
  await openQr(session)

  const qr = await session.wc.read()
  expect(qr.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(qr.fixed, 'the logo hides modules that error correction restores').toBeGreaterThan(0)
  await expect(session.wc.countdown.textContent()).resolves.toMatch(/^New QR code in [34]:\d\d$/)

  const approved = wallet.approve()
  await wallet.pair(qr.uri)
  await approved
  await poll(() => eventsOf(session, 'connected').then((list) => list.length)).toBe(1)
  const [connected] = await eventsOf(session, 'connected')
  expect(connected?.detail).toEqual({
    address: wallet.address,
    caipAddress: `eip155:31337:${wallet.address}`,
    namespace: 'eip155',
    caipNetworkId: 'eip155:31337',
    connector: { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' },
  })
  await session.modal.waitForClosed()
  expect(await session.host.state()).toMatchObject({
    status: 'connected',
    address: wallet.address,
    connector: { id: 'walletConnect', name: 'WalletConnect' },
  })
  // From now on every service call carries the site's relay client id (SPEC §7).
  const walletId = await wallet.client.core.crypto.getClientId()
  const siteIds = new Set(
    e2e.relay.frames.map((f) => f.clientId).filter((id) => id && id !== walletId),
  )
  expect(siteIds.size).toBe(1)
  const [siteId] = siteIds
  await session.modal.openViaApi()
  await poll(() => e2e.stack.blockchainApi?.requests.some((r) => r.query.clientId === siteId)).toBe(
    true,
  )
})

test('behavior: the host signs and sends through getProvider; the wallet answers', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await start(session)
  await openQr(session)
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')

  const signature = (await hostRequest(session, 'personal_sign', [MESSAGE, wallet.address])) as Hex
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: MESSAGE }, signature }),
  ).toBe(true)

  const to = '0x000000000000000000000000000000000000dEaD'
  const hash = (await hostRequest(session, 'eth_sendTransaction', [
    { from: wallet.address, to, value: `0x${parseEther('0.01').toString(16)}` },
  ])) as Hex
  const chain = e2e.stack.chains[0]
  if (!chain) throw new Error('no chain')
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  expect(receipt.to?.toLowerCase()).toBe(to.toLowerCase())
})

test('behavior: wallet events and a disconnect from the wallet are reflected', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await start(session)
  await openQr(session)
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')

  await wallet.emitChainChanged(31338)
  await poll(() => session.host.state().then((s) => s.caipNetworkId)).toBe('eip155:31338')
  expect((await eventsOf(session, 'chainChanged')).map((e) => e.detail)).toContainEqual({
    caipNetworkId: 'eip155:31338',
    namespace: 'eip155',
    supported: true,
  })

  await wallet.disconnect()
  await poll(() => eventsOf(session, 'disconnected').then((l) => l.map((e) => e.detail))).toEqual([
    { namespace: 'eip155' },
  ])
  expect(await session.host.state()).toMatchObject({ status: 'disconnected', address: null })
})

test('behavior: a reload restores the session without a QR code', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await start(session)
  await openQr(session)
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')

  await session.page.reload()
  await session.page.waitForFunction(() => window.WalletKit !== undefined)
  await session.host.init(e2e.options())
  await poll(() => eventsOf(session, 'connected').then((l) => l.length)).toBe(1)
  expect(await session.host.state()).toMatchObject({
    status: 'connected',
    address: wallet.address,
    open: false,
  })
  expect(await session.wc.qr.count()).toBe(0)
  const signature = (await hostRequest(session, 'personal_sign', [MESSAGE, wallet.address])) as Hex
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: MESSAGE }, signature }),
  ).toBe(true)
})

test('behavior: nothing of WalletConnect runs before a visitor picks it', async () => {
  const session = await e2e.newSession()
  await start(session)
  await session.modal.openViaApi()
  await session.modal.waitForWallets(1)
  const opened = () =>
    e2e.relay.frames.filter((f) => f.direction === 'open' && /browser/.test(f.text))
  const before = opened().length
  const databases = () =>
    session.page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
  expect(await databases()).toEqual([])
  expect(opened().length).toBe(before)

  await session.wc.entry.click()
  await session.wc.read()
  expect(opened().length).toBe(before + 1)
  expect(await databases()).toContain('WALLET_CONNECT_V2_INDEXED_DB')
})

test('behavior: the basic view shows a QR code that pairs', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await start(session)
  await session.modal.openViaApi({ view: 'ConnectingWalletConnectBasic' })
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
})
