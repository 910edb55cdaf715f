import { expect, test } from 'vitest'
import { setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'

// The options that change Connect: the legal checkbox (`features.legalCheckbox`) and the login-first
// layout (`features.collapseWallets`).

const e2e = setupE2E()
const TERMS = 'https://site.example/terms'
const PRIVACY = 'https://site.example/privacy'

/** A page whose kit was started with `extra` options, the modal open on Connect. */
async function openConnect(extra: Record<string, unknown>) {
  const session = await e2e.newSession()
  const host = new HostPage(session.page, e2e.stack)
  const modal = new ModalPage(session.page)
  const warnings: string[] = []
  session.page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text())
  })
  await host.gotoBlank({ options: host.options(extra) })
  await modal.openViaApi()
  await modal.view('connect').waitFor()
  return { ...session, host, modal, warnings }
}

const byTestId = (s: { page: import('playwright-core').Page }, id: string) =>
  s.page.locator(`[data-testid="wk-${id}"]`)

test('default', async () => {
  const s = await openConnect({
    features: { legalCheckbox: true },
    termsConditionsUrl: TERMS,
    privacyPolicyUrl: PRIVACY,
  })
  const legal = byTestId(s, 'legal')
  expect(await legal.textContent()).toBe('I agree to the Terms of Service and Privacy Policy')
  expect(await legal.locator('a').evaluateAll((a) => a.map((l) => l.getAttribute('href')))).toEqual(
    [TERMS, PRIVACY],
  )
  // Nothing can be chosen yet: every wallet, the email field and the social logins are disabled.
  await s.modal.waitForWallets()
  const enabled = () =>
    s.page
      .locator(
        '[data-testid="wk-wallet"], [data-testid="wk-auth-email"], [data-testid^="wk-social-"]',
      )
      .evaluateAll((list) => list.filter((el) => !el.matches(':disabled')).length)
  expect(await enabled()).toBe(0)
  await s.modal.wallets.first().click({ force: true })
  expect(await s.host.state()).toMatchObject({ view: 'Connect' })
  // Ticked: everything can be chosen, in All Wallets too.
  await byTestId(s, 'legal-agree').check()
  expect(await enabled()).toBeGreaterThan(0)
  await poll(() => s.modal.wallets.evaluateAll((l) => l.some((b) => b.matches(':disabled')))).toBe(
    false,
  )
  await s.modal.goToAllWallets()
  expect(await s.modal.wallets.first().isEnabled()).toBe(true)
  expect(s.warnings).toEqual([])
})

test('behavior: All Wallets opened directly asks for the agreement first', async () => {
  const s = await openConnect({ features: { legalCheckbox: true }, termsConditionsUrl: TERMS })
  await s.modal.openViaApi({ view: 'AllWallets' })
  await s.modal.waitForWallets()
  expect(await s.modal.searchInput.isDisabled()).toBe(true)
  expect(await s.modal.wallets.first().isDisabled()).toBe(true)
  await byTestId(s, 'legal-agree').check()
  expect(await s.modal.wallets.first().isEnabled()).toBe(true)
})

test('behavior: in debug mode the checkbox without both URLs is a console warning', async () => {
  const s = await openConnect({ features: { legalCheckbox: true }, debug: true })
  expect(s.warnings).toEqual([
    expect.stringContaining(
      'features.legalCheckbox is on without termsConditionsUrl and privacyPolicyUrl',
    ),
  ])
  // The text is still there, without links.
  expect(await byTestId(s, 'legal').textContent()).toBe(
    'I agree to the Terms of Service and Privacy Policy',
  )
  expect(await byTestId(s, 'legal').locator('a').count()).toBe(0)
})

test('behavior: collapseWallets shows the logins first and one entry to the wallets', async () => {
  const s = await openConnect({ features: { collapseWallets: true } })
  await byTestId(s, 'auth-email').waitFor()
  const entry = byTestId(s, 'connect-wallets')
  expect(await entry.textContent()).toBe('Continue with a wallet')
  expect(await s.modal.wallets.count()).toBe(0)
  expect(await s.modal.allWalletsButton.count()).toBe(0)
  await entry.click()
  await s.modal.waitForWallets()
  expect(await byTestId(s, 'auth-email').count()).toBe(0)
  await s.modal.allWalletsButton.waitFor()
  expect(await s.host.state()).toMatchObject({ view: 'ConnectWallets' })
  await s.modal.goBack()
  await entry.waitFor()
  expect(await s.modal.wallets.count()).toBe(0)
})
