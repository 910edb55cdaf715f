import { createPublicClient, http } from 'viem'
import { expect, test } from 'vitest'
import { specialWallets } from '../../fixtures/wallets'
import { testAccount } from '../../stack/chain/index'
import { announceImpostor, createTestWallet, installTestWallet } from '../../stack/wallet/index'
import { poll } from '../support/poll'
import { shownBalance } from './support/evm-page'
import { connect, details, type EvmSession, methods, setupEvmE2E } from './support/fixture'

const e2e = setupEvmE2E()
const ALICE = testAccount(0).address
const BOB = testAccount(1).address
const DEVNET = 'eip155:31337'

const rpcUrl = (chainId: number) => {
  const url = e2e.stack.urls.rpc[String(chainId)]
  if (!url) throw new Error(`no RPC for chain ${chainId}`)
  return url
}
const balanceOf = (address: `0x${string}`) =>
  createPublicClient({ transport: http(rpcUrl(31337)) }).getBalance({ address })

const status = (s: EvmSession) => s.host.state().then((state) => state.status)

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  const connected = await details(s, 'connected')
  const stored = await s.evm.stored('connections')
  expect(stored).toEqual([
    {
      namespace: 'eip155',
      connectorId: `eip6963:${s.info.uuid}`,
      name: 'Devnet Wallet',
      rdns: 'dev.walletkit.devnet',
    },
  ])
  // Recent wallets are kept by id only (their links come from the catalogue).
  const recent = await s.evm.stored('recentWallets')
  expect(recent).toEqual([specialWallets.devnet.id])
  const from = s.wallet.calls.length

  await s.reload()
  // Silently: no prompt, the modal stays closed, and the page hears `connected` again.
  await poll(() => details(s, 'connected')).toEqual(connected)
  expect(methods(s.wallet, from)).toContain('eth_accounts')
  expect(methods(s.wallet, from)).not.toContain('eth_requestAccounts')
  expect(await s.host.state()).toMatchObject({
    open: false,
    status: 'connected',
    address: ALICE,
    caipNetworkId: DEVNET,
  })
  expect(await s.evm.stored('connections')).toEqual(stored)
  expect(await s.evm.stored('recentWallets')).toEqual(recent)
  expect(await s.evm.hasProvider()).toBe(true)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await poll(() => s.evm.accountName.textContent()).toBe('alice.wk.eth')
})

test('behavior: after a silent reconnect the closed dialog already holds Account, out of sight', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.reload()
  await poll(() => status(s)).toBe('connected')
  // Prepared while closed, so that opening only shows it.
  await s.evm.view('account').waitFor({ state: 'attached' })
  // Once the idle warm-up has run, the closed dialog is as before: not displayed, not warm.
  await s.page.waitForTimeout(2500)
  const dialog = await s.page.evaluate(() => {
    const d = document
      .querySelector('walletkit-modal')
      ?.shadowRoot?.querySelector<HTMLDialogElement>('[data-testid="wk-dialog"]')
    if (!d) return null
    return { open: d.open, warm: d.hasAttribute('data-warm'), display: getComputedStyle(d).display }
  })
  expect(dialog).toEqual({ open: false, warm: false, display: 'none' })
  expect(await s.evm.view('account').isVisible()).toBe(false)
  expect(await s.host.state()).toMatchObject({ open: false, view: 'Connect' })
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await poll(() => s.evm.accountName.textContent()).toBe('alice.wk.eth')
})

test('behavior: a reload after the wallet stopped authorising the site stays disconnected without a prompt', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  // The wallet forgets the site while the page is away (no event reaches it).
  s.wallet.reset()
  await s.reload()
  await poll(() => methods(s.wallet)).toContain('eth_accounts')
  await poll(() => status(s)).toBe('disconnected')
  expect(methods(s.wallet)).not.toContain('eth_requestAccounts')
  expect(await details(s, 'connected')).toEqual([])
  expect(await s.host.state()).toMatchObject({ open: false, address: null })
})

test('behavior: with a look-alike of the remembered wallet, the reload does not reconnect', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  const impostor = await announceImpostor(s.context)
  const from = s.wallet.calls.length
  await s.reload()
  await s.modal.openViaApi()
  // Both are on Connect: the kit has seen both announcements, and chose not to reconnect.
  await s.evm.wallet(impostor.info.uuid).waitFor()
  await s.evm.wallet(s.info.uuid).waitFor()
  expect(await status(s)).toBe('disconnected')
  expect(methods(s.wallet, from)).toEqual([])
  expect(await details(s, 'connected')).toEqual([])
})

test('behavior: an account change in the wallet updates the Account view and fires accountChanged', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await poll(() => s.evm.accountName.textContent()).toBe('alice.wk.eth')

  await s.wallet.setAccount(1)
  await poll(() => s.evm.accountName.getAttribute('title')).toBe(BOB)
  await poll(() => s.evm.accountName.textContent()).toBe('bob.wk.eth')
  expect(await s.evm.accountAddress.textContent()).toBe(`${BOB.slice(0, 6)}…${BOB.slice(-4)}`)
  await poll(() => s.evm.balance.textContent()).toBe(shownBalance(await balanceOf(BOB)))
  expect(await details(s, 'accountChanged')).toEqual([
    { address: BOB, caipAddress: `${DEVNET}:${BOB}`, namespace: 'eip155' },
  ])
  expect(await s.host.state()).toMatchObject({
    status: 'connected',
    address: BOB,
    caipAddress: `${DEVNET}:${BOB}`,
  })
  // The host's provider now signs as the new account.
  expect((await s.evm.request<string[]>('eth_accounts')).result).toEqual([BOB])
  // The same account again, in lower case, is no change.
  await s.wallet.emit('accountsChanged', [BOB.toLowerCase()])
  expect(await details(s, 'accountChanged')).toHaveLength(1)
})

test('behavior: reloaded while connected, a disconnect from Account lists the wallets at once, with their count', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.reload()
  await poll(() => status(s)).toBe('connected')
  const from = e2e.stack.catalog.requests.length
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await s.page.locator('[data-testid="wk-account-disconnect"]').click()
  await s.evm.view('connect').waitFor()
  // The catalogue is asked once Connect shows, and its wallets and count replace the placeholders.
  await poll(() =>
    e2e.stack.catalog.requests.slice(from).some((r) => r.path === '/getWallets'),
  ).toBe(true)
  await poll(() => s.modal.placeholders.count()).toBe(0)
  expect(await s.modal.walletIds()).not.toEqual([])
  await poll(() => s.modal.allWalletsButton.textContent()).toMatch(/\d+\+?$/)
})

test('behavior: a disconnect from the wallet fires disconnected and forgets the connection', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()

  await s.wallet.disconnectFromWallet()
  await poll(() => details(s, 'disconnected')).toEqual([{ namespace: 'eip155' }])
  await s.modal.view('connect').waitFor()
  expect(await s.host.state()).toMatchObject({
    status: 'disconnected',
    address: null,
    caipAddress: null,
    connector: null,
  })
  expect(await s.evm.stored('connections')).toEqual([])
  expect(await s.evm.hasProvider()).toBe(false)
})

test('behavior: kit.disconnect() revokes, resets the state and forgets the connection', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  expect(await s.evm.kit('disconnect')).toEqual({ result: null })
  expect(await details(s, 'disconnected')).toEqual([{ namespace: 'eip155' }])
  expect(await s.host.state()).toMatchObject({
    status: 'disconnected',
    address: null,
    caipAddress: null,
    connector: null,
    balance: null,
  })
  expect(s.wallet.connected).toBe(false)
  expect(methods(s.wallet)).toContain('wallet_revokePermissions')
  expect(await s.evm.hasProvider()).toBe(false)
  expect(await s.evm.stored('connections')).toEqual([])
  // The next visit starts disconnected, and the wallet is offered again.
  await s.reload()
  await s.modal.openViaApi()
  await s.evm.wallet(s.info.uuid).waitFor()
  expect(await status(s)).toBe('disconnected')
})

test('behavior: recent wallets keep the last two, newest first, across reloads', async () => {
  const s = await e2e.newSession()
  const others = [
    { name: 'Second Wallet', rdns: 'dev.example.second' },
    { name: 'Third Wallet', rdns: 'dev.example.third' },
  ].map((info) => createTestWallet({ chains: e2e.stack.chains, info }))
  for (const wallet of others) await installTestWallet(s.context, wallet)
  await s.open()
  for (const uuid of [s.info.uuid, ...others.map((w) => w.info.uuid)]) {
    await connect(s, uuid)
    expect(await s.evm.kit('disconnect')).toEqual({ result: null })
  }
  // Wallets the catalogue does not list are kept by their rdns.
  const stored = () => s.evm.stored('recentWallets')
  expect(await stored()).toEqual(['dev.example.third', 'dev.example.second'])
  await s.reload()
  expect(await stored()).toEqual(['dev.example.third', 'dev.example.second'])
})

test('error: the balance API failing shows Token Balance Unavailable and the balance from the RPC', async () => {
  const s = await e2e.newSession()
  await s.open()
  e2e.stack.blockchainApi?.failNext({ path: '/v1/account', status: 503 })
  await connect(s)
  await poll(() => s.evm.toasts()).toContain('Token Balance Unavailable')
  expect(await details(s, 'error')).toContainEqual({
    code: 'BALANCE_UNAVAILABLE',
    message: 'Token Balance Unavailable',
  })
  const failed = e2e.stack.blockchainApi?.requests.filter((r) => r.path.startsWith('/v1/account'))
  expect(failed?.map((r) => r.status)).toEqual([503])

  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await poll(() => s.evm.balance.textContent()).toBe(shownBalance(await balanceOf(ALICE)))
  expect(await s.evm.balance.getAttribute('data-status')).toBe('ready')
  // The network's own RPC answered it.
  const asked = s.requests.filter(
    (r) => r.url.startsWith(rpcUrl(31337)) && r.body?.includes('"eth_getBalance"'),
  )
  expect(asked.length).toBeGreaterThan(0)
  expect(await s.page.locator('[data-testid="wk-account-tokens"]').count()).toBe(0)
})

test('behavior: a reload with the wallet on the second chain reconnects on it', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.wallet.switchChainFromWallet(31338)
  await s.reload()
  await poll(() => details(s, 'connected')).toEqual([
    expect.objectContaining({ address: ALICE, caipNetworkId: 'eip155:31338' }),
  ])
  expect(await s.host.state()).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31338' })
})

test('behavior: a transient disconnect event while the wallet still lists the account keeps the connection', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  const from = s.wallet.calls.length
  await s.wallet.emit('disconnect', { code: 4900, message: 'The provider is disconnected.' })
  // The kit asks the wallet whether the account is still there.
  await poll(() => methods(s.wallet, from)).toContain('eth_accounts')
  expect((await s.evm.request<string[]>('eth_accounts')).result).toEqual([ALICE])
  expect(await details(s, 'disconnected')).toEqual([])
  expect(await s.host.state()).toMatchObject({ status: 'connected', address: ALICE })
})

test('behavior: wallet events after a disconnect are ignored, and connecting again works', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.wallet.disconnectFromWallet()
  await poll(() => details(s, 'disconnected')).toEqual([{ namespace: 'eip155' }])
  // Delivered to the page before these resolve: a listener still attached would have fired.
  await s.wallet.switchChainFromWallet(31338)
  await s.wallet.emit('accountsChanged', [BOB])
  expect(await details(s, 'chainChanged')).toEqual([])
  expect(await details(s, 'accountChanged')).toEqual([])
  expect(await s.host.state()).toMatchObject({ status: 'disconnected', address: null })

  await connect(s)
  expect(await details(s, 'connected')).toEqual([
    expect.objectContaining({ address: ALICE, caipNetworkId: DEVNET }),
    expect.objectContaining({ address: ALICE, caipNetworkId: 'eip155:31338' }),
  ])
})

test('behavior: kit.disconnect() with a wallet that cannot revoke still disconnects the site', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  s.wallet.rejectNext('wallet_revokePermissions', 4200)
  expect(await s.evm.kit('disconnect')).toEqual({ result: null })
  expect(await details(s, 'disconnected')).toEqual([{ namespace: 'eip155' }])
  expect(await s.host.state()).toMatchObject({ status: 'disconnected', address: null })
  expect(await s.evm.stored('connections')).toEqual([])
  // The wallet still authorises the site, but the site forgot it: no silent reconnect.
  expect(s.wallet.connected).toBe(true)
  await s.reload()
  await s.modal.openViaApi()
  await s.evm.wallet(s.info.uuid).waitFor()
  expect(await status(s)).toBe('disconnected')
  expect(await details(s, 'connected')).toEqual([])
})

test('error: a revoke failing in the wallet says Failed to disconnect and keeps the connection', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  s.wallet.rejectNext('wallet_revokePermissions', -32603)
  await s.evm.disconnect.click()
  await poll(() => s.evm.toasts()).toContain('Failed to disconnect')
  expect(await details(s, 'error')).toContainEqual({
    code: 'ERROR',
    message: 'Failed to disconnect',
  })
  expect(await details(s, 'disconnected')).toEqual([])
  expect(await s.host.state()).toMatchObject({ status: 'connected', address: ALICE })
  expect(await s.evm.view('account').isVisible()).toBe(true)
  // A second try, which the wallet accepts, disconnects.
  await s.evm.disconnect.click()
  await poll(() => details(s, 'disconnected')).toEqual([{ namespace: 'eip155' }])
})
