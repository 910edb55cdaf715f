import { expect, test } from 'vitest'
import { SOLANA_LOCALNET, SOLANA_WALLET, solanaTestAccount } from '../../stack/solana/index'
import { type SolanaSession, setupSolanaE2E } from '../solana/support/fixture'
import { poll } from '../support/poll'
import { SendPage } from './support/send-page'

const e2e = setupSolanaE2E()
const chain = () => e2e.stack.solana?.chain ?? raise('no SVM')
function raise(message: string): never {
  throw new Error(message)
}

/** A recipient the SVM has never seen. */
async function freshRecipient() {
  const { address } = await solanaTestAccount(300 + Math.floor(Math.random() * 10_000))
  return address
}

/** Connects the Solana test wallet and opens Account. */
async function connected(s: SolanaSession) {
  await s.open()
  await s.modal.openViaApi()
  await s.solana.wallet(SOLANA_WALLET.name).click()
  await s.modal.waitForClosed()
  await s.modal.openViaApi()
  await s.solana.account.waitFor()
  return new SendPage(s.page)
}

const transactions = async (s: SolanaSession) =>
  (await s.host.events()).filter((e) => e.type === 'transaction').map((e) => e.detail)

test('default', async () => {
  const s = await e2e.newSession()
  const send = await connected(s)
  const to = await freshRecipient()
  const before = chain().balance(s.wallet.address)
  await send.feature('send').click()
  await send.fill({ amount: '1.25', to })
  await send.fee.waitFor()
  expect(await send.fee.textContent()).toBe('Network fee: up to 0.000005 SOL')
  await send.reviewButton.click()
  await send.review.waitFor()
  expect(await send.reviewAmount.textContent()).toContain('1.25 SOL')
  await send.confirm.click()
  await s.solana.account.waitFor()

  await poll(() => transactions(s).then((list) => list.length)).toBe(1)
  const [detail] = (await transactions(s)) as { hash: string }[]
  expect(detail).toEqual({
    hash: expect.any(String),
    kind: 'send',
    caipNetworkId: SOLANA_LOCALNET,
    hashType: 'chain',
  })
  // The transfer the wallet signed executed on the SVM, to the lamport.
  expect(chain().status(detail?.hash ?? '')).toEqual({ slot: expect.any(Number), err: null })
  expect(chain().balance(to)).toBe(1_250_000_000n)
  expect(chain().balance(s.wallet.address)).toBe(before - 1_250_000_000n - 5000n)
  expect(s.wallet.calls.map((c) => c.method)).toContain('signAndSendTransaction')
})

test('behavior: Max on Solana leaves the fee, and the account ends at zero', async () => {
  const s = await e2e.newSession()
  const send = await connected(s)
  const to = await freshRecipient()
  const before = chain().balance(s.wallet.address)
  await send.feature('send').click()
  await send.type(send.to, to)
  await send.fee.waitFor()
  await send.max.click()
  await send.reviewButton.click()
  await send.review.waitFor()
  await send.confirm.click()
  await s.solana.account.waitFor()
  await poll(() => transactions(s).then((list) => list.length)).toBe(1)
  expect(chain().balance(to)).toBe(before - 5000n)
  expect(chain().balance(s.wallet.address)).toBe(0n)
})

test('behavior: Receive shows the Solana address as a QR code a phone reads', async () => {
  const s = await e2e.newSession()
  const send = await connected(s)
  await send.feature('receive').click()
  await send.receive.waitFor()
  expect(await send.qrText()).toBe(s.wallet.address)
  expect(await send.receiveNetworks.count()).toBe(1)
})
