import { expect, test } from 'vitest'
import { trackRequests } from '../support/network'
import { poll } from '../support/poll'
import { type LoginSession, newEmail, setupLoginE2E } from './support/fixture'

// SECURITY.md row 15: a login frame that is silent or blocked costs the visitor the email login
// only; after LOGIN_FRAME_TIMEOUT_MS (30 s, run on the page's fake clock) the spec's text shows,
// and an extension wallet still connects.

const e2e = setupLoginE2E()
const TEXT = 'A problem occurred while trying initialize authentication'
const TIMEOUT_MS = 30_000

const frameOrigin = () => new URL(e2e.stack.urls.loginFrame).origin
const fromFrame = (urls: readonly string[]) =>
  urls.filter((u) => new URL(u).origin === frameOrigin())

/** Asks for a code, lets 30 s pass on the page's clock, and expects the spec's text. */
async function expectTimeout(s: LoginSession) {
  await s.modal.openViaApi()
  await s.login.submitEmail(newEmail())
  // Nothing answers: still waiting just before the time-out…
  await s.page.clock.runFor(TIMEOUT_MS - 1_000)
  expect(await s.login.emailError.count()).toBe(0)
  // …and the spec's text once it has passed.
  await s.page.clock.runFor(1_000)
  await poll(() => s.login.emailError.textContent()).toBe(TEXT)
  await poll(() => s.evm.toasts()).toContain(TEXT)
  expect((await s.host.state()).status).toBe('disconnected')
}

/** The extension wallet connects all the same. */
async function expectExtensionConnects(s: LoginSession) {
  await s.evm.wallet(s.info.uuid).click()
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
  expect((await s.host.state()).address).toBe(s.wallet.address)
}

test('default', async () => {
  e2e.stack.loginFrame.setMode('silent')
  const s = await e2e.newSession({ setup: (context) => context.clock.install() })
  await s.open()
  await expectTimeout(s)
  await expectExtensionConnects(s)
})

test("behavior: the host's CSP blocks the frame: the same text, and the extension connects", async () => {
  const page = '/test/e2e/pages/blank.html'
  e2e.stack.static.setHeaderHook((_req, path) =>
    path === page ? { 'Content-Security-Policy': "frame-src 'none'" } : undefined,
  )
  try {
    const s = await e2e.newSession({ setup: (context) => context.clock.install() })
    await s.open()
    await expectTimeout(s)
    await expectExtensionConnects(s)
  } finally {
    e2e.stack.static.setHeaderHook(null)
  }
})

test('behavior: nothing of the frame loads before the first open, then it loads once', async () => {
  const s = await e2e.newSession()
  const requests = trackRequests(s.page)
  await s.open({ features: { analytics: false } })
  await requests.quiet()
  expect(fromFrame(requests.urls)).toEqual([])
  expect(await s.login.frameElement.count()).toBe(0)

  // On a desktop the first sign of interest in the login loads it (test/e2e/login/intent.test.ts).
  await s.modal.openViaApi()
  await s.login.emailInput.hover()
  await poll(() =>
    fromFrame(requests.urls)
      .map((u) => new URL(u).pathname)
      .sort(),
  ).toEqual(['/', '/frame.css', '/frame.js'])
  // Inside the shadow root, hidden: its dialog is closed.
  expect(await s.login.frameDialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false)
  expect(await s.login.frameElement.isVisible()).toBe(false)
  await s.modal.clickClose()
  await s.modal.openViaApi()
  await s.login.emailInput.hover()
  await requests.quiet()
  expect(fromFrame(requests.urls)).toHaveLength(3)
})

test('behavior: with email and socials off, no frame ever loads', async () => {
  const s = await e2e.newSession()
  const requests = trackRequests(s.page)
  await s.open({ features: { email: false, socials: false } })
  await s.modal.openViaApi()
  await s.modal.waitForWallets()
  await requests.quiet()
  expect(fromFrame(requests.urls)).toEqual([])
  expect(await s.page.locator('[data-testid="wk-auth"]').count()).toBe(0)
})
