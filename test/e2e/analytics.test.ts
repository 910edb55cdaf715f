import { expect, test } from 'vitest'
import { connect, type EvmSession, setupEvmE2E } from './evm/support/fixture'
import { poll } from './support/poll'

const e2e = setupEvmE2E()

const sink = () => e2e.stack.analytics
/** Names of the events the sink recorded, oldest first. */
const names = () => sink().events.map((e) => (e.props as { event: string }).event)
/** Requests the page made to the analytics sink or for its configuration. */
const analyticsRequests = (s: EvmSession) =>
  s.requests.filter(
    (r) => r.url.startsWith(e2e.stack.urls.analytics) || r.url.includes('/getAnalyticsConfig'),
  )

/**
 * Marks the page's path with the test's name: the events of this page are then told apart from
 * those a page an earlier test closed may still send by beacon. (In the path: events carry the
 * page's origin and path only.)
 */
async function mark(s: EvmSession, name: string): Promise<(url: string) => boolean> {
  const marker = `test-${name.replace(/[^a-z0-9]+/gi, '-')}`
  await s.page.evaluate((m) => history.replaceState(null, '', m), marker)
  return (url) => url.includes(marker)
}

/** The page is hidden (a tab switch, leaving): queued events go by beacon. */
async function hidePage(s: EvmSession): Promise<void> {
  await s.page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')))
}

/**
 * Closes and opens the modal and hides the page at once: the MODAL_OPEN is still queued when the page
 * hides (the timed flush, ANALYTICS_FLUSH_MS, may have sent everything before), so it goes by
 * beacon.
 */
async function openAndHide(s: EvmSession): Promise<void> {
  await s.page.evaluate(async () => {
    const kit = window.WalletKit?.init()
    // Shown or not after the funnel: closed, then opened.
    kit?.close()
    await kit?.open()
    window.dispatchEvent(new PageTransitionEvent('pagehide'))
  })
}

/** Connects, switches to the second chain, disconnects and closes: the whole funnel. */
async function funnel(s: EvmSession): Promise<void> {
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await s.evm.networkButton.click()
  await s.evm.network('eip155:31338').click()
  await poll(() => s.host.state().then((state) => state.caipNetworkId)).toBe('eip155:31338')
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await s.evm.disconnect.click()
  await poll(() => s.host.state().then((state) => state.status)).toBe('disconnected')
}

test('default: the sink receives the funnel of a connect, in order, with nothing before open', async () => {
  sink().reset()
  const s = await e2e.newSession()
  await s.open()
  // A login's code and a token in the page's address: they stay on the page.
  await s.page.evaluate(() =>
    history.replaceState(null, '', `${location.pathname}?code=SECRETCODE#access_token=SECRETTOKEN`),
  )
  // Ready, connectors announced, nothing asked of analytics: not even its configuration.
  await s.evm
    .wallet(s.info.uuid)
    .waitFor({ state: 'attached' })
    .catch(() => undefined)
  expect(analyticsRequests(s)).toEqual([])
  expect(sink().events).toEqual([])
  await funnel(s)
  await openAndHide(s)
  const expected = [
    'MODAL_OPEN',
    'SELECT_WALLET',
    'CONNECT_SUCCESS',
    'MODAL_CLOSE',
    'MODAL_OPEN',
    'SWITCH_NETWORK',
    'DISCONNECT_SUCCESS',
  ]
  await poll(() => names().filter((n) => expected.includes(n))).toEqual(
    expect.arrayContaining(expected),
  )
  // What was queued when the page was hidden went by sendBeacon (a no-cors request), which may
  // reach the sink after the events sent before it.
  await poll(() =>
    sink()
      .requests.filter((r) => r.path === '/e')
      .map((r) => r.headers['sec-fetch-mode']),
  ).toContain('no-cors')
  const seen = names().filter((n) => expected.includes(n))
  // In order: each expected event after the one before it.
  let at = -1
  for (const name of expected) {
    const next = seen.indexOf(name, at + 1)
    expect(next, `${name} after ${seen.slice(0, at + 1).join(', ')}`).toBeGreaterThan(at)
    at = next
  }
  const success = sink().events.find(
    (e) => (e.props as { event: string }).event === 'CONNECT_SUCCESS',
  )
  expect(success?.props).toMatchObject({
    type: 'track',
    properties: {
      connector: expect.any(String),
      view: expect.any(String),
      caipNetworkId: 'eip155:31337',
    },
  })
  expect(success?.domain).toBe('127.0.0.1')
  // The page's origin and path only.
  expect(success?.url).toBe(`${new URL(s.page.url()).origin}${new URL(s.page.url()).pathname}`)
  expect(JSON.stringify(sink().events)).not.toMatch(/SECRET/)
  // No address anywhere, in any spelling, unless the site owner asks for it.
  const address = s.wallet.address.toLowerCase().slice(2)
  expect(JSON.stringify(sink().events).toLowerCase()).not.toContain(address)
})

test('behavior: a declined connection is a CONNECT_ERROR with its connector and view', async () => {
  sink().reset()
  const s = await e2e.newSession()
  await s.open()
  s.wallet.rejectNext('eth_requestAccounts', 4001)
  await s.modal.openViaApi()
  await s.evm.wallet(s.info.uuid).click()
  await s.evm.retry.waitFor()
  await hidePage(s)
  await poll(() => names()).toContain('CONNECT_ERROR')
  const failure = sink().events.find(
    (e) => (e.props as { event: string }).event === 'CONNECT_ERROR',
  )
  expect(failure?.props).toMatchObject({
    properties: {
      connector: expect.any(String),
      view: 'ConnectingExternal',
      message: expect.any(String),
    },
  })
  expect(names().indexOf('SELECT_WALLET')).toBeLessThan(names().indexOf('CONNECT_ERROR'))
})

test('behavior: with analyticsAddresses the address goes with the events', async () => {
  sink().reset()
  const s = await e2e.newSession()
  await s.open({ analyticsAddresses: true })
  await connect(s)
  await hidePage(s)
  await poll(() => names()).toContain('CONNECT_SUCCESS')
  const success = sink().events.find(
    (e) => (e.props as { event: string }).event === 'CONNECT_SUCCESS',
  )
  const props = (success?.props ?? {}) as { address?: string }
  expect(String(props.address).toLowerCase()).toBe(s.wallet.address.toLowerCase())
})

for (const [name, setup] of [
  ['features.analytics false', { options: { features: { analytics: false } } }],
  ['Global Privacy Control', { gpc: true }],
  ['Do Not Track', { dnt: true }],
] as const) {
  test(`behavior: ${name} sends nothing ever`, async () => {
    sink().reset()
    const s = await e2e.newSession()
    if ('gpc' in setup)
      await s.context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
      )
    if ('dnt' in setup)
      await s.context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
      )
    await s.open('options' in setup ? setup.options : {})
    const mine = await mark(s, name)
    await funnel(s)
    await hidePage(s)
    // A control in the same page proves the page can still reach the sink and was heard.
    await s.page.evaluate(
      (url) => fetch(`${url}/e?control=1`, { method: 'POST', body: '[]' }).catch(() => undefined),
      e2e.stack.urls.analytics,
    )
    await poll(() => sink().requests.some((r) => r.query.control === '1')).toBe(true)
    expect(sink().events.filter((e) => mine(e.url))).toEqual([])
    expect(analyticsRequests(s).filter((r) => !r.url.includes('control=1'))).toEqual([])
  })
}

test('error: a 403 shows Invalid App Configuration once in debug mode, nothing otherwise', async () => {
  for (const debug of [true, false]) {
    sink().reset()
    sink().setAllowedOrigins(['http://elsewhere.test'])
    const s = await e2e.newSession()
    await s.open({ debug })
    await s.modal.openViaApi()
    await poll(() => sink().requests.filter((r) => r.path === '/e').length).toBe(1)
    await s.modal.clickClose()
    await s.modal.openViaApi()
    await s.modal.clickClose()
    await hidePage(s)
    if (debug) {
      await poll(() => s.evm.toasts()).toEqual(['Invalid App Configuration'])
    }
    await s.modal.openViaApi()
    await s.modal.waitForWallets()
    expect(await s.evm.toasts(), `debug ${debug}`).toEqual(
      debug ? ['Invalid App Configuration'] : [],
    )
    // After the 403 nothing more is sent.
    expect(
      sink().requests.filter((r) => r.path === '/e'),
      `debug ${debug}`,
    ).toHaveLength(1)
  }
})

test('behavior: a failing analytics service never affects the modal', async () => {
  sink().reset()
  sink().failNext({ path: '/e', status: 500, times: 5 })
  sink().setDelay(20_000, '/e')
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  expect((await s.host.state()).status).toBe('connected')
  expect(await s.evm.toasts()).toEqual([])
  sink().setDelay(0)
})
