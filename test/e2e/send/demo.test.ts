import type { Page } from 'playwright-core'
import { type Address, createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { solanaTestAccount } from '../../stack/solana/index'
import { walletStandardId } from '../solana/support/solana-page'
import { guardNetwork } from '../support/browser'
import { HostPage } from '../support/host-page'
import { ModalPage } from '../support/modal-page'
import { poll } from '../support/poll'
import { recordEvents } from '../support/recorders'
import { setupSuite, startChainStack, type Watched, watchPage } from '../support/suite'
import { SendPage } from './support/send-page'

type DemoSession = Watched & { page: Page; host: HostPage; modal: ModalPage; send: SendPage }

// The demo of `npm start`, as a visitor without any wallet extension gets it: the page offers the
// local Devnet Wallet (EIP-6963) and Devnet Solana (Wallet Standard), and the networks of its
// script tag are given by id alone (so Solana is read through the blockchain API's RPC).
const suite = setupSuite<DemoSession>({
  name: 'demo',
  start: startChainStack,
  startTimeoutMs: 180_000,
})

async function visit(): Promise<DemoSession> {
  const context = await suite.browser.newContext()
  const blocked: string[] = []
  await guardNetwork(context, blocked)
  await recordEvents(context)
  const page = await context.newPage()
  const session: DemoSession = {
    context,
    page,
    blocked,
    pageErrors: [],
    dialogs: [],
    host: new HostPage(page, suite.stack),
    modal: new ModalPage(page),
    send: new SendPage(page),
  }
  watchPage(page, session)
  suite.track(session)
  await session.host.gotoDemo()
  return session
}

/** The demo, connected with the Devnet Wallet picked on Connect. */
async function visitConnected(): Promise<DemoSession> {
  const s = await visit()
  const uuid = suite.need(suite.stack.devnetWallet, 'The Devnet Wallet').info.uuid
  await s.modal.openViaApi()
  await s.page.locator(`[data-testid="wk-wallet"][data-wallet-id="eip6963:${uuid}"]`).click()
  await s.modal.waitForClosed()
  return s
}

/** From Account: Send, fill, review, send, and back on Account; returns the transaction hash. */
async function sendFromAccount(s: DemoSession, amount: string, to: string, count: number) {
  await s.send.feature('send').click()
  await s.send.fill({ amount, to })
  await s.send.reviewButton.click()
  await s.send.confirm.click()
  await s.page.locator('[data-testid="wk-view-account"]').waitFor()
  const sent = async () =>
    (await s.host.events()).filter((e) => e.type === 'transaction').map((e) => e.detail)
  await poll(() => sent().then((list) => list.length)).toBe(count)
  return (await sent()).at(-1) as { hash: string; caipNetworkId: string }
}

test('default', async () => {
  const s = await visitConnected()

  // Both anvil chains, one after the other.
  for (const [index, chainId] of [31337, 31338].entries()) {
    if (index > 0)
      await s.page.evaluate(async (id) => {
        const kit = window.WalletKit?.init() as unknown as {
          switchNetwork(id: string): Promise<void>
        }
        await kit.switchNetwork(id)
      }, `eip155:${chainId}`)
    await s.modal.openViaApi()
    const to: Address = privateKeyToAccount(generatePrivateKey()).address
    const sent = await sendFromAccount(s, '0.01', to, index + 1)
    expect(sent.caipNetworkId).toBe(`eip155:${chainId}`)
    const client = createPublicClient({ transport: http(suite.stack.urls.rpc[String(chainId)]) })
    const receipt = await client.waitForTransactionReceipt({ hash: sent.hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.01'))
  }

  // Then Solana, with the Devnet Solana wallet.
  await s.modal.openViaApi({ namespace: 'solana' })
  await s.page
    .locator(`[data-testid="wk-wallet"][data-wallet-id="${walletStandardId('Devnet Solana')}"]`)
    .click()
  // Connected, not only switched to Solana: opening again before the wallet answered would leave
  // the connecting view and cancel the attempt.
  await poll(() => s.host.state().then((state) => `${state.namespace} ${state.status}`)).toBe(
    'solana connected',
  )
  await s.modal.openViaApi({ namespace: 'solana' })
  const { address: to } = await solanaTestAccount(900 + Math.floor(Math.random() * 1000))
  const sent = await sendFromAccount(s, '0.5', to, 3)
  expect(sent.caipNetworkId).toBe('solana:localnet')
  const chain = suite.need(suite.stack.solana, 'The SVM').chain
  expect(chain.status(sent.hash)).toEqual({ slot: expect.any(Number), err: null })
  expect(chain.balance(to)).toBe(500_000_000n)
})

test('behavior: the demo offers every wallet feature on its devnets, Swap included', async () => {
  const s = await visitConnected()
  await s.modal.openViaApi()
  await s.send.feature('send').waitFor()
  expect(
    await s.send.features.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid'))),
  ).toEqual([
    'wk-account-feature-onramp',
    'wk-account-feature-swaps',
    'wk-account-feature-receive',
    'wk-account-feature-send',
  ])
  await s.send.feature('swaps').click()
  await s.page.locator('[data-testid="wk-view-swap"]').waitFor()
})

test('behavior: connected, the demo page never scrolls sideways (its event log wraps)', async () => {
  const s = await visitConnected()
  await s.page.locator('#events li', { hasText: 'walletkit:connected' }).waitFor()
  const { scroll, width } = await s.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(width)
})
