import { expect, test } from 'vitest'
import { trackRequests } from '../support/network'
import { poll } from '../support/poll'
import { IPHONE } from '../walletconnect/support/fixture'
import { emailLogin, type LoginSession, setupLoginE2E } from './support/fixture'

// When the login frame loads (docs/login-frame-protocol.md, "When the frame loads"): on a desktop
// on the visitor's first pointer, focus or touch in Connect's login part, not at the first open;
// on a phone, where a tap gives no such warning, at the first open.

const e2e = setupLoginE2E()

const frameOrigin = () => new URL(e2e.stack.urls.loginFrame).origin

/** Opens the modal and waits for the open's work: the wallet list comes after the login's step. */
async function openAndSettle(s: LoginSession) {
  const requests = trackRequests(s.page)
  await s.modal.openViaApi()
  await s.modal.waitForWallets()
  await requests.quiet()
  return requests.urls.filter((u) => new URL(u).origin === frameOrigin())
}

test('default', async () => {
  const s = await e2e.newSession()
  await s.open({ features: { analytics: false } })
  // Open on a desktop: no frame, nothing asked of its origin.
  expect(await openAndSettle(s)).toEqual([])
  expect(await s.login.frameElement.count()).toBe(0)

  // The pointer over the email field loads it, before any click.
  await s.login.emailInput.hover()
  await poll(() => s.login.frameElement.count()).toBe(1)

  // The email login completes through it.
  await emailLogin(s)
  expect(await s.login.frameElement.count()).toBe(1)
})

test('behavior: on a desktop, focus reaching the login part loads the frame', async () => {
  const s = await e2e.newSession()
  await s.open({ features: { analytics: false } })
  expect(await openAndSettle(s)).toEqual([])
  await s.login.social('google').focus()
  await poll(() => s.login.frameElement.count()).toBe(1)
})

test('behavior: on a phone the first open loads the frame', async () => {
  const s = await e2e.newSession({ device: IPHONE })
  await s.open({ features: { analytics: false } })
  await s.modal.openViaApi()
  await poll(() => s.login.frameElement.count()).toBe(1)
})
