import { afterEach, expect, test } from 'vitest'
import { createWcWallet, type WcWallet } from '../../stack/wc-wallet/index'
import { poll } from '../support/poll'
import { setupWalletConnectE2E, type WcSession } from '../walletconnect/support/fixture'
import { SolanaPage } from './support/solana-page'

const e2e = setupWalletConnectE2E()
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const DOT_ADDRESS = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'

const wallets: WcWallet[] = []
afterEach(async () => {
  await Promise.all(wallets.splice(0).map((w) => w.close().catch(() => undefined)))
})

/** A WalletConnect wallet that also approves bip122 and polkadot with one fixture address each. */
async function multichainWallet(): Promise<WcWallet> {
  const wallet = await createWcWallet({
    relayUrl: e2e.relay.url,
    projectId: e2e.stack.projectId,
    chains: e2e.stack.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
    extraNamespaces: {
      bip122: { chains: [BITCOIN], address: BTC_ADDRESS },
      polkadot: { chains: [POLKADOT], address: DOT_ADDRESS },
    },
  })
  wallets.push(wallet)
  return wallet
}

/** Loads the host page with eip155, bip122 and polkadot networks and pairs `wallet` from the QR code. */
async function connect(session: WcSession, wallet: WcWallet) {
  const options = e2e.options()
  await session.host.gotoBlank({
    options: { ...options, networks: [...(options.networks as unknown[]), BITCOIN, POLKADOT] },
  })
  await session.modal.openViaApi()
  await session.wc.entry.click()
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await session.modal.waitForClosed()
}

const connectedEvents = async (session: WcSession) =>
  (await session.host.events()).filter((e) => e.type === 'connected').map((e) => e.detail)

test('default', async () => {
  const session = await e2e.newSession()
  const wallet = await multichainWallet()
  await connect(session, wallet)
  const summary = (id: string) => ({ id, name: 'WalletConnect', type: 'WALLET_CONNECT' })
  await poll(() => connectedEvents(session)).toEqual([
    expect.objectContaining({ namespace: 'eip155', connector: summary('walletConnect') }),
    {
      address: BTC_ADDRESS,
      caipAddress: `${BITCOIN}:${BTC_ADDRESS}`,
      namespace: 'bip122',
      caipNetworkId: BITCOIN,
      connector: summary('walletConnect:bip122'),
    },
    {
      address: DOT_ADDRESS,
      caipAddress: `${POLKADOT}:${DOT_ADDRESS}`,
      namespace: 'polkadot',
      caipNetworkId: POLKADOT,
      connector: summary('walletConnect:polkadot'),
    },
  ])
  // The visitor stays on the namespace they connected.
  expect(await session.host.state()).toMatchObject({ namespace: 'eip155', address: wallet.address })
})

test('behavior: the Account view shows the bip122 and polkadot addresses and networks', async () => {
  const session = await e2e.newSession()
  const wallet = await multichainWallet()
  await connect(session, wallet)
  await poll(() => connectedEvents(session).then((list) => list.length)).toBe(3)
  const view = new SolanaPage(session.page)
  await session.modal.openViaApi()
  await poll(() => view.tabs.evaluateAll((tabs) => tabs.map((t) => t.textContent))).toEqual([
    'EVM',
    'Bitcoin',
    'Polkadot',
  ])
  const network = session.page.locator('[data-testid="wk-account-network"]')

  await view.tab('bip122').click()
  await poll(() => view.shownAddress()).toBe(BTC_ADDRESS)
  await poll(() => network.textContent()).toBe('Network: Bitcoin')
  await poll(() => view.balance.textContent()).toBe('Balance unavailable')

  await view.tab('polkadot').click()
  await poll(() => view.shownAddress()).toBe(DOT_ADDRESS)
  await poll(() => network.textContent()).toBe('Network: Polkadot')
  expect(await session.host.state()).toMatchObject({
    namespace: 'polkadot',
    caipAddress: `${POLKADOT}:${DOT_ADDRESS}`,
    caipNetworkId: POLKADOT,
  })
})

test('behavior: the wallet ending the session disconnects every namespace', async () => {
  const session = await e2e.newSession()
  const wallet = await multichainWallet()
  await connect(session, wallet)
  await poll(() => connectedEvents(session).then((list) => list.length)).toBe(3)
  await wallet.disconnect()
  await poll(async () =>
    (await session.host.events())
      .filter((e) => e.type === 'disconnected')
      .map((e) => (e.detail as { namespace: string }).namespace)
      .sort(),
  ).toEqual(['bip122', 'eip155', 'polkadot'])
  expect((await session.host.state()).status).toBe('disconnected')
})

test('behavior: a site without EVM networks connects over WalletConnect with the session account', async () => {
  const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
  const SOL_ADDRESS = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
  const session = await e2e.newSession()
  // A Solana-only wallet: it offers no EVM chain at all.
  const wallet = await createWcWallet({
    relayUrl: e2e.relay.url,
    projectId: e2e.stack.projectId,
    chains: e2e.stack.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
    evm: false,
    extraNamespaces: {
      solana: { chains: [SOLANA_DEVNET], address: SOL_ADDRESS },
      polkadot: { chains: [POLKADOT], address: DOT_ADDRESS },
    },
  })
  wallets.push(wallet)
  await session.host.gotoBlank({
    options: { ...e2e.options(), networks: [SOLANA_DEVNET, POLKADOT] },
  })
  await session.modal.openViaApi()
  await session.wc.entry.click()
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await session.modal.waitForClosed()
  await poll(() => connectedEvents(session)).toEqual([
    {
      address: SOL_ADDRESS,
      caipAddress: `${SOLANA_DEVNET}:${SOL_ADDRESS}`,
      namespace: 'solana',
      caipNetworkId: SOLANA_DEVNET,
      connector: { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' },
    },
    expect.objectContaining({ namespace: 'polkadot', address: DOT_ADDRESS }),
  ])
  expect(await session.host.state()).toMatchObject({
    status: 'connected',
    namespace: 'solana',
    address: SOL_ADDRESS,
  })
  // The visitor's disconnect ends the session on the wallet's side too.
  await session.page.evaluate(() => window.WalletKit?.init().disconnect())
  await poll(async () => wallet.sessions().length).toBe(0)
})
