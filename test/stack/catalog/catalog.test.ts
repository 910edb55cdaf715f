// @vitest-environment node
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import {
  CHAINS,
  SCRIPTED_SVG,
  specialWallets,
  type WcWallet,
  wallets,
} from '../../fixtures/wallets'
import { type CatalogStandIn, DEMO_PROJECT_ID, startCatalog } from './index'

const OTHER_PROJECT = 'fedcba9876543210fedcba9876543210'
const AUTH = `projectId=${DEMO_PROJECT_ID}&st=appkit&sv=html-core-1.0.0`

let catalog: CatalogStandIn
beforeAll(async () => {
  catalog = await startCatalog({ projectIds: [OTHER_PROJECT] })
})
afterEach(() => catalog.reset())
afterAll(() => catalog.close())

const get = (path: string, params = '', init?: RequestInit) =>
  fetch(`${catalog.url}${path}?${AUTH}${params ? `&${params}` : ''}`, init)

async function page(params: string): Promise<{ count: number; data: WcWallet[] }> {
  const res = await get('/getWallets', params)
  expect(res.status).toBe(200)
  return (await res.json()) as { count: number; data: WcWallet[] }
}

test('default', async () => {
  const res = await get('/getWallets')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(res.headers.get('access-control-allow-origin')).toBe('*')
  const body = (await res.json()) as { count: number; data: WcWallet[] }
  expect(body.count).toBe(wallets.length)
  expect(body.data.map((w) => w.order)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
  expect(body.data[0]).toEqual(specialWallets.devnet)
})

test('behavior: pages are 1-based; count is the total before paging', async () => {
  const last = Math.ceil(wallets.length / 40)
  const tail = await page(`page=${last}&entries=40`)
  expect(tail.count).toBe(wallets.length)
  expect(tail.data.map((w) => w.order)).toEqual(wallets.slice((last - 1) * 40).map((w) => w.order))
  expect((await page(`page=${last + 1}&entries=40`)).data).toEqual([])
  expect((await page('page=2&entries=100')).data).toHaveLength(wallets.length - 100)
})

test('behavior: include keeps only the listed ids; exclude drops ids', async () => {
  const [a, b, c] = [wallets[30], wallets[10], wallets[20]] as [WcWallet, WcWallet, WcWallet]
  const both = await page(`include=${a.id},${b.id},${c.id}&exclude=${c.id}`)
  expect(both).toEqual({ count: 2, data: [b, a] })
  const excluded = await page(
    `exclude=${specialWallets.devnet.id},${specialWallets.devnetMobile.id}`,
  )
  expect(excluded.count).toBe(wallets.length - 2)
  expect(excluded.data[0]?.order).toBe(3)
})

test('behavior: chains keeps wallets that support any listed chain', async () => {
  const solana = await page(`chains=${CHAINS.solana}&entries=100`)
  expect(solana.count).toBe(wallets.filter((w) => w.chains.includes(CHAINS.solana)).length)
  expect(solana.count).toBeGreaterThan(0)
  expect(solana.data.every((w) => w.chains.includes(CHAINS.solana))).toBe(true)

  const either = await page(`chains=${CHAINS.devnetB},${CHAINS.solana}`)
  const expected = wallets.filter(
    (w) => w.chains.includes(CHAINS.devnetB) || w.chains.includes(CHAINS.solana),
  )
  expect(either.count).toBe(expected.length)
  expect(either.count).toBeLessThan(wallets.length)
})

test('behavior: search is case-insensitive; prefix matches first, then by order', async () => {
  const result = await page('search=RAIN')
  expect(result.data.map((w) => w.name)).toEqual([
    'Rainbow',
    'Rainbow Wallet',
    'Rainbow Pay',
    'Rainbow Vault',
    'Terrain Wallet',
    'Brainy Keys',
  ])
  expect(result.count).toBe(6)
  // Relevance beats order: Terrain Wallet comes earlier in the catalogue than any Rainbow.
  expect(specialWallets.terrain.order).toBeLessThan(result.data[0]?.order ?? 0)
})

test('behavior: badge_type=certified keeps certified wallets only', async () => {
  const certified = await page('badge_type=certified&entries=100')
  expect(certified.count).toBe(wallets.filter((w) => w.badge_type === 'certified').length)
  expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)
  expect((await page('badge_type=none')).count).toBe(wallets.length)
})

test('behavior: filters combine', async () => {
  const result = await page(`search=wallet&badge_type=certified&chains=${CHAINS.devnetA}`)
  const expected = wallets.filter(
    (w) =>
      w.name.toLowerCase().includes('wallet') &&
      w.badge_type === 'certified' &&
      w.chains.includes(CHAINS.devnetA),
  )
  expect(result.count).toBe(expected.length)
  expect(new Set(result.data.map((w) => w.id))).toEqual(new Set(expected.map((w) => w.id)))
})

test('behavior: project and SDK may come as headers; clientId is optional', async () => {
  const res = await fetch(`${catalog.url}/getWallets?entries=1`, {
    headers: {
      'x-project-id': DEMO_PROJECT_ID,
      'x-sdk-type': 'appkit',
      'x-sdk-version': 'html-core-1.0.0',
    },
  })
  expect(res.status).toBe(200)
  expect((await get('/getWallets', 'clientId=abc')).status).toBe(200)
  expect((await get('/getWallets', `projectId=${OTHER_PROJECT}`)).status).toBe(200)
})

test('behavior: getAnalyticsConfig is configurable', async () => {
  expect(await (await get('/getAnalyticsConfig')).json()).toEqual({ isAnalyticsEnabled: true })
  catalog.setAnalyticsEnabled(false)
  expect(await (await get('/getAnalyticsConfig')).json()).toEqual({ isAnalyticsEnabled: false })
  catalog.reset()
  expect(await (await get('/getAnalyticsConfig')).json()).toEqual({ isAnalyticsEnabled: true })
})

test('behavior: wallet images are SVGs generated from the wallet', async () => {
  const devnet = await get(`/getWalletImage/${specialWallets.devnet.image_id}`)
  expect(devnet.status).toBe(200)
  expect(devnet.headers.get('content-type')).toBe('image/svg+xml')
  const svg = await devnet.text()
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  expect(svg).toContain('>DW</text>')
  expect(await (await get(`/getWalletImage/${specialWallets.devnet.image_id}`)).text()).toBe(svg)
  const other = await (await get(`/getWalletImage/${specialWallets.devnetMobile.image_id}`)).text()
  expect(other).toContain('>DM</text>')
  expect(other.match(/fill="#[0-9a-f]{6}"/)?.[0]).not.toBe(svg.match(/fill="#[0-9a-f]{6}"/)?.[0])
})

test('behavior: the hostile-name wallet image carries no markup from the name', async () => {
  const svg = await (await get(`/getWalletImage/${specialWallets.htmlName.image_id}`)).text()
  expect(svg).not.toContain('<img')
  expect(svg).not.toContain('onerror')
})

test('behavior: the scripted-SVG wallet image is served as is, as image/svg+xml', async () => {
  const res = await get(`/getWalletImage/${specialWallets.scriptedSvg.image_id}`)
  expect(res.headers.get('content-type')).toBe('image/svg+xml')
  expect(await res.text()).toBe(SCRIPTED_SVG)
})

test('behavior: token, currency and asset images accept any id; the stack’s own are drawn', async () => {
  for (const path of [
    '/public/getTokenImage/ETH',
    '/public/getCurrencyImage/USD',
    '/public/getAssetImage/a1b2',
    '/public/getAssetImage/eip155%3A31337',
  ]) {
    const res = await get(path)
    expect(res.status, path).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(await res.text()).toContain('</svg>')
  }
  expect(await (await get('/public/getCurrencyImage/USD')).text()).toContain('>$</text>')
  expect(await (await get('/public/getAssetImage/eip155%3A31337')).text()).toContain('#3b5bfd')
  // Any other id: its initials.
  expect(await (await get('/public/getCurrencyImage/CHF')).text()).toContain('>CH</text>')
})

test('behavior: setWallets swaps the catalogue and its images; reset restores the fixture', async () => {
  const only = { ...specialWallets.devnet, name: 'Solo', order: 1 }
  catalog.setWallets([only], new Map([[only.image_id, '<svg id="solo"/>']]))
  expect(await page('')).toEqual({ count: 1, data: [only] })
  expect(await (await get(`/getWalletImage/${only.image_id}`)).text()).toBe('<svg id="solo"/>')
  expect((await get(`/getWalletImage/${specialWallets.devnetMobile.image_id}`)).status).toBe(404)
  catalog.reset()
  expect((await page('')).count).toBe(wallets.length)
})

test('behavior: CORS preflight and Origin echo', async () => {
  const preflight = await fetch(`${catalog.url}/getWallets`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://127.0.0.1:5173',
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'x-sdk-type,x-sdk-version',
    },
  })
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
  expect(preflight.headers.get('access-control-allow-methods')).toContain('GET')
  expect(preflight.headers.get('access-control-allow-headers')).toBe('x-sdk-type,x-sdk-version')
  const res = await get('/getWallets', '', { headers: { Origin: 'http://localhost:3000' } })
  expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
  expect(res.headers.get('vary')).toBe('Origin')
  // Error answers carry CORS too, so a page can read their status.
  const refused = await fetch(`${catalog.url}/getWallets`, { headers: { Origin: 'http://x.test' } })
  expect(refused.status).toBe(400)
  expect(refused.headers.get('access-control-allow-origin')).toBe('http://x.test')
})

test('behavior: requests are logged; preflights are not', async () => {
  await get('/getWallets', 'page=2&clientId=c1')
  await fetch(`${catalog.url}/getWallets`, { method: 'OPTIONS' })
  expect(catalog.requests).toHaveLength(1)
  const [entry] = catalog.requests
  expect(entry).toMatchObject({
    method: 'GET',
    path: '/getWallets',
    query: { page: '2', clientId: 'c1', projectId: DEMO_PROJECT_ID, st: 'appkit' },
    status: 200,
  })
  expect(Math.abs((entry?.time ?? 0) - Date.now())).toBeLessThan(5_000)
})

test('behavior: failNext fails `times` matching requests, then recovers', async () => {
  catalog.failNext({ path: '/getWallets', status: 503, times: 2 })
  expect((await get('/getWalletImage/x')).status).toBe(404)
  expect((await get('/getWallets')).status).toBe(503)
  const second = await get('/getWallets')
  expect(second.status).toBe(503)
  expect(await second.json()).toEqual({ message: 'Injected failure' })
  expect((await get('/getWallets')).status).toBe(200)
  catalog.failNext({ path: '/getWallets' })
  expect((await get('/getWallets')).status).toBe(500)
})

test('behavior: failNext can send a raw body or reset the connection', async () => {
  catalog.failNext({
    path: '/get',
    status: 502,
    body: '<html>Bad gateway',
    contentType: 'text/html',
  })
  const html = await get('/getAnalyticsConfig')
  expect(html.status).toBe(502)
  expect(html.headers.get('content-type')).toBe('text/html')
  expect(await html.text()).toBe('<html>Bad gateway')
  catalog.failNext({ path: '/getWallets', status: 200, body: '{"count":1,"da' })
  expect(await (await get('/getWallets')).text()).toBe('{"count":1,"da')
  catalog.failNext({ path: '/getWallets', reset: true })
  await expect(get('/getWallets').then((r) => r.text())).rejects.toThrow()
  expect((await get('/getWallets')).status).toBe(200)
})

test('behavior: setDelay holds answers (optionally under a path); reset clears it', async () => {
  catalog.setDelay(150, '/getWallets')
  let t = Date.now()
  expect((await get('/getAnalyticsConfig')).status).toBe(200)
  expect(Date.now() - t).toBeLessThan(100)
  t = Date.now()
  expect((await get('/getWallets')).status).toBe(200)
  expect(Date.now() - t).toBeGreaterThanOrEqual(140)
  catalog.reset()
  t = Date.now()
  await get('/getWallets')
  expect(Date.now() - t).toBeLessThan(100)
})

test('error: missing or empty st or sv → 400', async () => {
  for (const query of [
    `projectId=${DEMO_PROJECT_ID}&sv=1`,
    `projectId=${DEMO_PROJECT_ID}&st=appkit`,
    `projectId=${DEMO_PROJECT_ID}&st=&sv=1`,
    `projectId=${DEMO_PROJECT_ID}&st=appkit&sv=`,
  ]) {
    const res = await fetch(`${catalog.url}/getWallets?${query}`)
    expect(res.status, query).toBe(400)
    expect(await res.json()).toEqual({ message: expect.stringMatching(/SDK (type|version)/) })
  }
})

test('error: malformed projectId → 400; unregistered → 403', async () => {
  const call = (projectId: string) =>
    fetch(`${catalog.url}/getWallets?projectId=${projectId}&st=appkit&sv=1`)
  for (const bad of ['', 'abc', DEMO_PROJECT_ID.toUpperCase(), `${DEMO_PROJECT_ID}0`]) {
    expect((await call(bad)).status, bad).toBe(400)
  }
  const refused = await call('ffffffffffffffffffffffffffffffff')
  expect(refused.status).toBe(403)
  expect(await refused.json()).toEqual({ message: expect.stringContaining('not registered') })
  // Image routes check the same parameters.
  const image = await fetch(`${catalog.url}/getWalletImage/${specialWallets.devnet.image_id}`)
  expect(image.status).toBe(400)
})

test('error: bad paging or badge_type → 400', async () => {
  for (const params of [
    'entries=101',
    'entries=0',
    'page=0',
    'page=x',
    'entries=1.5',
    'badge_type=gold',
  ]) {
    expect((await get('/getWallets', params)).status, params).toBe(400)
  }
})

test('error: unknown image id or route → 404; other methods → 405', async () => {
  expect((await get('/getWalletImage/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  expect((await get(`/getWalletImage/${specialWallets.devnet.id}`)).status).toBe(404)
  expect((await get('/getWalletImage/')).status).toBe(404)
  expect((await get('/public/getTokenImage/')).status).toBe(404)
  expect((await get('/nope')).status).toBe(404)
  const post = await get('/getWallets', '', { method: 'POST' })
  expect(post.status).toBe(405)
  expect(post.headers.get('allow')).toBe('GET, OPTIONS')
})
