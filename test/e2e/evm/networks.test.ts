import { createPublicClient, http } from 'viem'
import { expect, test } from 'vitest'
import { testAccount } from '../../stack/chain/index'
import { poll } from '../support/poll'
import { shownBalance } from './support/evm-page'
import { connect, details, type EvmSession, methods, setupEvmE2E } from './support/fixture'

const e2e = setupEvmE2E()
const ALICE = testAccount(0).address
const DEVNET = 'eip155:31337'
const DEVNET_2 = 'eip155:31338'
const SWITCHED = { caipNetworkId: DEVNET_2, namespace: 'eip155', supported: true }

const rpcUrl = (chainId: number) => {
  const url = e2e.stack.urls.rpc[String(chainId)]
  if (!url) throw new Error(`no RPC for chain ${chainId}`)
  return url
}

/** Connects, reopens the modal on Account and goes to Networks. */
async function openNetworks(s: EvmSession, extra: Record<string, unknown> = {}) {
  await s.open(extra)
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await s.evm.networkButton.click()
  await s.evm.view('networks').waitFor()
  await poll(() => s.evm.currentNetwork()).toBe(DEVNET)
}

const caipNetwork = (s: EvmSession) => s.host.state().then((state) => state.caipNetworkId)

test('default', async () => {
  const s = await e2e.newSession()
  await openNetworks(s)
  expect(await s.modal.titleText()).toBe('Choose Network')
  expect(await s.evm.network(DEVNET).locator('.wk-wallet-name').textContent()).toBe('Devnet')
  expect(await s.evm.network(DEVNET_2).locator('.wk-wallet-name').textContent()).toBe('Devnet 2')
  // Each network has its mark, the catalogue's image of it, as Account's network row does.
  await poll(() => s.evm.network(DEVNET_2).locator('.wk-token-mark img').count()).toBe(1)
  const from = s.wallet.calls.length

  await s.evm.network(DEVNET_2).click()
  // Back on Account once the wallet switched.
  await s.evm.view('account').waitFor()
  await poll(() => details(s, 'chainChanged')).toEqual([SWITCHED])
  expect(s.wallet.chainId).toBe(31338)
  expect(methods(s.wallet, from)).toContain('wallet_switchEthereumChain')
  expect(s.wallet.calls.find((c) => c.method === 'wallet_switchEthereumChain')?.params).toEqual([
    { chainId: '0x7a6a' },
  ])
  expect(await s.host.state()).toMatchObject({
    caipNetworkId: DEVNET_2,
    caipAddress: `${DEVNET_2}:${ALICE}`,
    status: 'connected',
  })
  await poll(() => s.evm.networkButton.textContent()).toContain('Network: Devnet 2')
  // The balance is the one of the new chain.
  const client = createPublicClient({ transport: http(rpcUrl(31338)) })
  const onChain = await client.getBalance({ address: ALICE })
  await poll(() => s.evm.balance.textContent()).toBe(shownBalance(onChain))

  await s.evm.networkButton.click()
  await poll(() => s.evm.currentNetwork()).toBe(DEVNET_2)
})

test('behavior: kit.switchNetwork() from the host switches the wallet', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  expect(await s.evm.kit('switchNetwork', DEVNET_2)).toEqual({ result: null })
  expect(s.wallet.chainId).toBe(31338)
  expect(await caipNetwork(s)).toBe(DEVNET_2)
  expect(await details(s, 'chainChanged')).toEqual([SWITCHED])
  // And back.
  expect(await s.evm.kit('switchNetwork', DEVNET)).toEqual({ result: null })
  expect(s.wallet.chainId).toBe(31337)
  expect(await details(s, 'chainChanged')).toEqual([
    SWITCHED,
    { caipNetworkId: DEVNET, namespace: 'eip155', supported: true },
  ])
})

test('behavior: 4902 leads to wallet_addEthereumChain with the network’s RPC, then the switch', async () => {
  // The wallet knows only 31337: the switch to 31338 fails with a real 4902.
  const s = await e2e.newSession({ walletChains: 1 })
  await openNetworks(s)
  const from = s.wallet.calls.length
  await s.evm.network(DEVNET_2).click()
  await s.evm.view('account').waitFor()
  await poll(() => details(s, 'chainChanged')).toEqual([SWITCHED])

  const calls = s.wallet.calls.slice(from).filter((c) => c.method.startsWith('wallet_'))
  expect(calls.map((c) => [c.method, c.error?.code])).toEqual([
    ['wallet_switchEthereumChain', 4902],
    ['wallet_addEthereumChain', undefined],
    ['wallet_switchEthereumChain', undefined],
  ])
  expect(calls[1]?.params).toEqual([
    {
      chainId: '0x7a6a',
      chainName: 'Devnet 2',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [rpcUrl(31338)],
    },
  ])
  expect(s.wallet.addedChains).toEqual([
    { chainId: 31338, rpcUrl: rpcUrl(31338), chainName: 'Devnet 2' },
  ])
  expect(s.wallet.chainId).toBe(31338)
  expect(await caipNetwork(s)).toBe(DEVNET_2)
})

test('behavior: a 4902 nested in data.originalError also leads to add, then switch', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  s.wallet.nestNextError('wallet_switchEthereumChain', 4902)
  const from = s.wallet.calls.length
  expect(await s.evm.kit('switchNetwork', DEVNET_2)).toEqual({ result: null })
  expect(
    methods(s.wallet, from).filter((m) => m.startsWith('wallet_')),
    'switch, add, switch',
  ).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
  expect(s.wallet.chainId).toBe(31338)
  expect(await details(s, 'chainChanged')).toEqual([SWITCHED])
})

test('error: a rejected add keeps the previous network and says why', async () => {
  const s = await e2e.newSession({ walletChains: 1 })
  await openNetworks(s)
  s.wallet.rejectNext('wallet_addEthereumChain', 4001)
  await s.evm.network(DEVNET_2).click()
  await s.evm.networkError.waitFor()
  expect(await s.evm.networkError.textContent()).toBe(
    'The network could not be switched: The request was declined in the wallet.',
  )
  await poll(() => s.evm.toasts()).toContain('The request was declined in the wallet.')
  expect(await s.evm.view('networks').isVisible()).toBe(true)
  expect(await s.evm.currentNetwork()).toBe(DEVNET)
  expect(s.wallet.chainId).toBe(31337)
  expect(s.wallet.addedChains).toEqual([])
  expect(await s.host.state()).toMatchObject({ status: 'connected', caipNetworkId: DEVNET })
  expect(await details(s, 'chainChanged')).toEqual([])
  // The buttons are usable again.
  expect(await s.evm.network(DEVNET_2).isEnabled()).toBe(true)
})

test('error: a switch declined in the wallet rejects kit.switchNetwork() and keeps the network', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  s.wallet.rejectNext('wallet_switchEthereumChain', 4001)
  const outcome = await s.evm.kit('switchNetwork', DEVNET_2)
  expect(outcome.error).toMatchObject({
    name: 'UserRejectedRequestError',
    shortMessage: 'The request was declined in the wallet.',
  })
  expect(s.wallet.chainId).toBe(31337)
  expect(await caipNetwork(s)).toBe(DEVNET)
  expect(await details(s, 'chainChanged')).toEqual([])
})

test('behavior: the wallet moving to an unlisted chain opens UnsupportedChain; switching from there works', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.wallet.switchChainFromWallet(1)
  await s.evm.view('unsupported-chain').waitFor()
  expect(await s.modal.titleText()).toBe('Switch Network')
  expect(await details(s, 'chainChanged')).toEqual([
    { caipNetworkId: 'eip155:1', namespace: 'eip155', supported: false },
  ])
  expect(await s.host.state()).toMatchObject({
    open: true,
    status: 'connected',
    caipNetworkId: 'eip155:1',
    caipAddress: `eip155:1:${ALICE}`,
  })
  expect(await s.evm.network(DEVNET).isVisible()).toBe(true)
  expect(await s.evm.currentNetwork()).toBeNull()

  await s.evm.network(DEVNET_2).click()
  await s.evm.view('account').waitFor()
  expect(s.wallet.chainId).toBe(31338)
  expect(await details(s, 'chainChanged')).toEqual([
    { caipNetworkId: 'eip155:1', namespace: 'eip155', supported: false },
    SWITCHED,
  ])
  expect(await s.host.state()).toMatchObject({ status: 'connected', caipNetworkId: DEVNET_2 })
})

test('behavior: disconnecting from UnsupportedChain disconnects', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.wallet.switchChainFromWallet(1, { format: 'decimal' })
  await s.evm.view('unsupported-chain').waitFor()
  await s.evm.unsupportedDisconnect.click()
  await s.modal.view('connect').waitFor()
  await poll(() => details(s, 'disconnected')).toEqual([{ namespace: 'eip155' }])
  expect(await s.host.state()).toMatchObject({ status: 'disconnected', address: null })
  expect(s.wallet.connected).toBe(false)
  expect(methods(s.wallet)).toContain('wallet_revokePermissions')
})

test('behavior: with allowUnsupportedChain the unlisted chain is accepted without UnsupportedChain', async () => {
  const s = await e2e.newSession()
  await s.open({ allowUnsupportedChain: true })
  await connect(s)
  await s.wallet.switchChainFromWallet(1, { format: 'number' })
  // The view decision is made with the event: once it is seen, the modal would be open.
  await poll(() => details(s, 'chainChanged')).toEqual([
    { caipNetworkId: 'eip155:1', namespace: 'eip155', supported: false },
  ])
  expect(await s.host.state()).toMatchObject({
    open: false,
    status: 'connected',
    caipNetworkId: 'eip155:1',
  })
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  expect(await s.evm.view('unsupported-chain').count()).toBe(0)
})

test('behavior: the wallet switching to a listed chain by itself (decimal chain id) is followed', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  // The same chain again is no change.
  await s.wallet.switchChainFromWallet(31337)
  expect(await details(s, 'chainChanged')).toEqual([])
  await s.wallet.switchChainFromWallet(31338, { format: 'decimal' })
  expect(await details(s, 'chainChanged')).toEqual([SWITCHED])
  expect(await s.host.state()).toMatchObject({ open: false, caipNetworkId: DEVNET_2 })
})

test('error: a 4902 for a network given without rpcUrl cannot be added and says so', async () => {
  const s = await e2e.newSession({ walletChains: 1 })
  await openNetworks(s, { networks: [DEVNET, DEVNET_2] })
  await s.evm.network(DEVNET_2).click()
  await s.evm.networkError.waitFor()
  expect(await s.evm.networkError.textContent()).toBe(
    'The network could not be switched: The wallet does not know this network.',
  )
  expect(methods(s.wallet)).not.toContain('wallet_addEthereumChain')
  expect(s.wallet.chainId).toBe(31337)
  expect(await s.evm.currentNetwork()).toBe(DEVNET)
})

test('error: a wallet’s own switch error text reaches the visitor', async () => {
  const s = await e2e.newSession()
  await openNetworks(s)
  s.wallet.rejectNext('wallet_switchEthereumChain', -32603, 'Netzwerkwechsel fehlgeschlagen')
  await s.evm.network(DEVNET_2).click()
  await s.evm.networkError.waitFor()
  expect(await s.evm.networkError.textContent()).toBe(
    'The network could not be switched: Netzwerkwechsel fehlgeschlagen',
  )
  expect(methods(s.wallet)).not.toContain('wallet_addEthereumChain')
  expect(await s.evm.currentNetwork()).toBe(DEVNET)
  expect(await details(s, 'chainChanged')).toEqual([])
})

test('behavior: a spurious disconnect event during a switch does not log the visitor out', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  s.wallet.beforeNext('wallet_switchEthereumChain', () =>
    s.wallet.emit('disconnect', { code: 4900, message: 'The provider is disconnected.' }),
  )
  expect(await s.evm.kit('switchNetwork', DEVNET_2)).toEqual({ result: null })
  // The kit asked whether the account is still there; the answer came before this one.
  await poll(() => s.wallet.calls.some((c) => c.method === 'eth_accounts' && c.result)).toBe(true)
  expect((await s.evm.request<string[]>('eth_accounts')).result).toEqual([ALICE])
  expect(await details(s, 'disconnected')).toEqual([])
  expect(await s.host.state()).toMatchObject({ status: 'connected', caipNetworkId: DEVNET_2 })
  expect(await details(s, 'chainChanged')).toEqual([SWITCHED])
})
