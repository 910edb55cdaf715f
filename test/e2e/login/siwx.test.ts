import { expect, test } from 'vitest'
import { SiwxPage } from '../siwx/support/siwx-page'
import { poll } from '../support/poll'
import { emailLogin, type LoginSession, setupLoginE2E } from './support/fixture'

const e2e = setupLoginE2E()

const SIWX_PAGE = '/test/e2e/pages/siwx.html'

async function openSiwx(s: LoginSession, query = '') {
  await s.host.goto(`${SIWX_PAGE}${query ? `?${query}` : ''}`)
  await s.host.waitForReady()
  return new SiwxPage(s.page)
}

/** Signs the sign-in message: the kit's Sign, then Approve in the frame. */
async function sign(s: LoginSession, siwx: SiwxPage) {
  await siwx.waitForSignView()
  await siwx.signButton.click()
  await s.login.frame.getByText('wants you to sign in with your Ethereum account').waitFor()
  await s.login.approve()
}

test('default', async () => {
  // The site's server verifies on the chain (EIP-1271 for the smart account).
  const s = await e2e.newSession()
  const siwx = await openSiwx(s)
  const email = await emailLogin(s)
  await sign(s, siwx)
  await poll(() => s.host.state().then((state) => state.session)).not.toBeNull()
  const smartAccount = e2e.stack.loginFrame.users.get(`email:${email}`)?.accounts.smartAccount
  const [verification] = e2e.stack.siwxVerifier.verifications
  expect(verification).toMatchObject({ valid: true, address: smartAccount, chainId: 31337 })
  const signedIn = (await s.host.events()).filter((e) => e.type === 'signedIn')
  expect(signedIn.map((e) => e.detail)).toEqual([
    expect.objectContaining({ caipAddress: `eip155:31337:${smartAccount}` }),
  ])
})

test('behavior: the kit itself verifies the smart account through its contract (EIP-1271)', async () => {
  const s = await e2e.newSession()
  const siwx = await openSiwx(s, 'verify=browser')
  const email = await emailLogin(s)
  await sign(s, siwx)
  await poll(() =>
    s.host
      .state()
      .then((state) => (state.session as { caipAddress?: string } | null)?.caipAddress ?? null),
  ).toBe(`eip155:31337:${e2e.stack.loginFrame.users.get(`email:${email}`)?.accounts.smartAccount}`)
})

test('error: a site that verifies EOA signatures only: the smart account is the likely cause', async () => {
  const s = await e2e.newSession()
  const siwx = await openSiwx(s, 'verify=eoa')
  await emailLogin(s)
  await sign(s, siwx)
  await poll(() => s.evm.toasts()).toContain('This application might not support Smart Accounts')
  expect((await s.host.state()).session).toBeNull()
  expect(e2e.stack.siwxVerifier.verifications).toEqual([
    expect.objectContaining({ valid: false, reason: 'bad-signature' }),
  ])
})
