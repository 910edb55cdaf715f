// @vitest-environment node
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { type AnalyticsSink, DEMO_PROJECT_ID, isLocalOrigin, startAnalyticsSink } from './index'

const AUTH = `projectId=${DEMO_PROJECT_ID}&st=appkit&sv=html-core-1.0.0`
const PAGE = 'http://127.0.0.1:5173'
const event = {
  eventId: '5f1c7a52-7e0b-4d3e-9a4c-2b7f3f1a0c11',
  url: `${PAGE}/`,
  domain: '127.0.0.1',
  timestamp: 1_767_225_600_000,
  props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
}

let sink: AnalyticsSink
beforeAll(async () => {
  sink = await startAnalyticsSink()
})
afterEach(() => sink.reset())
afterAll(() => sink.close())

function post(body: unknown, headers: Record<string, string> = { Origin: PAGE }, query = AUTH) {
  return fetch(`${sink.url}/e?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

test('default', async () => {
  const res = await post(event)
  expect(res.status).toBe(202)
  expect(res.headers.get('access-control-allow-origin')).toBe(PAGE)
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(sink.events).toEqual([{ ...event, projectId: DEMO_PROJECT_ID, origin: PAGE }])
})

test('behavior: the default allowlist is any local origin; server calls have none', async () => {
  expect((await post(event, { Origin: 'http://localhost:8080' })).status).toBe(202)
  expect((await post(event, { Origin: 'https://127.0.0.1:443' })).status).toBe(202)
  expect((await post(event, {})).status).toBe(202)
  expect(sink.events.map((e) => e.origin)).toEqual([
    'http://localhost:8080',
    'https://127.0.0.1:443',
    null,
  ])
  expect(isLocalOrigin('http://127.0.0.1.evil.test')).toBe(false)
  expect(isLocalOrigin('null')).toBe(false)
})

test('behavior: setAllowedOrigins narrows the allowlist; null restores the default', async () => {
  sink.setAllowedOrigins(['http://127.0.0.1:9999'])
  expect((await post(event, { Origin: 'http://127.0.0.1:9999' })).status).toBe(202)
  expect((await post(event, { Origin: PAGE })).status).toBe(403)
  sink.setAllowedOrigins(null)
  expect((await post(event, { Origin: PAGE })).status).toBe(202)
})

test('behavior: a text/plain body (sendBeacon) is accepted', async () => {
  const res = await post(JSON.stringify(event), { Origin: PAGE, 'Content-Type': 'text/plain' })
  expect(res.status).toBe(202)
  expect(sink.events).toHaveLength(1)
})

test('behavior: CORS preflight for a JSON POST', async () => {
  const res = await fetch(`${sink.url}/e?${AUTH}`, {
    method: 'OPTIONS',
    headers: {
      Origin: PAGE,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  })
  expect(res.status).toBe(204)
  expect(res.headers.get('access-control-allow-methods')).toContain('POST')
  expect(res.headers.get('access-control-allow-headers')).toBe('content-type')
  expect(sink.requests).toHaveLength(0)
})

test('behavior: failNext and the request log', async () => {
  sink.failNext({ path: '/e', status: 503 })
  expect((await post(event)).status).toBe(503)
  expect((await post(event)).status).toBe(202)
  expect(sink.requests.map((r) => [r.method, r.path, r.status])).toEqual([
    ['POST', '/e', 503],
    ['POST', '/e', 202],
  ])
  expect(sink.events).toHaveLength(1)
})

test('error: an origin off the allowlist → 403, readable by the page, nothing recorded', async () => {
  const res = await post(event, { Origin: 'https://evil.test' })
  expect(res.status).toBe(403)
  expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.test')
  expect(await res.json()).toEqual({ message: expect.stringContaining('https://evil.test') })
  expect((await post(event, { Origin: 'null' })).status).toBe(403)
  expect(sink.events).toEqual([])
})

test('error: malformed bodies → 400, nothing recorded', async () => {
  const { props: _props, ...noProps } = event
  const cases: unknown[] = [
    '{"eventId":',
    '[]',
    'null',
    noProps,
    { ...event, eventId: '' },
    { ...event, url: 1 },
    { ...event, domain: null },
    { ...event, timestamp: '2026-01-01' },
    { ...event, props: [] },
  ]
  for (const body of cases) {
    const res = await post(body)
    expect(res.status, JSON.stringify(body)).toBe(400)
    expect(await res.json()).toEqual({ message: expect.any(String) })
  }
  expect(sink.events).toEqual([])
})

test('error: project and SDK checks', async () => {
  expect(
    (await post(event, { Origin: PAGE }, `projectId=${'f'.repeat(32)}&st=a&sv=1`)).status,
  ).toBe(403)
  expect((await post(event, { Origin: PAGE }, `projectId=${DEMO_PROJECT_ID}&st=a`)).status).toBe(
    400,
  )
  expect((await post(event, { Origin: PAGE }, 'st=a&sv=1')).status).toBe(400)
  expect(sink.events).toEqual([])
})

test('error: wrong method, route or size', async () => {
  const get = await fetch(`${sink.url}/e?${AUTH}`)
  expect(get.status).toBe(405)
  expect(get.headers.get('allow')).toBe('POST, OPTIONS')
  expect((await fetch(`${sink.url}/events?${AUTH}`, { method: 'POST' })).status).toBe(404)
  const huge = { ...event, props: { blob: 'x'.repeat(70 * 1024) } }
  expect((await post(huge)).status).toBe(413)
})

test('behavior: a batch is recorded event by event, in order; a bad event refuses the batch', async () => {
  const second = {
    ...event,
    eventId: 'b',
    props: { type: 'track', event: 'MODAL_CLOSE', properties: {} },
  }
  expect((await post([event, second])).status).toBe(202)
  expect(sink.events.map((e) => e.eventId)).toEqual([event.eventId, 'b'])
  expect((await post([event, { ...event, timestamp: 'x' }])).status).toBe(400)
  expect((await post([])).status).toBe(400)
  expect(sink.events).toHaveLength(2)
})

test('behavior: the recorded events show on a page (escaped) and as JSON', async () => {
  await post([
    { ...event, props: { type: 'track', event: '<b>X</b>', properties: { view: 'Connect' } } },
  ])
  const page = await fetch(`${sink.url}/`)
  expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  const html = await page.text()
  expect(html).toContain('Analytics events (1)')
  expect(html).toContain('&#60;b&#62;X&#60;/b&#62;')
  expect(html).not.toContain('<b>X</b>')
  expect(html).toContain('&#34;view&#34;:&#34;Connect&#34;')
  const json = (await (await fetch(`${sink.url}/events`)).json()) as unknown[]
  expect(json).toHaveLength(1)
})
