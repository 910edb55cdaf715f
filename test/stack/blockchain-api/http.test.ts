// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import { type Chains, startChains, testAccount } from '../chain/index.js'
import { type BlockchainApi, startBlockchainApi } from './index.js'

let chains: Chains
let api: BlockchainApi
beforeAll(async () => {
  chains = await startChains()
  api = await startBlockchainApi({ chains: chains.chains })
}, 30_000)
afterAll(async () => {
  await api?.stop()
  await chains?.stop()
})
afterEach(() => api.reset())

const ORIGIN = 'http://127.0.0.1:5173'

function get(path: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })
  return fetch(`${api.url}${path}?${params}`, { headers: { Origin: ORIGIN } })
}

test('default', async () => {
  const res = await get('/v1/supported-chains')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
  expect(res.headers.get('vary')).toBe('Origin')
  expect(api.requests.map((r) => [r.method, r.path, r.status])).toEqual([
    ['GET', '/v1/supported-chains', 200],
  ])
})

describe('project id and routing', () => {
  test('error: missing or malformed projectId → 400, unregistered → 403', async () => {
    const missing = await fetch(`${api.url}/v1/supported-chains`)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ message: 'Missing projectId' })
    expect(
      (await get('/v1/supported-chains', { projectId: 'ABCDEF0123456789ABCDEF0123456789' })).status,
    ).toBe(400)
    const unregistered = await get('/v1/supported-chains', { projectId: 'f'.repeat(32) })
    expect(unregistered.status).toBe(403)
    expect(unregistered.headers.get('access-control-allow-origin')).toBe(ORIGIN)
  })

  test('error: unknown path → 404, wrong method → 405', async () => {
    expect((await get('/v1/nothing')).status).toBe(404)
    const wrong = await fetch(`${api.url}/v1/supported-chains?projectId=${DEMO_PROJECT_ID}`, {
      method: 'POST',
    })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET')
  })

  test('behavior: a CORS preflight is answered without a projectId and not logged', async () => {
    const res = await fetch(`${api.url}/v1/fungible/price`, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-sdk-type,x-sdk-version',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'content-type,x-sdk-type,x-sdk-version',
    )
    expect(api.requests).toHaveLength(0)
  })
})

describe('fault injection', () => {
  test('behavior: failNext fails the given number of matching requests, then answers again', async () => {
    api.failNext({ path: '/v1/account', status: 503, times: 2 })
    const user = testAccount(0).address
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await get(`/v1/account/${user}/balance`, { currency: 'usd' })).status)
    expect(statuses).toEqual([503, 503, 200])
    expect((await get('/v1/supported-chains')).status).toBe(200)
    expect(api.requests.map((r) => [r.path, r.status])).toEqual([
      [`/v1/account/${user}/balance`, 503],
      [`/v1/account/${user}/balance`, 503],
      [`/v1/account/${user}/balance`, 200],
      ['/v1/supported-chains', 200],
    ])
    expect(api.requests[0]?.query).toMatchObject({ currency: 'usd', projectId: DEMO_PROJECT_ID })
  })

  test('behavior: a failure keeps CORS headers and may carry a raw body', async () => {
    api.failNext({
      path: '/v1/identity',
      status: 200,
      body: '<html>oops</html>',
      contentType: 'text/html',
    })
    const res = await get(`/v1/identity/${testAccount(0).address}`)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(await res.text()).toBe('<html>oops</html>')
  })

  test('behavior: setDelay holds back matching answers only', async () => {
    api.setDelay(300, '/v1/identity')
    const order: string[] = []
    await Promise.all([
      get(`/v1/identity/${testAccount(0).address}`).then(() => order.push('identity')),
      get('/v1/supported-chains').then(() => order.push('chains')),
    ])
    expect(order).toEqual(['chains', 'identity'])
  })

  test('behavior: reset() clears the log and pending failures', async () => {
    api.failNext({ path: '/v1/supported-chains', status: 500 })
    await get('/v1/identity/alice')
    api.reset()
    expect(api.requests).toHaveLength(0)
    expect((await get('/v1/supported-chains')).status).toBe(200)
  })
})
