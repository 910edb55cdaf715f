import { hexToString } from 'viem'
import { describe, expect, test } from 'vitest'
import { svgDataUri } from '../../stack/blockchain-api/fixtures'
import { revocationMessage } from '../../stack/blockchain-api/index'
import { initialsSvg } from '../../stack/catalog/images'
import { connect, type EvmSession, setupEvmE2E } from '../evm/support/fixture'
import { seriousAxeViolations } from '../support/axe'
import { poll } from '../support/poll'
import { ActivityPage } from './support/activity-page'

const e2e = setupEvmE2E()
const DAY = 86_400

const caipOf = (s: EvmSession) => `eip155:31337:${s.wallet.address}`
const api = () => {
  const found = e2e.stack.blockchainApi
  if (!found) throw new Error('no blockchain API')
  return found
}

/** A connected session of account `accountIndex`, smart sessions on unless told otherwise. */
async function connected(accountIndex: number, smartSessions = true, history = true) {
  const s = await e2e.newSession({ accountIndex })
  await s.open({ features: { smartSessions, history } })
  await connect(s)
  return Object.assign(s, { activity: new ActivityPage(s.page) })
}

/** Grants `caipAddress` a session for an example game: 0.01 ETH a day and `mint` on the router. */
function grantGame(caipAddress: string, extra: { iconUrl?: string; name?: string } = {}) {
  const now = Math.floor(Date.now() / 1000)
  const router = e2e.stack.chains[0]?.router ?? '0x'
  return api().sessions.grant({
    caipAddress,
    project: {
      name: extra.name ?? 'Example Game',
      url: 'https://game.example/play',
      iconUrl: extra.iconUrl ?? null,
    },
    permissions: [
      {
        type: 'native-token-recurring-allowance',
        data: { allowance: '0x2386f26fc10000', start: now, period: DAY },
      },
      {
        type: 'contract-call',
        data: { address: router, abi: [], functions: [{ functionName: 'mint' }] },
      },
    ],
    expiry: now + 7 * DAY,
  })
}

const card = (s: EvmSession, pci: string) =>
  s.page.locator(`[data-testid="wk-session"][data-pci="${pci}"]`)

/** The revocation bodies the page posts, as the kit sent them. */
function revocations(s: EvmSession) {
  const bodies: { url: string; body: Record<string, string> }[] = []
  s.page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/revoke'))
      bodies.push({ url: request.url(), body: JSON.parse(request.postData() ?? '{}') })
  })
  return bodies
}

async function openSessions(s: EvmSession & { activity: ActivityPage }) {
  await s.modal.openViaApi()
  await s.activity.sessionsEntry.click()
  await s.page.locator('[data-testid="wk-view-smart-sessions"]').waitFor()
}

test('default', async () => {
  const s = await connected(0)
  // One icon as a data: URI, shown from memory; one on a host that is none of the kit's services,
  // which is never asked: it would learn whose sessions are listed (the fallback icon shows).
  let asked = 0
  e2e.stack.static.mount('/site-icons', (_req, res) => {
    asked++
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' })
    res.end(initialsSvg('site:market', 'Market'))
  })
  const game = grantGame(caipOf(s), { iconUrl: svgDataUri(initialsSvg('site:game', 'Game')) })
  const market = grantGame(caipOf(s), {
    name: 'Market',
    iconUrl: `${e2e.stack.urls.app}/site-icons/market.svg`,
  })
  const posted = revocations(s)
  await openSessions(s)
  await poll(() => card(s, game.pci).count()).toBe(1)
  const shown = await card(s, game.pci).evaluate((el) => ({
    name: el.querySelector('[data-testid="wk-session-name"]')?.textContent,
    text: el.textContent,
    state: el.getAttribute('data-state'),
  }))
  expect(shown.name).toBe('Example Game')
  expect(shown.state).toBe('active')
  expect(shown.text).toContain('game.example')
  expect(shown.text).toContain('Spend up to 0.01 ETH every day')
  expect(shown.text).toMatch(/Call mint on 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/)
  expect(shown.text).toContain('Expires')
  // Shown from memory: an SVG as a data: URL (never navigable as a page).
  await poll(() => card(s, game.pci).locator('img').getAttribute('src')).toMatch(
    /^data:image\/svg\+xml;base64,/,
  )
  await poll(() => card(s, market.pci).locator('.wk-image').getAttribute('data-status')).toBe(
    'failed',
  )
  expect(await card(s, market.pci).locator('img').count()).toBe(0)
  expect(asked).toBe(0)
  const states = () =>
    s.page
      .locator('[data-testid="wk-session"]')
      .evaluateAll((list) => list.map((el) => el.getAttribute('data-state')))
  expect(await states()).toEqual(['active', 'active'])

  expect(await seriousAxeViolations(s.page, 'walletkit-modal')).toEqual([])
  // Revoke: the wallet signs the revocation of that session, the service checks it, the list follows.
  await card(s, game.pci).getByTestId('wk-session-revoke').click()
  await poll(() => card(s, game.pci).getAttribute('data-state')).toBe('revoked')
  // Revoked sessions go last, without a Revoke button.
  expect(await states()).toEqual(['active', 'revoked'])
  expect(await card(s, game.pci).getByTestId('wk-session-revoke').count()).toBe(0)
  expect(await card(s, game.pci).getByTestId('wk-session-state').textContent()).toBe('Revoked')
  const signed = s.wallet.calls.filter((c) => c.method === 'personal_sign')
  expect(signed).toHaveLength(1)
  const [hex] = (signed[0]?.params ?? []) as `0x${string}`[]
  // The message names the page's site, the time and a nonce, all posted beside the signature.
  const body = posted[0]?.body ?? {}
  expect(body).toMatchObject({ pci: game.pci, domain: new URL(e2e.stack.urls.app).host })
  expect(Date.now() - Date.parse(body.issuedAt ?? '')).toBeLessThan(10 * 60_000)
  expect(hexToString(hex ?? '0x')).toBe(
    revocationMessage({
      pci: game.pci,
      caipAddress: caipOf(s),
      domain: body.domain ?? '',
      issuedAt: body.issuedAt ?? '',
      nonce: body.nonce ?? '',
    }),
  )
  expect(api().sessions.find(caipOf(s), game.pci)?.revokedAt).toEqual(expect.any(Number))
  expect(api().sessions.find(caipOf(s), market.pci)?.revokedAt).toBeUndefined()
})

describe('refusals', () => {
  test('error: the same signed revocation sent again is refused as a replay', async () => {
    // An account of its own: the stand-in keeps sessions from one test to the next.
    const s = await connected(5)
    const game = grantGame(caipOf(s))
    const posted = revocations(s)
    await openSessions(s)
    await card(s, game.pci).getByTestId('wk-session-revoke').click()
    await poll(() => card(s, game.pci).getAttribute('data-state')).toBe('revoked')
    const [first] = posted
    if (!first) throw new Error('no revocation was posted')
    // The page (same origin as the kit's request) sends the very same body again.
    const replay = await s.page.evaluate(async ({ url, body }) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: await res.json() }
    }, first)
    expect(replay).toEqual({
      status: 401,
      body: { message: `Replayed revocation: nonce ${first.body.nonce}` },
    })
  })

  test('error: a forged signature is refused (401) and said so; a declined one too; nothing is revoked', async () => {
    const s = await connected(1)
    const game = grantGame(caipOf(s))
    await openSessions(s)
    await poll(() => card(s, game.pci).count()).toBe(1)
    s.wallet.forgeNextSignature(5)
    await card(s, game.pci).getByTestId('wk-session-revoke').click()
    await poll(() => card(s, game.pci).getByTestId('wk-session-error').textContent()).toBe(
      'The revocation signature was refused',
    )
    expect(
      api()
        .requests.filter((r) => r.path.endsWith('/revoke'))
        .map((r) => r.status),
    ).toEqual([401])
    expect(api().sessions.find(caipOf(s), game.pci)?.revokedAt).toBeUndefined()
    expect(await card(s, game.pci).getAttribute('data-state')).toBe('active')

    s.wallet.rejectNext('personal_sign')
    await card(s, game.pci).getByTestId('wk-session-revoke').click()
    await poll(() => card(s, game.pci).getByTestId('wk-session-error').textContent()).toBe(
      'Signature declined',
    )
    expect(api().sessions.find(caipOf(s), game.pci)?.revokedAt).toBeUndefined()

    // The real signature still works afterwards.
    await card(s, game.pci).getByTestId('wk-session-revoke').click()
    await poll(() => api().sessions.find(caipOf(s), game.pci)?.revokedAt).toEqual(
      expect.any(Number),
    )
  })

  test("error: a failed list says 'Error fetching smart sessions'; retry loads it", async () => {
    const s = await connected(2)
    grantGame(caipOf(s))
    api().failNext({ path: '/v1/sessions', status: 503 })
    await openSessions(s)
    const error = s.page.locator('[data-testid="wk-sessions-error"]')
    await error.waitFor()
    expect(await error.textContent()).toContain('Error fetching smart sessions')
    await s.page.locator('[data-testid="wk-sessions-retry"]').click()
    await poll(() => s.page.locator('[data-testid="wk-session"]').count()).toBe(1)
  })
})

test('behavior: a hostile site name and URL are shown as cleaned, isolated text', async () => {
  const s = await connected(4)
  const evil = api().sessions.grant({
    caipAddress: caipOf(s),
    project: {
      name: '\u202E<img src=x onerror="window.__walletkitXss=1">Game',
      url: 'javascript:alert(1)',
    },
    permissions: [
      {
        type: 'contract-call',
        data: {
          address: '0x0000000000000000000000000000000000000001',
          abi: [],
          functions: [{ functionName: '<b>x</b>' }],
        },
      },
    ],
    expiry: Math.floor(Date.now() / 1000) + DAY,
  })
  await openSessions(s)
  await poll(() => card(s, evil.pci).count()).toBe(1)
  const shown = await card(s, evil.pci).evaluate((el) => ({
    name: el.querySelector('[data-testid="wk-session-name"]')?.textContent,
    tag: el.querySelector('[data-testid="wk-session-name"]')?.tagName,
    elements: el.querySelectorAll('img, b, script, a').length,
    text: el.textContent,
  }))
  expect(shown.name).toBe('<img src=x onerror="window.__walletkitX…')
  expect(shown.tag).toBe('BDI')
  // No image (no icon was given), no markup, no link from the service's URL.
  expect(shown.elements).toBe(0)
  expect(shown.text).not.toContain('javascript')
  expect(shown.text).toContain('Call <b>x</b> on')
  expect(
    await s.page.evaluate(() => (window as unknown as { __walletkitXss?: unknown }).__walletkitXss),
  ).toBeUndefined()
})

test('behavior: off by default: no entry in Account, and the view says the feature is off', async () => {
  const s = await connected(3, false)
  await s.modal.openViaApi()
  await s.activity.activityEntry.waitFor()
  expect(await s.activity.sessionsEntry.count()).toBe(0)
  await s.modal.openViaApi({ view: 'SmartSessions' })
  const view = s.page.locator('[data-testid="wk-view-smart-sessions"]')
  await view.waitFor()
  expect(await view.textContent()).toBe('Smart sessions are turned off on this site.')
  expect(api().requests.filter((r) => r.path.startsWith('/v1/sessions'))).toEqual([])
})

test('behavior: with history off there is no Activity entry', async () => {
  const s = await connected(3, true, false)
  await s.modal.openViaApi()
  await s.activity.sessionsEntry.waitFor()
  expect(await s.activity.activityEntry.count()).toBe(0)
  expect(api().requests.filter((r) => r.path.endsWith('/history'))).toEqual([])
})
