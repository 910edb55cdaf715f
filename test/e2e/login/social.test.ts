import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { poll } from '../support/poll'
import { expectView } from '../support/validators'
import { type LoginSession, setupLoginE2E } from './support/fixture'

const e2e = setupLoginE2E()

/** Clicks a social button and returns the popup it opened (in the click: no blocker). */
async function startSocial(s: LoginSession, provider: string): Promise<Page> {
  await s.modal.openViaApi()
  const [popup] = await Promise.all([
    s.page.waitForEvent('popup'),
    s.login.social(provider).click(),
  ])
  await s.page.locator(`[data-testid="wk-view-social"][data-provider="${provider}"]`).waitFor()
  return popup
}

/** The consent page, as the visitor answers it. */
async function consent(popup: Page, handle: string, decision: 'allow' | 'deny' = 'allow') {
  await popup.locator('[data-testid="consent-handle"]').waitFor()
  expect(new URL(popup.url()).origin).toBe(e2e.stack.urls.loginFrame)
  // The consent pages cannot reach the host page: the popup has no opener.
  expect(await popup.evaluate(() => window.opener === null)).toBe(true)
  await popup.locator('[data-testid="consent-handle"]').fill(handle)
  await popup.locator(`[data-testid="consent-${decision}"]`).click()
}

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  const popup = await startSocial(s, 'google')
  await consent(popup, 'alice')
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
  // The kit closed the popup once it had the result.
  await poll(() => popup.isClosed()).toBe(true)
  const user = e2e.stack.loginFrame.users.get('google:alice')
  expect((await s.host.state()).address).toBe(user?.accounts.smartAccount)
  await s.modal.openViaApi()
  await poll(() => s.login.accountUser.textContent()).toBe('alice@google.example')
})

test('behavior: a provider with handles shows the handle', async () => {
  const s = await e2e.newSession()
  await s.open()
  await consent(await startSocial(s, 'x'), 'bob')
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
  await s.modal.openViaApi()
  await poll(() => s.login.accountUser.textContent()).toBe('@bob')
})

test('behavior: Connect lists the seven providers of features.socials, in order', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.modal.openViaApi()
  const providers = await s.login.socials.evaluateAll((list) =>
    list.map((el) => el.getAttribute('data-provider')),
  )
  expect(providers).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  expect(await s.login.emailInput.getAttribute('type')).toBe('email')
  await s.page.getByLabel('Email', { exact: true }).waitFor()

  await s.open({ features: { email: false, socials: ['github', 'discord'] } })
  await s.modal.openViaApi()
  await poll(() =>
    s.login.socials.evaluateAll((list) => list.map((el) => el.getAttribute('data-provider'))),
  ).toEqual(['github', 'discord'])
  expect(await s.login.emailInput.count()).toBe(0)
})

test('behavior: closing the popup returns to Connect', async () => {
  const s = await e2e.newSession()
  await s.open()
  const popup = await startSocial(s, 'github')
  // The visitor closes the window they see: closing it while it still navigates to the consent
  // page can leave the browser's close waiting for a minute (the driver's, not the kit's).
  await popup.locator('[data-testid="consent-handle"]').waitFor()
  await popup.close()
  await expectView(s.modal, 'connect')
  expect((await s.host.state()).status).toBe('disconnected')
})

test('error: a refused consent is explained and can be tried again', async () => {
  const s = await e2e.newSession()
  await s.open()
  await consent(await startSocial(s, 'discord'), 'carol', 'deny')
  await poll(() => s.login.error.textContent()).toBe(
    'The sign-in could not be completed. Try again.',
  )
  expect((await s.host.state()).status).toBe('disconnected')
  const [popup] = await Promise.all([
    s.page.waitForEvent('popup'),
    s.page.locator('[data-testid="wk-auth-social-retry"]').click(),
  ])
  await consent(popup, 'carol')
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
})
