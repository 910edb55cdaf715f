import { expect, test } from 'vitest'
import { poll } from '../support/poll'
import { expectView } from '../support/validators'
import { type LoginSession, setupLoginE2E } from './support/fixture'

const e2e = setupLoginE2E()

/** Opens ConnectingFarcaster and returns the approval URL its QR code and link carry. */
async function startFarcaster(s: LoginSession): Promise<string> {
  await s.modal.openViaApi()
  await s.login.social('farcaster').click()
  await s.page.locator('[data-testid="wk-view-farcaster"]').waitFor()
  await s.login.farcasterLink.waitFor()
  const url = (await s.login.farcasterLink.getAttribute('href')) ?? ''
  expect(await s.page.locator('[data-testid="wk-qr"]').getAttribute('data-uri')).toBe(url)
  expect(new URL(url).origin).toBe(e2e.stack.urls.loginFrame)
  return url
}

/** The visitor's phone: the Farcaster approval page. */
async function approveOnPhone(s: LoginSession, url: string, username = 'alice') {
  const phone = await s.context.newPage()
  await phone.goto(url)
  const approve = phone.locator('[data-testid="farcaster-approve"]')
  if (await approve.count()) {
    await phone.locator('[data-testid="farcaster-username"]').fill(username)
    await approve.click()
  }
  return phone
}

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  const url = await startFarcaster(s)
  const phone = await approveOnPhone(s, url, 'dora')
  await phone.locator('[data-testid="farcaster-done"]').waitFor()
  // The kit polls the frame until the approval arrives, then connects.
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
  expect((await s.host.state()).address).toBe(
    e2e.stack.loginFrame.users.get('farcaster:dora')?.accounts.smartAccount,
  )
  await s.modal.openViaApi()
  await poll(() => s.login.accountUser.textContent()).toBe('@dora')
})

test('behavior: back clears the URL and reloads the connector; the old request is dead', async () => {
  const s = await e2e.newSession()
  await s.open()
  const url = await startFarcaster(s)
  const channel = new URL(url).searchParams.get('channel') ?? ''
  await s.modal.goBack()
  await expectView(s.modal, 'connect')
  // SPEC §2: after 100 ms the connector reloads: the frame drops the request it had open.
  await poll(() => e2e.stack.loginFrame.channels.get(channel)?.status).toBe('cancelled')
  const phone = await approveOnPhone(s, url)
  await phone.locator('[data-testid="farcaster-expired"]').waitFor()
  expect((await s.host.state()).status).toBe('disconnected')

  // Farcaster again: a new request, which works.
  const next = await startFarcaster(s)
  expect(next).not.toBe(url)
  await approveOnPhone(s, next, 'erin')
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
})
