import { expect, test } from 'vitest'
import { SOLANA_LOCALNET, SOLANA_WALLET } from '../../stack/solana/index'
import { poll } from '../support/poll'
import { type SolanaSession, setupSolanaE2E } from './support/fixture'
import { walletStandardId } from './support/solana-page'

const e2e = setupSolanaE2E()
const EVM_NETWORK = 'eip155:31337'

const chainChanges = async (s: SolanaSession) =>
  (await s.host.events()).filter((e) => e.type === 'chainChanged').map((e) => e.detail)

/** Connects the EVM test wallet, then the Solana one from the Account view's Solana tab. */
async function connectBoth(s: SolanaSession) {
  await s.modal.openViaApi()
  await s.page.locator('[data-testid="wk-wallet"][data-wallet-id^="eip6963:"]').click()
  await s.modal.waitForClosed()
  await s.modal.openViaApi()
  await s.solana.tab('solana').click()
  await s.page.locator('[data-testid="wk-account-connect"]').click()
  await s.solana.wallet(SOLANA_WALLET.name).click()
  await s.modal.waitForClosed()
}

test('default', async () => {
  const s = await e2e.newSession({ evm: true })
  await s.open()
  await s.modal.openViaApi()
  // Connect lists the EIP-6963 wallet and the Wallet Standard wallet side by side, each with its chain.
  await s.solana.wallet(SOLANA_WALLET.name).waitFor()
  const installed = s.page.locator('[data-testid="wk-wallet"]').filter({ hasText: 'Installed' })
  await poll(() => installed.allTextContents()).toEqual([
    expect.stringMatching(/Devnet Wallet.*EVM/),
    expect.stringMatching(/Devnet Solana.*Solana/),
  ])
  await s.modal.clickClose()
  await s.modal.waitForClosed()

  await connectBoth(s)
  const state = await s.host.state()
  expect(state).toMatchObject({
    namespace: 'solana',
    address: s.wallet.address,
    caipNetworkId: SOLANA_LOCALNET,
  })
  const evmAddress = s.evm?.address

  // Switching the namespace in the Account view changes what it shows and fires chainChanged.
  await s.modal.openViaApi()
  await poll(() => s.solana.accountNamespace()).toBe('solana')
  expect(await s.solana.shownAddress()).toBe(s.wallet.address)
  const before = (await chainChanges(s)).length
  await s.solana.tab('eip155').click()
  await poll(() => s.solana.accountNamespace()).toBe('eip155')
  expect(await s.solana.shownAddress()).toBe(evmAddress)
  expect(await s.host.state()).toMatchObject({
    namespace: 'eip155',
    address: evmAddress,
    caipNetworkId: EVM_NETWORK,
  })
  await s.solana.tab('solana').click()
  await poll(() => s.solana.shownAddress()).toBe(s.wallet.address)
  expect((await chainChanges(s)).slice(before)).toEqual([
    { caipNetworkId: EVM_NETWORK, namespace: 'eip155', supported: true },
    { caipNetworkId: SOLANA_LOCALNET, namespace: 'solana', supported: true },
  ])
  expect(await s.solana.tab('solana').getAttribute('aria-selected')).toBe('true')
  expect(
    await s.solana.tabs.evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-connected'))),
  ).toEqual(['true', 'true'])
})

test('behavior: the Connect opened from a namespace without a wallet lists only its wallets', async () => {
  const s = await e2e.newSession({ evm: true })
  await s.open()
  await s.modal.openViaApi({ namespace: 'solana' })
  await s.solana.wallet(SOLANA_WALLET.name).waitFor()
  const ids = await s.page
    .locator('[data-testid="wk-wallet"]')
    .filter({ hasText: 'Installed' })
    .evaluateAll((list) => list.map((el) => el.getAttribute('data-wallet-id')))
  expect(ids).toEqual([walletStandardId(SOLANA_WALLET.name)])
  expect(await chainChanges(s)).toEqual([
    { caipNetworkId: SOLANA_LOCALNET, namespace: 'solana', supported: true },
  ])
})

test('behavior: the Networks view has the namespace tabs and lists the active namespace networks', async () => {
  const s = await e2e.newSession({ evm: true })
  await s.open()
  await connectBoth(s)
  await s.modal.openViaApi({ view: 'Networks' })
  const networks = () =>
    s.page
      .locator('[data-testid="wk-network"]')
      .evaluateAll((list) => list.map((el) => el.getAttribute('data-network-id')))
  await poll(networks).toEqual([SOLANA_LOCALNET])
  await s.solana.tab('eip155').click()
  await poll(networks).toEqual(['eip155:31337', 'eip155:31338'])
  expect((await s.host.state()).namespace).toBe('eip155')
})

test('behavior: arrow keys move between the tabs', async () => {
  const s = await e2e.newSession({ evm: true })
  await s.open()
  await connectBoth(s)
  await s.modal.openViaApi()
  await s.solana.tab('solana').focus()
  await s.page.keyboard.press('ArrowLeft')
  await poll(() => s.solana.accountNamespace()).toBe('eip155')
  await s.page.keyboard.press('ArrowRight')
  await poll(() => s.solana.accountNamespace()).toBe('solana')
  expect(
    await s.solana
      .tab('solana')
      .evaluate(
        (el) =>
          el.getRootNode() instanceof ShadowRoot &&
          (el.getRootNode() as ShadowRoot).activeElement === el,
      ),
  ).toBe(true)
})

test('behavior: switchNetwork to a network of the other namespace makes it active', async () => {
  const s = await e2e.newSession({ evm: true })
  await s.open()
  await connectBoth(s)
  const before = (await chainChanges(s)).length
  await s.page.evaluate(async () => {
    const kit = window.WalletKit?.init() as unknown as
      | { switchNetwork(id: string): Promise<void> }
      | undefined
    await kit?.switchNetwork('eip155:31337')
  })
  expect(await s.host.state()).toMatchObject({ namespace: 'eip155', caipNetworkId: 'eip155:31337' })
  expect((await chainChanges(s)).slice(before)).toEqual([
    { caipNetworkId: EVM_NETWORK, namespace: 'eip155', supported: true },
  ])
})

test('behavior: disconnecting Solana leaves the EVM wallet connected and shown', async () => {
  const s = await e2e.newSession({ evm: true })
  await s.open()
  await connectBoth(s)
  await s.modal.openViaApi()
  await s.page.locator('[data-testid="wk-account-disconnect"]').click()
  await poll(() => s.solana.accountNamespace()).toBe('eip155')
  expect(await s.host.state()).toMatchObject({
    status: 'connected',
    namespace: 'eip155',
    address: s.evm?.address,
  })
  const disconnected = (await s.host.events()).filter((e) => e.type === 'disconnected')
  expect(disconnected.map((e) => e.detail)).toEqual([{ namespace: 'solana' }])
  await s.solana.tab('solana').click()
  await s.page.locator('[data-testid="wk-account-not-connected"]').waitFor()
  await expect(
    s.page.locator('[data-testid="wk-account-not-connected"]').textContent(),
  ).resolves.toContain('No Solana wallet is connected.')
})

test('behavior: the Solana tab with only an EVM wallet changes nothing for the page; connecting a Solana wallet from it does', async () => {
  const s = await e2e.newSession({ evm: true })
  await s.open()
  const button = s.modal.connectButton.first()
  await s.modal.openViaApi()
  await s.page.locator('[data-testid="wk-wallet"][data-wallet-id^="eip6963:"]').click()
  await s.modal.waitForClosed()
  const evmAddress = s.evm?.address as string
  const shown = `${evmAddress.slice(0, 6)}…${evmAddress.slice(-4)}`
  await poll(() => button.textContent()).toContain(shown)
  const connected = { status: 'connected', namespace: 'eip155', address: evmAddress }
  const before = (await chainChanges(s)).length

  // Looking at the Solana tab: Account offers to connect one, and the page sees no change.
  await s.modal.openViaApi()
  await s.solana.tab('solana').click()
  await s.page.locator('[data-testid="wk-account-not-connected"]').waitFor()
  expect(await s.solana.accountNamespace()).toBe('solana')
  expect(await s.solana.tab('solana').getAttribute('aria-selected')).toBe('true')
  expect(await s.host.state()).toMatchObject(connected)
  expect(await button.textContent()).toContain(shown)
  expect((await chainChanges(s)).slice(before)).toEqual([])
  // Back to the EVM tab: its account, still the active one.
  await s.solana.tab('eip155').click()
  await poll(() => s.solana.shownAddress()).toBe(evmAddress)
  expect(await s.host.state()).toMatchObject(connected)

  // Connecting a Solana wallet from that tab is what makes Solana the active namespace.
  await s.solana.tab('solana').click()
  await s.page.locator('[data-testid="wk-account-connect"]').click()
  await s.solana.wallet(SOLANA_WALLET.name).click()
  await s.modal.waitForClosed()
  expect(await s.host.state()).toMatchObject({
    status: 'connected',
    namespace: 'solana',
    address: s.wallet.address,
  })
})
