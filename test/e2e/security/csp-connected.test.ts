import { expect, test } from 'vitest'
import { type EvmSession, setupEvmE2E } from '../evm/support/fixture'
import { PAGES } from '../support/host-page'
import { poll } from '../support/poll'
import { recordCspViolations } from '../support/recorders'

/**
 * SECURITY.md row 4 with a wallet: the strict policy (the row's header; connect-src lists only the
 * stack's services and chains) while an injected wallet connects, signs in and is used: Account
 * with the identity's avatar, Networks, UnsupportedChain, SIWXSignMessage, a toast, Send, Receive,
 * Swap, OnRamp, RegisterName and Activity. A canary
 * breach proves the recorder hears violations; nothing else may be recorded.
 */
const e2e = setupEvmE2E()
const CANARY = 'http://127.0.0.1:1/canary'

function policy(): string {
  const { api, analytics, blockchainApi, relay } = e2e.stack.urls
  const chains = e2e.stack.chains.map((c) => c.rpcUrl)
  const connect = [api, analytics, blockchainApi, relay, ...chains].map((u) => new URL(u).origin)
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    // Email and social login is on by default: its frame is the one frame the kit shows.
    `frame-src ${new URL(e2e.stack.urls.loginFrame).origin}`,
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ')
}

const violations = (s: EvmSession) => s.page.evaluate(() => window.__wkViolations ?? [])
const testId = (s: EvmSession, id: string) => s.page.locator(`[data-testid="wk-${id}"]`)

test('default', async () => {
  e2e.stack.static.setHeaderHook((_req, path) =>
    path === PAGES.blank ? { 'Content-Security-Policy': policy() } : undefined,
  )
  try {
    const s = await e2e.newSession()
    await recordCspViolations(s.context)
    await s.open({ siwx: {} })

    // The recorder works: a request to a port the policy does not list is reported.
    await s.page.evaluate((url) => fetch(url).catch(() => undefined), CANARY)
    await poll(() => violations(s).then((list) => list.map((v) => v.blockedURI))).toContain(CANARY)

    // Connect: the sign-in view follows, then Account.
    await s.modal.openViaApi()
    await s.evm.wallet(s.info.uuid).click()
    await testId(s, 'view-siwx').waitFor()
    await testId(s, 'siwx-sign').click()
    await poll(() => s.host.state().then((state) => state.session !== null)).toBe(true)
    await s.modal.openViaApi()
    await s.evm.view('account').waitFor()
    // The avatar is shown from memory: data: or blob:, never the host the record names.
    const avatar = testId(s, 'account-avatar')
    await avatar.waitFor()
    expect(await avatar.getAttribute('src')).toMatch(/^(data:image\/|blob:)/)
    await poll(() =>
      avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0)

    // A toast.
    await testId(s, 'account-copy').click()
    await testId(s, 'toast').waitFor()

    // The views a connected visitor opens: Send, Receive, Swap, buying crypto, names, Activity.
    for (const [view, id] of [
      ['Send', 'view-send'],
      ['Receive', 'view-receive'],
      ['Swap', 'view-swap'],
      ['OnRamp', 'view-onramp'],
      ['RegisterName', 'view-register-name'],
      ['Transactions', 'view-transactions'],
    ] as const) {
      await s.modal.openViaApi({ view })
      await testId(s, id).waitFor()
    }
    await s.modal.openViaApi({ view: 'Account' })
    await s.evm.view('account').waitFor()

    // Networks, then the wallet on a network the site does not list: UnsupportedChain.
    await s.evm.networkButton.click()
    await s.evm.view('networks').waitFor()
    await s.wallet.switchChainFromWallet(424242)
    await s.evm.view('unsupported-chain').waitFor()
    await s.evm.network('eip155:31337').click()
    await poll(() => s.host.state().then((state) => state.caipNetworkId)).toBe('eip155:31337')
    await poll(() => s.modal.viewTestId()).not.toBe('wk-view-unsupported-chain')

    const ours = (await violations(s)).filter((v) => v.blockedURI !== CANARY)
    expect(ours).toEqual([])
  } finally {
    e2e.stack.static.setHeaderHook(null)
  }
})
