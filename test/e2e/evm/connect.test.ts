import { createPublicClient, http, numberToHex, parseEther, stringToHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { rpc, testAccount } from '../../stack/chain/index'
import {
  announceImpostor,
  createTestWallet,
  IMPOSTOR_ADDRESS,
  installTestWallet,
} from '../../stack/wallet/index'
import { poll } from '../support/poll'
import { shownBalance } from './support/evm-page'
import {
  connect,
  details,
  type EvmSession,
  methods,
  networkObjects,
  setupEvmE2E,
} from './support/fixture'

const e2e = setupEvmE2E()
const ALICE = testAccount(0).address
const DEVNET = 'eip155:31337'

const rpcUrl = (chainId: number) => {
  const url = e2e.stack.urls.rpc[String(chainId)]
  if (!url) throw new Error(`no RPC for chain ${chainId}`)
  return url
}
const client = (chainId = 31337) =>
  createPublicClient({ transport: http(rpcUrl(chainId)), pollingInterval: 100 })

/** Opens Connect and clicks the session's wallet, leaving the connecting view on screen. */
async function pick(s: EvmSession, uuid = s.info.uuid) {
  await s.modal.openViaApi()
  await s.evm.wallet(uuid).click()
  await s.evm.view('connecting').waitFor()
}

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  expect(await s.evm.hasProvider()).toBe(false)
  await s.modal.openViaApi()
  const button = s.evm.wallet(s.info.uuid)
  await expect(button.locator('.wk-wallet-name').textContent()).resolves.toBe('Devnet Wallet')
  await expect(button.locator('.wk-tag[data-kind="installed"]').count()).resolves.toBe(1)
  await expect(button.locator('.wk-tag[data-kind="warning"]').count()).resolves.toBe(0)
  await button.click()
  await s.modal.waitForClosed()

  const connector = { id: `eip6963:${s.info.uuid}`, name: 'Devnet Wallet', type: 'ANNOUNCED' }
  await poll(() => details(s, 'connected')).toEqual([
    {
      address: ALICE,
      caipAddress: `${DEVNET}:${ALICE}`,
      namespace: 'eip155',
      caipNetworkId: DEVNET,
      connector,
    },
  ])
  expect(await s.host.state()).toMatchObject({
    status: 'connected',
    address: ALICE,
    caipAddress: `${DEVNET}:${ALICE}`,
    namespace: 'eip155',
    caipNetworkId: DEVNET,
    connector: { id: connector.id, name: connector.name },
  })
  expect(methods(s.wallet).filter((m) => m === 'eth_requestAccounts')).toHaveLength(1)
  expect(s.wallet.connected).toBe(true)
  expect(await s.evm.hasProvider()).toBe(true)
})

test('behavior: the Account view shows the name from the identity call and the balance the chain holds', async () => {
  // A balance no stand-in could show by chance.
  await rpc(rpcUrl(31337), 'anvil_setBalance', [ALICE, numberToHex(parseEther('1234.56789'))])
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()

  const onChain = await client().getBalance({ address: ALICE })
  expect(shownBalance(onChain)).toBe('1,234.5678 ETH')
  await poll(() => s.evm.balance.textContent()).toBe(shownBalance(onChain))
  expect(await s.evm.balance.getAttribute('data-status')).toBe('ready')
  await poll(() => s.evm.accountName.textContent()).toBe('alice.wk.eth')
  expect(await s.evm.accountName.getAttribute('title')).toBe(ALICE)
  expect(await s.evm.accountAddress.textContent()).toBe(`${ALICE.slice(0, 6)}…${ALICE.slice(-4)}`)
  expect(await s.evm.networkButton.textContent()).toContain('Network: Devnet')
  // The seeded tokens of the blockchain API are listed.
  const symbols = await s.page
    .locator('[data-testid="wk-account-tokens"] .wk-token')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-symbol')))
  expect(symbols).toEqual(expect.arrayContaining(['USDC', 'WETH', 'DAI']))
})

test('behavior: the host sends a transaction and signs a message through getProvider("eip155")', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  const to = privateKeyToAccount(generatePrivateKey()).address
  const value = parseEther('1.25')

  const sent = await s.evm.request<`0x${string}`>('eth_sendTransaction', [
    { from: ALICE, to, value: numberToHex(value) },
  ])
  expect(sent.error).toBeUndefined()
  const receipt = await client().waitForTransactionReceipt({ hash: sent.result ?? '0x' })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(ALICE.toLowerCase())
  expect(await client().getBalance({ address: to })).toBe(value)

  const message = 'Sign in to the Example Shop'
  const signed = await s.evm.request<`0x${string}`>('personal_sign', [stringToHex(message), ALICE])
  expect(signed.error).toBeUndefined()
  const signature = signed.result ?? '0x'
  expect(await verifyMessage({ address: ALICE, message, signature })).toBe(true)
  expect(await verifyMessage({ address: ALICE, message: 'something else', signature })).toBe(false)
})

test('error: 4001 on connect shows the declined state, and retry connects', async () => {
  const s = await e2e.newSession()
  await s.open()
  s.wallet.rejectNext('eth_requestAccounts', 4001)
  await pick(s)
  await poll(() => s.evm.status.getAttribute('data-status')).toBe('declined')
  expect(await s.evm.status.textContent()).toBe('Connection declined')
  expect(await s.evm.detail.textContent()).toBe('The connection was declined in the wallet.')
  // Never a phantom connected state.
  expect(await s.host.state()).toMatchObject({ status: 'disconnected', address: null })
  expect(await details(s, 'connected')).toEqual([])
  expect(await details(s, 'error')).toEqual([
    { code: '4001', message: 'The request was declined in the wallet.' },
  ])
  expect(s.wallet.connected).toBe(false)

  await s.evm.retry.click()
  await s.modal.waitForClosed()
  await poll(() => details(s, 'connected')).toHaveLength(1)
  expect(await s.host.state()).toMatchObject({ status: 'connected', address: ALICE })
  expect(methods(s.wallet).filter((m) => m === 'eth_requestAccounts')).toHaveLength(2)
})

test('error: −32002 on connect says a request is already open in the wallet', async () => {
  const s = await e2e.newSession()
  await s.open()
  s.wallet.rejectNext('eth_requestAccounts', -32002)
  await pick(s)
  await poll(() => s.evm.status.getAttribute('data-status')).toBe('pending')
  expect(await s.evm.status.textContent()).toBe('A request is already open')
  expect(await s.evm.detail.textContent()).toBe(
    'A request is already waiting in your wallet. Open the wallet to continue.',
  )
  expect(await s.host.state()).toMatchObject({ status: 'disconnected', address: null })
  expect(await s.evm.retry.isVisible()).toBe(true)
})

test('error: another wallet error on connect shows the wallet’s own text', async () => {
  const s = await e2e.newSession()
  await s.open()
  s.wallet.rejectNext('eth_requestAccounts', -32603, 'The wallet is locked.')
  await pick(s)
  await poll(() => s.evm.status.getAttribute('data-status')).toBe('error')
  expect(await s.evm.status.textContent()).toBe('Connection failed')
  expect(await s.evm.detail.textContent()).toBe('The wallet is locked.')
  expect(await s.host.state()).toMatchObject({ status: 'disconnected', address: null })
  expect(await details(s, 'connected')).toEqual([])
})

test('behavior: a look-alike announcing the same name is shown, both are marked with their rdns, and the connecting view warns', async () => {
  const s = await e2e.newSession({ impostor: {} })
  const impostor = s.impostor
  if (!impostor) throw new Error('no impostor')
  await s.open()
  await s.modal.openViaApi()
  for (const uuid of [s.info.uuid, impostor.uuid]) {
    const button = s.evm.wallet(uuid)
    await button.waitFor()
    expect(await button.locator('.wk-wallet-name').textContent()).toBe('Devnet Wallet')
    // One tag: the warning instead of "Installed"; the second line tells the two apart.
    expect(await button.locator('.wk-tag').count()).toBe(1)
    expect(await button.locator('.wk-tag[data-kind="warning"]').textContent()).toBe('Look-alike')
    expect(await button.locator('.wk-wallet-sub').textContent()).toBe('dev.walletkit.devnet')
    expect(await button.getAttribute('title')).toBe(
      'Devnet Wallet — Another wallet uses this name (dev.walletkit.devnet)',
    )
  }

  // The real one, declined first so that the connecting view stays on screen.
  s.wallet.rejectNext('eth_requestAccounts', 4001)
  await s.evm.wallet(s.info.uuid).click()
  await poll(() => s.evm.status.getAttribute('data-status')).toBe('declined')
  expect(await s.evm.duplicate.textContent()).toContain(
    'Another wallet uses this name (dev.walletkit.devnet)',
  )
  await s.evm.retry.click()
  await s.modal.waitForClosed()
  expect(await s.host.state()).toMatchObject({ status: 'connected', address: ALICE })
  // The look-alike was never asked anything.
  const asked = await s.page.evaluate(
    (uuid) =>
      (window as unknown as { __walletImpostors: Record<string, { calls: string[] }> })
        .__walletImpostors[uuid]?.calls,
    impostor.uuid,
  )
  expect(asked).toEqual([])
  expect(await s.host.state()).not.toMatchObject({ address: IMPOSTOR_ADDRESS })
})

test('behavior: a wallet already on an unlisted chain connects into UnsupportedChain', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.wallet.switchChainFromWallet(1)
  await s.modal.openViaApi()
  // The connect resolves at once: the connecting view may come and go before it is seen.
  await s.evm.wallet(s.info.uuid).click()
  await s.evm.view('unsupported-chain').waitFor()
  expect(await details(s, 'connected')).toEqual([
    expect.objectContaining({ caipNetworkId: 'eip155:1', caipAddress: `eip155:1:${ALICE}` }),
  ])
  await s.evm.network(DEVNET).click()
  await s.evm.view('account').waitFor()
  expect(s.wallet.chainId).toBe(31337)
  expect(await s.host.state()).toMatchObject({ status: 'connected', caipNetworkId: DEVNET })
})

test('behavior: window.ethereum is offered as Browser Wallet when nothing is announced, and connects', async () => {
  const s = await e2e.newSession({ install: { asWindowEthereum: true } })
  const button = s.page.locator('[data-testid="wk-wallet"][data-wallet-id="injected"]')
  // The same provider announced over EIP-6963 is listed once, as itself.
  await s.open()
  await s.modal.openViaApi()
  await s.evm.wallet(s.info.uuid).waitFor()
  expect(await button.count()).toBe(0)

  await s.open({ enableEIP6963: false })
  await s.modal.openViaApi()
  await expect(button.locator('.wk-wallet-name').textContent()).resolves.toBe('Browser Wallet')
  expect(await s.evm.wallet(s.info.uuid).count()).toBe(0)
  await button.click()
  await s.modal.waitForClosed()
  await poll(() => details(s, 'connected')).toEqual([
    {
      address: ALICE,
      caipAddress: `${DEVNET}:${ALICE}`,
      namespace: 'eip155',
      caipNetworkId: DEVNET,
      connector: { id: 'injected', name: 'Browser Wallet', type: 'INJECTED' },
    },
  ])
})

test('behavior: the address is copied in full and the explorer link follows the network’s https explorer', async () => {
  const s = await e2e.newSession()
  const origin = new URL(e2e.stack.urls.app).origin
  await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  const [devnet, devnet2] = networkObjects(e2e.stack.chains)
  await s.open({ networks: [{ ...devnet, explorerUrl: 'https://explorer.example/' }, devnet2] })
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  const explorer = s.page.locator('[data-testid="wk-account-explorer"]')
  await poll(() => explorer.getAttribute('href')).toBe(`https://explorer.example/address/${ALICE}`)
  expect(await explorer.getAttribute('rel')).toContain('noopener')

  await s.page.locator('[data-testid="wk-account-copy"]').click()
  await poll(() => s.evm.toasts()).toContain('Address copied')
  expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(ALICE)
})

test('behavior: a wallet announced while Connect is open appears; its unsafe icon and name are not shown as sent', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.modal.openViaApi()
  await s.evm.wallet(s.info.uuid).waitFor()
  // The wallet answers a new request by announcing again: deduped (checked once the late one shows).
  await s.page.evaluate(() => window.dispatchEvent(new Event('eip6963:requestProvider')))
  const late = createTestWallet({
    chains: e2e.stack.chains,
    info: { name: 'Late Wallet', rdns: 'dev.example.late' },
  })
  await installTestWallet(s.context, late)
  await s.evm.wallet(late.info.uuid).waitFor()
  expect(await s.evm.wallet(s.info.uuid).count()).toBe(1)
  expect(await s.evm.wallet(late.info.uuid).locator('.wk-tag[data-kind="warning"]').count()).toBe(0)

  const { info } = await announceImpostor(s.context, {
    name: `Evil\u202E${'x'.repeat(50)}`,
    rdns: 'example.evil',
    icon: 'https://evil.example/icon.png',
  })
  const evil = s.evm.wallet(info.uuid)
  await evil.waitFor()
  // The override is dropped, the name cut to 40 characters and isolated.
  const name = evil.locator('.wk-wallet-name')
  expect(await name.textContent()).toBe(`Evil${'x'.repeat(35)}…`)
  expect(await name.evaluate((el) => el.tagName)).toBe('BDI')
  expect(await evil.locator('img[src^="https:"]').count()).toBe(0)
  // The first two keep their look: neither shares a name or rdns with the newcomers.
  for (const uuid of [s.info.uuid, late.info.uuid])
    expect(await s.evm.wallet(uuid).locator('.wk-tag[data-kind="warning"]').count()).toBe(0)
})
