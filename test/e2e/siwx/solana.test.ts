import { expect, test } from 'vitest'
import { SOLANA_LOCALNET, SOLANA_WALLET } from '../../stack/solana/index'
import { setupSolanaE2E } from '../solana/support/fixture'
import { poll } from '../support/poll'
import { SiwxPage } from './support/siwx-page'

/** Sign-in with the Solana test wallet (Wallet Standard, Ed25519), verified in the browser. */
const e2e = setupSolanaE2E()

test('default', async () => {
  const s = await e2e.newSession()
  const siwx = new SiwxPage(s.page)
  await s.open({ siwx: { statement: 'Sign in to Example Shop.' } })
  await s.modal.openViaApi()
  await s.solana.wallet(SOLANA_WALLET.name).click()
  await siwx.waitForSignView()
  await siwx.signButton.click()
  await s.modal.waitForClosed()

  const expected = {
    caipAddress: `${SOLANA_LOCALNET}:${s.wallet.address}`,
    caipNetworkId: SOLANA_LOCALNET,
    expiresAt: expect.any(String),
  }
  expect((await s.host.state()).session).toEqual(expected)
  const signedIn = (await s.host.events()).filter((e) => e.type === 'signedIn')
  expect(signedIn.map((e) => e.detail)).toEqual([expected])
  // The wallet signed the Sign In With Solana text for this page.
  const call = s.wallet.calls.find((c) => c.method === 'signMessage')
  expect(call).toBeDefined()

  // A reload checks the Ed25519 signature again and keeps the session.
  await s.open({ siwx: { statement: 'Sign in to Example Shop.' } })
  await poll(() => s.host.state().then((state) => state.session)).toEqual(expected)
  expect((await s.host.state()).open).toBe(false)
  expect(s.wallet.calls.filter((c) => c.method === 'signMessage')).toHaveLength(1)
})

test('error: a declined signature is "Signature declined"', async () => {
  const s = await e2e.newSession()
  const siwx = new SiwxPage(s.page)
  await s.open({ siwx: { required: true } })
  await s.modal.openViaApi()
  await s.solana.wallet(SOLANA_WALLET.name).click()
  await siwx.waitForSignView()
  s.wallet.rejectNext('signMessage', 4001)
  await siwx.signButton.click()
  await expect(siwx.toast.textContent()).resolves.toBe('Signature declined')
  expect(await siwx.viewStatus()).toBe('needed')
  expect((await s.host.state()).session).toBeNull()
})
