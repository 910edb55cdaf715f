import { expect, test } from 'vitest'
import { testAccount } from '../../stack/chain/accounts'
import { poll } from '../support/poll'
import { type SiwxSession, setupSiwxE2E } from './support/fixture'

const e2e = setupSiwxE2E()
const ALICE = testAccount(1).address

const signatures = (s: SiwxSession) => s.wallet.calls.filter((c) => c.method === 'personal_sign')
const eventsOf = async (s: SiwxSession, type: string) =>
  (await s.host.events()).filter((e) => e.type === type).map((e) => e.detail)

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.siwx.connectWallet()
  expect(await s.modal.titleText()).toBe('Sign In')
  await expect(s.siwx.view.textContent()).resolves.toContain('Sign in to Example Shop')
  await s.siwx.signButton.click()
  await s.modal.waitForClosed()

  // The site's server verified the signature through the verify hook.
  const [verification] = e2e.stack.siwxVerifier.verifications
  expect(verification).toMatchObject({ valid: true, address: ALICE, chainId: 31337 })
  expect(await s.siwx.verifierAnswers()).toEqual([{ valid: true, address: ALICE, chainId: 31337 }])
  expect(verification?.message).toContain(
    `${new URL(e2e.stack.urls.app).host} wants you to sign in with your Ethereum account:\n${ALICE}\n\nSign in to Example Shop.\n\nURI: ${e2e.stack.urls.app}\nVersion: 1\nChain ID: 31337\nNonce: `,
  )
  const [signedIn] = await eventsOf(s, 'signedIn')
  expect(signedIn).toEqual({
    caipAddress: `eip155:31337:${ALICE}`,
    caipNetworkId: 'eip155:31337',
    expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  })
  expect((await s.host.state()).session).toEqual(signedIn)
  // walletkit:connected came first, before any sign-in.
  const types = (await s.host.events()).map((e) => e.type)
  expect(types.indexOf('connected')).toBeLessThan(types.indexOf('signedIn'))
})

test('behavior: a reload keeps the session: no sign view, no new signature', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.siwx.connectWallet()
  await s.siwx.signButton.click()
  await s.modal.waitForClosed()
  const session = (await s.host.state()).session
  await s.page.reload()
  await s.host.waitForReady()
  await poll(() => s.host.state().then((state) => state.session)).toEqual(session)
  const state = await s.host.state()
  expect(state).toMatchObject({ status: 'connected', open: false, address: ALICE })
  expect(signatures(s)).toHaveLength(1)
  expect(await eventsOf(s, 'signedIn')).toEqual([])
})

test('error: 4001 shows "Signature declined"; the visitor can try again', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.siwx.connectWallet()
  s.wallet.rejectNext('personal_sign', 4001)
  await s.siwx.signButton.click()
  await expect(s.siwx.toast.textContent()).resolves.toBe('Signature declined')
  expect(await s.siwx.viewStatus()).toBe('needed')
  expect((await s.host.state()).session).toBeNull()
  expect(await eventsOf(s, 'error')).toEqual([{ code: '4001', message: 'Signature declined' }])
  await s.siwx.signButton.click()
  await s.modal.waitForClosed()
  expect((await s.host.state()).session).not.toBeNull()
})

test('behavior: an optional sign-in can be skipped; the host may sign in later', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.siwx.connectWallet()
  expect(await s.siwx.cancelButton.textContent()).toBe('Skip')
  await s.siwx.cancelButton.click()
  await s.modal.waitForClosed()
  expect(await s.host.state()).toMatchObject({ status: 'connected', session: null })
  expect(signatures(s)).toHaveLength(0)

  const signedIn = await s.siwx.call('signIn')
  expect(signedIn).toEqual({
    ok: true,
    value: {
      caipAddress: `eip155:31337:${ALICE}`,
      caipNetworkId: 'eip155:31337',
      expiresAt: expect.any(String),
    },
  })
  expect(await eventsOf(s, 'signedIn')).toEqual([(signedIn as { value: unknown }).value])
  expect(e2e.stack.siwxVerifier.verifications).toHaveLength(1)

  expect(await s.siwx.call('signOut')).toEqual({ ok: true, value: null })
  expect(await eventsOf(s, 'signedOut')).toEqual([(signedIn as { value: unknown }).value])
  expect((await s.host.state()).session).toBeNull()
})

test('behavior: switching to a network without a session asks again', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.siwx.connectWallet()
  await s.siwx.signButton.click()
  await s.modal.waitForClosed()
  await s.wallet.switchChainFromWallet(31338)
  await s.siwx.waitForSignView()
  expect(await s.host.state()).toMatchObject({ caipNetworkId: 'eip155:31338', session: null })
  await s.siwx.signButton.click()
  await s.modal.waitForClosed()
  expect((await s.host.state()).session).toMatchObject({ caipNetworkId: 'eip155:31338' })
})

test('behavior: without hooks the kit verifies in the browser', async () => {
  const s = await e2e.newSession()
  await s.open('verify=browser')
  await s.siwx.connectWallet()
  await s.siwx.signButton.click()
  await s.modal.waitForClosed()
  expect((await s.host.state()).session).not.toBeNull()
  expect(e2e.stack.siwxVerifier.verifications).toEqual([])
})

test('error: "SIWX is not enabled" without the siwx option', async () => {
  const s = await e2e.newSession()
  await s.open('siwx=off')
  const expected = { ok: false, name: 'SiwxNotEnabledError', shortMessage: 'SIWX is not enabled' }
  expect(await s.siwx.call('signIn')).toEqual(expected)
  expect(await s.siwx.call('signOut')).toEqual(expected)
  // Connecting asks for no sign-in.
  await s.modal.openViaApi()
  await s.modal.wallets.filter({ hasText: 'Devnet Wallet' }).first().click()
  await s.modal.waitForClosed()
  expect(await s.host.state()).toMatchObject({ status: 'connected', session: null })
})
