import {
  type Address,
  createPublicClient,
  erc20Abi,
  type Hex,
  http,
  numberToHex,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { testAccount } from '../../stack/chain/index'
import { connect, details, type EvmSession, methods, setupEvmE2E } from '../evm/support/fixture'
import { poll } from '../support/poll'
import { onSend as openSend } from './support/on-send'
import { SendPage } from './support/send-page'

const e2e = setupEvmE2E()

const client = () => createPublicClient({ transport: http(e2e.stack.urls.rpc['31337']) })
const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address
const usdc = () => {
  const token = e2e.stack.chains[0]?.tokens.find((t) => t.symbol === 'USDC')
  if (!token) throw new Error('no USDC on the stack')
  return token
}
const usdcOf = (owner: Address) =>
  client().readContract({
    address: usdc().address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
/** What the chain charged for a transaction. */
async function feeOf(hash: Hex) {
  const receipt = await client().waitForTransactionReceipt({ hash })
  return { receipt, paid: receipt.gasUsed * receipt.effectiveGasPrice }
}
const toasts = (s: EvmSession) => s.page.evaluate(() => window.__wkToasts ?? [])

/** A connected session on the Send view. */
const onSend = (options: Parameters<typeof e2e.newSession>[0] = {}) => openSend(e2e, options)

/** The one `walletkit:transaction` of the session, once the page heard it. */
async function onlyTransaction(s: EvmSession) {
  await poll(() => details(s, 'transaction').then((list) => list.length)).toBe(1)
  const [detail] = (await details(s, 'transaction')) as { hash: Hex }[]
  return detail as { hash: Hex; kind: string; caipNetworkId: string }
}

test('default', async () => {
  const { s, send } = await onSend()
  const from = s.wallet.address as Address
  const to = fresh()
  const before = await client().getBalance({ address: from })
  // The key rules as a visitor types: a leading ',' becomes '0.'.
  await send.fill({ amount: ',125', to })
  expect(await send.amount.inputValue()).toBe('0.125')
  await send.reviewButton.click()
  await send.review.waitFor()
  expect(await send.reviewAmount.textContent()).toContain('0.125 ETH')
  await send.confirm.click()
  await s.evm.view('account').waitFor()

  const transaction = await onlyTransaction(s)
  expect(transaction).toEqual({
    hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    kind: 'send',
    caipNetworkId: 'eip155:31337',
    hashType: 'chain',
  })
  const { receipt, paid } = await feeOf(transaction.hash)
  expect(receipt.transactionHash).toBe(transaction.hash)
  expect(receipt.status).toBe('success')
  expect(await client().getBalance({ address: to })).toBe(parseEther('0.125'))
  expect(await client().getBalance({ address: from })).toBe(before - parseEther('0.125') - paid)
  await poll(() => toasts(s)).toContain('Sent 0.125 ETH')
  // Still one: the receipt and the balance refresh announce nothing more.
  await poll(() => s.host.state().then((state) => state.balance)).not.toBe(null)
  expect(await details(s, 'transaction')).toHaveLength(1)
})

test("behavior: the features row follows the site's order; Swap only on a swap network", async () => {
  const s = await e2e.newSession()
  await s.open({ features: { walletFeaturesOrder: ['send', 'onramp', 'receive', 'swaps'] } })
  await connect(s)
  await s.modal.openViaApi()
  const send = new SendPage(s.page)
  await send.feature('send').waitFor()
  expect(
    await send.features.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid'))),
  ).toEqual(['wk-account-feature-send', 'wk-account-feature-onramp', 'wk-account-feature-receive'])
})

test('behavior: a 6-decimal token to a name: the name resolves, the balances move to the unit', async () => {
  const { s, send } = await onSend()
  const from = s.wallet.address as Address
  const bob = testAccount(1).address
  const [mine, theirs, eth] = [
    await usdcOf(from),
    await usdcOf(bob),
    await client().getBalance({ address: from }),
  ]
  await send.fill({ token: usdc().address, amount: '12.345678', to: 'bob.wk.eth' })
  await poll(() => send.toNote.textContent()).toBe(`bob.wk.eth is ${bob}`)
  await send.reviewButton.click()
  await send.review.waitFor()
  expect(await send.reviewAmount.textContent()).toContain('12.345678 USDC')
  expect(await send.reviewAddress.textContent()).not.toBe(bob)
  await send.fullAddress.click()
  expect(await send.reviewAddress.textContent()).toBe(bob)
  await send.confirm.click()
  await s.evm.view('account').waitFor()

  const { hash } = await onlyTransaction(s)
  const { receipt, paid } = await feeOf(hash)
  expect(receipt.to?.toLowerCase()).toBe(usdc().address.toLowerCase())
  expect(await usdcOf(from)).toBe(mine - parseUnits('12.345678', 6))
  expect(await usdcOf(bob)).toBe(theirs + 12_345_678n)
  expect(await client().getBalance({ address: from })).toBe(eth - paid)
  const asked = e2e.stack.blockchainApi?.requests.filter((r) => r.path.startsWith('/v1/profile/'))
  expect(asked?.map((r) => r.path)).toContain('/v1/profile/account/bob.wk.eth')
})

test('error: 4001 on send shows "Signature declined" and keeps the form as typed', async () => {
  const { s, send } = await onSend()
  const to = fresh()
  await send.fill({ amount: '0.5', to })
  await send.reviewButton.click()
  await send.review.waitFor()
  s.wallet.rejectNext('eth_sendTransaction', 4001)
  await send.confirm.click()
  await poll(() => send.failure.textContent()).toBe('Signature declined')
  await poll(() => toasts(s)).toContain('Signature declined')
  expect(await send.review.isVisible()).toBe(true)
  await send.edit.click()
  expect(await send.amount.inputValue()).toBe('0.5')
  expect(await send.to.inputValue()).toBe(to)
  expect(await details(s, 'transaction')).toEqual([])
  expect(await client().getBalance({ address: to })).toBe(0n)
  // And the same form sends at the next try.
  await send.reviewButton.click()
  await send.confirm.click()
  await onlyTransaction(s)
})

test('error: an unknown name and a malformed address are refused before anything is signed', async () => {
  const { s, send } = await onSend()
  const from = s.wallet.address as Address
  await send.fill({ amount: '0.1', to: 'nobody.wk.eth' })
  await poll(() => send.toNote.textContent()).toBe('No address is registered for nobody.wk.eth')
  expect(await send.reviewButton.isDisabled()).toBe(true)
  await send.type(send.to, '0x1234')
  expect(await send.toNote.textContent()).toBe('This is not a valid address')
  expect(await send.reviewButton.isDisabled()).toBe(true)
  // One character of a checksummed address typed in the wrong case.
  const typo = from.replace(/[a-f]/, (c) => c.toUpperCase())
  await send.type(send.to, typo)
  expect(await send.toNote.textContent()).toBe(
    'This address has a typo: its checksum does not match',
  )
  await send.to.press('Enter')
  expect(await send.form.isVisible()).toBe(true)
  expect(methods(s.wallet).filter((m) => m === 'eth_sendTransaction')).toEqual([])
  expect(await details(s, 'transaction')).toEqual([])
  // Sending to oneself is only a warning.
  await send.type(send.to, from)
  await send.self.waitFor()
  expect(await send.reviewButton.isEnabled()).toBe(true)
})

test('behavior: Max sends the balance less the most the fee can cost', async () => {
  const { s, send } = await onSend({ accountIndex: 8 })
  const from = s.wallet.address as Address
  const to = fresh()
  const before = await client().getBalance({ address: from })
  await send.type(send.to, to)
  await send.fee.waitFor()
  await send.max.click()
  await send.reviewButton.click()
  await send.review.waitFor()
  await send.confirm.click()
  await s.evm.view('account').waitFor()

  const { hash } = await onlyTransaction(s)
  const { receipt, paid } = await feeOf(hash)
  expect(receipt.status).toBe('success')
  const sent = await client().getTransaction({ hash })
  const reserved = sent.gas * (sent.maxFeePerGas ?? sent.gasPrice ?? 0n)
  expect(sent.value + reserved).toBe(before)
  expect(await client().getBalance({ address: to })).toBe(sent.value)
  // What is left is the reserve the fee did not use: never negative, and the account can pay it.
  expect(await client().getBalance({ address: from })).toBe(reserved - paid)
})

test('behavior: a transaction the host sends through getProvider fires walletkit:transaction once', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  const sent = await s.evm.request<Hex>('eth_sendTransaction', [
    { from: s.wallet.address, to: fresh(), value: numberToHex(1000n) },
  ])
  expect(sent.error).toBeUndefined()
  const transaction = await onlyTransaction(s)
  expect(transaction).toEqual({
    hash: sent.result,
    kind: 'send',
    caipNetworkId: 'eip155:31337',
    hashType: 'chain',
  })
  const { receipt } = await feeOf(transaction.hash)
  expect(receipt.transactionHash).toBe(sent.result)
  // Reads through the same provider are the wallet's, and announce nothing.
  expect((await s.evm.request('eth_chainId')).result).toBe('0x7a69')
  expect(await details(s, 'transaction')).toHaveLength(1)
})

test('behavior: Receive shows the address as a QR code a phone reads, and where it receives', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  const send = new SendPage(s.page)
  await send.feature('receive').click()
  await send.receive.waitFor()
  expect(await send.qrText()).toBe(s.wallet.address)
  expect(await send.receiveAddress.textContent()).toBe(s.wallet.address)
  expect(await send.receiveNetworks.locator('.wk-wallet-name').allTextContents()).toEqual([
    'Devnet',
    'Devnet 2',
  ])
  expect(await send.receiveNetworks.locator('.wk-token-mark').count()).toBe(2)
  expect(await send.receiveWarning.textContent()).toContain(
    'Assets sent on other networks may be lost',
  )
})
