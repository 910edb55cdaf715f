import { type Address, createPublicClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import type { WcWallet } from '../../stack/wc-wallet'
import { poll } from '../support/poll'
import { setupWalletConnectE2E, type WcSession } from '../walletconnect/support/fixture'
import { SendPage } from './support/send-page'

const e2e = setupWalletConnectE2E()
const client = () => createPublicClient({ transport: http(e2e.stack.urls.rpc['31337']) })

/** A session connected to a WalletConnect wallet through the QR code, on Send. */
async function onSend(): Promise<{ session: WcSession; wallet: WcWallet; send: SendPage }> {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi()
  await session.wc.entry.click()
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
  await session.modal.waitForClosed()
  await session.modal.openViaApi()
  const send = new SendPage(session.page)
  await send.feature('send').click()
  await send.form.waitFor()
  return { session, wallet, send }
}

const transactions = async (session: WcSession) =>
  (await session.host.events()).filter((e) => e.type === 'transaction').map((e) => e.detail)

test('default', async () => {
  const { session, wallet, send } = await onSend()
  const to: Address = privateKeyToAccount(generatePrivateKey()).address
  const before = await client().getBalance({ address: wallet.address })
  await send.fill({ amount: '0.3', to })
  await send.reviewButton.click()
  await send.review.waitFor()
  await send.confirm.click()
  await session.page.locator('[data-testid="wk-view-account"]').waitFor()

  await poll(() => transactions(session).then((list) => list.length)).toBe(1)
  const [detail] = (await transactions(session)) as { hash: Hex }[]
  const hash = detail?.hash ?? '0x'
  expect(detail).toEqual({ hash, kind: 'send', caipNetworkId: 'eip155:31337', hashType: 'chain' })
  const receipt = await client().waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  expect(await client().getBalance({ address: to })).toBe(parseEther('0.3'))
  expect(await client().getBalance({ address: wallet.address })).toBe(
    before - parseEther('0.3') - receipt.gasUsed * receipt.effectiveGasPrice,
  )
})

test('error: a wallet declining over the session is "Signature declined"; the form is kept', async () => {
  const { session, wallet, send } = await onSend()
  const to: Address = privateKeyToAccount(generatePrivateKey()).address
  await send.fill({ amount: '0.2', to })
  await send.reviewButton.click()
  await send.review.waitFor()
  wallet.rejectNext('eth_sendTransaction', 4001)
  await send.confirm.click()
  await poll(() => send.failure.textContent()).toBe('Signature declined')
  await send.edit.click()
  expect(await send.amount.inputValue()).toBe('0.2')
  expect(await send.to.inputValue()).toBe(to)
  expect(await transactions(session)).toEqual([])
})
