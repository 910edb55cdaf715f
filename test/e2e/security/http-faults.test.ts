import { expect, test } from 'vitest'
import { connect, details, type EvmSession, setupEvmE2E } from '../evm/support/fixture'
import { recommendedWallets, walletsFor } from '../support/catalog'
import { poll } from '../support/poll'
import { expectWalletCount } from '../support/validators'

/**
 * SECURITY.md rows 19 and 20 through the built bundle in Chromium: every HTTP call the kit makes
 * today, answered with each error status or a malformed body. Each shows the spec's text or its
 * fallback, nothing is thrown uncaught (the suite fails on any page error), and the modal stays
 * usable afterwards.
 */
const e2e = setupEvmE2E()
const STATUSES = [403, 429, 500, 502, 503] as const
const ALICE_NAME = 'alice.wk.eth'

const byTestId = (s: EvmSession, id: string) => s.page.locator(`[data-testid="wk-${id}"]`)

/** The modal still works: it closes, opens again and shows a view. */
async function expectUsable(s: EvmSession): Promise<void> {
  await s.modal.pressEscape()
  await s.modal.waitForClosed()
  await s.modal.openViaApi()
  await s.page.locator('[data-testid^="wk-view-"]').first().waitFor()
}

/** The analytics and catalogue requests under `path` and their statuses. */
const statuses = (path: string) =>
  e2e.stack.catalog.requests.filter((r) => r.path.startsWith(path)).map((r) => r.status)

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  e2e.stack.catalog.failNext({ path: '/getWallets', status: 500 })
  await s.modal.openViaApi()
  await byTestId(s, 'connect-error').waitFor()
  expect(await byTestId(s, 'connect-error').textContent()).toContain('Wallets could not be loaded.')
  await byTestId(s, 'connect-retry').click()
  await s.modal.waitForWallets(recommendedWallets().length)
})

test('error: the Connect list × 403/429/500/502/503: its error, then Try again loads it (SECURITY 19)', async () => {
  const s = await e2e.newSession()
  await s.open()
  for (const [i, status] of STATUSES.entries()) {
    // Connect asks for the recommended wallets (and the featured ones when set): fail them all.
    e2e.stack.catalog.failNext({ path: '/getWallets', status })
    if (i === 0) await s.modal.openViaApi()
    else await byTestId(s, 'connect-retry').click()
    await poll(() => byTestId(s, 'connect-error').count(), `${status}`).toBe(1)
    expect(await byTestId(s, 'connect-error').textContent()).toContain(
      'Wallets could not be loaded.',
    )
    e2e.stack.catalog.reset()
  }
  await byTestId(s, 'connect-retry').click()
  await s.modal.waitForWallets(recommendedWallets().length)
  await expectUsable(s)
})

test('error: All Wallets and its search × each status: their error, then Try again (SECURITY 19)', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.modal.openViaApi({ view: 'AllWallets' })
  // The first page is listed (its grid renders only the rows in view).
  await expectWalletCount(s.modal, 40)
  for (const [i, status] of STATUSES.entries()) {
    e2e.stack.catalog.failNext({ path: '/getWallets', status })
    if (i === 0) await s.modal.search('Dev')
    else await s.modal.retry.click()
    await poll(() => s.modal.error.count(), `${status}`).toBe(1)
    expect(await s.modal.error.textContent()).toContain('The wallet list could not be loaded.')
  }
  await s.modal.retry.click()
  await poll(() => s.modal.walletNames()).toContain('Devnet Wallet')
  await expectUsable(s)
})

test('error: wallet images × each status show the fallback icon (SECURITY 19)', async () => {
  const s = await e2e.newSession()
  await s.open()
  const failing = walletsFor().slice(0, STATUSES.length)
  for (const [i, status] of STATUSES.entries())
    e2e.stack.catalog.failNext({
      path: `/getWalletImage/${failing[i]?.image_id}`,
      status,
      times: 10,
    })
  await s.modal.openViaApi({ view: 'AllWallets' })
  // The first page is listed (its grid renders only the rows in view).
  await expectWalletCount(s.modal, 40)
  const ids = failing.map((w) => w.id)
  await poll(() => s.modal.imageStatuses(ids)).toEqual(ids.map(() => 'failed'))
  // A wallet whose image answers loads it, whatever the others' failures.
  await poll(() => s.modal.imageStatuses([walletsFor()[STATUSES.length]?.id ?? ''])).toEqual([
    'ready',
  ])
  await expectUsable(s)
})

test('error: analytics × each status: the configuration failing turns analytics off silently (SECURITY 19)', async () => {
  const s = await e2e.newSession()
  await s.open({ debug: true })
  // The first instance's own event arrives before the test starts counting.
  await s.modal.openViaApi()
  await s.modal.pressEscape()
  // Its open and close are sent (by this page: a page an earlier test closed may still send its
  // queued events by beacon) before the instance goes, so destroy() has nothing left to send.
  const sentByPage = (event: string) =>
    s.requests.some(
      (r) => r.url.startsWith(`${e2e.stack.urls.analytics}/e`) && r.body?.includes(event),
    )
  await poll(() => sentByPage('MODAL_OPEN') && sentByPage('MODAL_CLOSE')).toBe(true)
  const sentBefore = s.requests.filter((r) =>
    r.url.startsWith(`${e2e.stack.urls.analytics}/e`),
  ).length
  for (const status of STATUSES) {
    // A fresh instance reads the configuration again.
    await s.page.evaluate(() => window.WalletKit?.init().destroy())
    e2e.stack.analytics.reset()
    e2e.stack.catalog.failNext({ path: '/getAnalyticsConfig', status })
    await s.host.init(s.host.options({ debug: true }))
    // The configuration is read at the first open, never before.
    await s.modal.openViaApi()
    await poll(() => statuses('/getAnalyticsConfig').includes(status), `${status}`).toBe(true)
    await s.modal.pressEscape()
    await s.modal.waitForClosed()
    // No event is sent without a configuration that allows it (this page's requests: a page an
    // earlier test closed may still send its queued events by beacon).
    expect(
      s.requests.filter((r) => r.url.startsWith(`${e2e.stack.urls.analytics}/e`)).length,
      `${status}`,
    ).toBe(sentBefore)
  }
  expect(await s.evm.toasts()).toEqual([])
  await expectUsable(s)
})

test('error: analytics events × each status: 403 says Invalid App Configuration once, in debug only (SECURITY 19)', async () => {
  const s = await e2e.newSession()
  await s.open({ debug: true })
  const sent = () =>
    e2e.stack.analytics.requests.filter((r) => r.path === '/e').map((r) => r.status)
  // The others first: they change nothing; then 403, which stops events and says so once.
  for (const status of [429, 500, 502, 503, 403]) {
    e2e.stack.analytics.failNext({ path: '/e', status })
    await s.modal.openViaApi()
    await poll(() => sent().includes(status), `${status}`).toBe(true)
    if (status === 403) await poll(() => s.evm.toasts()).toContain('Invalid App Configuration')
    await s.modal.pressEscape()
    await s.modal.waitForClosed()
  }
  const count = sent().length
  await s.modal.openViaApi()
  await s.modal.pressEscape()
  expect(sent()).toHaveLength(count)
  expect((await s.evm.toasts()).filter((t) => t === 'Invalid App Configuration')).toHaveLength(1)
  await expectUsable(s)
  // Without debug, the same 403 shows nothing.
  const quiet = await e2e.newSession()
  await quiet.open()
  e2e.stack.analytics.failNext({ path: '/e', status: 403 })
  await quiet.modal.openViaApi()
  await poll(() => sent().filter((x) => x === 403).length).toBe(2)
  await quiet.modal.pressEscape()
  expect(await quiet.evm.toasts()).toEqual([])
})

/** Reloads the page and waits until the remembered wallet is connected again. */
async function reloadConnected(s: EvmSession): Promise<void> {
  await s.reload()
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
}

test('error: balances × each status: Token Balance Unavailable, the balance from the RPC (SECURITY 19)', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  for (const status of STATUSES) {
    e2e.stack.blockchainApi?.failNext({ path: '/v1/account', status, times: 3 })
    await reloadConnected(s)
    await s.modal.openViaApi()
    await s.evm.view('account').waitFor()
    await poll(() => s.evm.toasts(), `${status}`).toContain('Token Balance Unavailable')
    await poll(() => s.evm.balance.getAttribute('data-status')).toBe('ready')
    expect(await details(s, 'error')).toContainEqual({
      code: 'BALANCE_UNAVAILABLE',
      message: 'Token Balance Unavailable',
    })
  }
  await expectUsable(s)
})

test('error: the identity × each status: the address, no name (SECURITY 19)', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await poll(() => s.evm.accountName.textContent()).toBe(ALICE_NAME)
  for (const status of STATUSES) {
    e2e.stack.blockchainApi?.failNext({ path: '/v1/identity', status })
    await reloadConnected(s)
    await s.modal.openViaApi()
    await s.evm.view('account').waitFor()
    await poll(() => s.evm.balance.getAttribute('data-status')).toBe('ready')
    await poll(() =>
      e2e.stack.blockchainApi?.requests.some(
        (r) => r.path.startsWith('/v1/identity') && r.status === status,
      ),
    ).toBe(true)
    expect(await s.evm.accountName.textContent(), `${status}`).toMatch(/^0x[0-9a-fA-F]{4}…/)
  }
  await expectUsable(s)
})

test('error: the network RPC × each status, with the balance API down too: Balance unavailable (SECURITY 19)', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  const rpc = e2e.stack.chains[0]?.rpcUrl ?? ''
  for (const status of STATUSES) {
    await s.context.route(`${rpc}**`, (route) =>
      route.request().postData()?.includes('eth_getBalance')
        ? route.fulfill({ status, body: 'upstream error' })
        : route.fallback(),
    )
    e2e.stack.blockchainApi?.failNext({ path: '/v1/account', status, times: 3 })
    await reloadConnected(s)
    await s.modal.openViaApi()
    await s.evm.view('account').waitFor()
    await poll(() => s.evm.balance.getAttribute('data-status'), `${status}`).toBe('error')
    expect(await s.evm.balance.textContent()).toBe('Balance unavailable')
    await s.context.unrouteAll({ behavior: 'ignoreErrors' })
  }
  await expectUsable(s)
})

// ── Row 20: malformed bodies ────────────────────────────────────────────────────────────

const MALFORMED_CATALOGUE: [
  string,
  { body?: string; contentType?: string; reset?: boolean; times?: number },
][] = [
  ['truncated JSON', { body: '{"count":4,"data":[{"id":"x","na' }],
  ['an HTML page', { body: '<html><body>Bad gateway</body></html>', contentType: 'text/html' }],
  ['the wrong shape', { body: '{"wallets":[]}' }],
  ['NaN', { body: '{"count":NaN,"data":[]}' }],
  ['a body over the cap', { body: `{"count":1,"data":[${'{"id":"x"},'.repeat(250_000)}{}]}` }],
  ['a connection reset', { reset: true }],
]

test('error: malformed catalogue answers: the list error, nothing polluted, Try again works (SECURITY 20)', async () => {
  const s = await e2e.newSession()
  await s.open()
  for (const [i, [label, fault]] of MALFORMED_CATALOGUE.entries()) {
    e2e.stack.catalog.failNext({ path: '/getWallets', status: 200, ...fault })
    if (i === 0) await s.modal.openViaApi()
    else await byTestId(s, 'connect-retry').click()
    await poll(() => byTestId(s, 'connect-error').count(), label).toBe(1)
    e2e.stack.catalog.reset()
  }
  // `__proto__` keys in an entry are copied as nothing: no prototype changes, the entry is listed.
  const [first] = recommendedWallets()
  e2e.stack.catalog.failNext({
    path: '/getWallets',
    status: 200,
    body: `{"count":1,"__proto__":{"polluted":"yes"},"data":[{"__proto__":{"polluted":"yes","isAdmin":true},"id":"${first?.id}","name":"Proto Wallet","image_id":null,"chains":{"__proto__":["eip155:1"]},"constructor":{"prototype":{"polluted":"yes"}}}]}`,
  })
  await byTestId(s, 'connect-retry').click()
  await poll(() => s.modal.walletNames()).toContain('Proto Wallet')
  expect(
    await s.page.evaluate(() => [
      ({} as Record<string, unknown>).polluted,
      ([] as unknown as Record<string, unknown>).polluted,
      Object.keys(Object.prototype),
    ]),
  ).toEqual([undefined, undefined, []])
  await expectUsable(s)
})

test('error: malformed balance answers: entries dropped or Token Balance Unavailable, never a crash (SECURITY 20)', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  const token = (extra: string) =>
    `{"name":"Evil","symbol":"EVIL","chainId":"eip155:31337","address":"0x0000000000000000000000000000000000000001","price":1,"value":1,"quantity":{"decimals":"18","numeric":"1"},${extra}}`
  const bodies: [string, string, 'dropped' | 'unavailable' | 'kept'][] = [
    [
      'NaN price',
      `{"balances":[${token('"x":1').replace('"price":1', '"price":NaN')}]}`,
      'unavailable',
    ],
    [
      '255 decimals',
      `{"balances":[${token('"y":1').replace('"decimals":"18"', '"decimals":"255"')}]}`,
      'dropped',
    ],
    [
      'a price of 1e400',
      `{"balances":[${token('"z":1').replace('"price":1', '"price":1e400')}]}`,
      'dropped',
    ],
    [
      '__proto__ keys',
      `{"__proto__":{"polluted":"yes"},"balances":[${token('"__proto__":{"polluted":"yes"}')}]}`,
      'kept',
    ],
    ['truncated JSON', '{"balances":[{"name":"Ev', 'unavailable'],
    ['an HTML page', '<!doctype html><title>502</title>', 'unavailable'],
    ['the wrong shape', '{"balances":"all of them"}', 'unavailable'],
  ]
  for (const [label, body, outcome] of bodies) {
    e2e.stack.blockchainApi?.failNext({ path: '/v1/account', status: 200, body })
    await reloadConnected(s)
    await s.modal.openViaApi()
    await s.evm.view('account').waitFor()
    await poll(() => s.evm.balance.getAttribute('data-status'), label).toBe('ready')
    const toasts = await s.evm.toasts()
    if (outcome === 'unavailable')
      await poll(() => s.evm.toasts(), label).toContain('Token Balance Unavailable')
    else expect(toasts, label).not.toContain('Token Balance Unavailable')
    // A refused entry never reaches the screen; one whose only oddity is a `__proto__` key is
    // listed as the plain data it is.
    const text = await s.page.locator('[data-testid="wk-view-account"]').textContent()
    if (outcome === 'kept') expect(text, label).toContain('EVIL')
    else expect(text, label).not.toContain('EVIL')
    expect(
      await s.page.evaluate(() => (({}) as Record<string, unknown>).polluted),
      label,
    ).toBeUndefined()
  }
  await expectUsable(s)
})
