import { expect, test, vi } from 'vitest'
import { HttpRequestError } from '../../../src/core/errors/http.js'
import type { AnalyticsEvent } from '../../../src/core/types/services.js'
import { createAnalyticsService } from '../../../src/services/analytics.js'
import { createHttpClient } from '../../../src/services/http.js'

const projectId = '0123456789abcdef0123456789abcdef'
const event: AnalyticsEvent = {
  eventId: '00000000-0000-4000-8000-000000000000',
  url: 'https://site.example/',
  domain: 'site.example',
  timestamp: 1_700_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN', properties: {} },
}

function setup(status = 204) {
  const calls: { url: URL; init: RequestInit }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), init: init ?? {} })
    return new Response(null, { status })
  })
  const http = createHttpClient({
    baseUrl: 'https://pulse.example',
    projectId,
    sdkType: 'walletkit',
    sdkVersion: 'v',
    fetch: fetch as typeof globalThis.fetch,
  })
  const beacons: { url: URL; body: string }[] = []
  const analytics = createAnalyticsService(http, (url, body) => {
    beacons.push({ url: new URL(url), body })
    return true
  })
  return { analytics, calls, beacons }
}

test('default', async () => {
  const { analytics, calls } = setup()
  await expect(analytics.send([event])).resolves.toBeUndefined()
  expect(calls).toHaveLength(1)
})

test('behavior: POST /e with the batch as a text/plain JSON body and projectId in the query', async () => {
  const { analytics, calls } = setup()
  await analytics.send([event, { ...event, eventId: 'b' }])
  const [call] = calls
  expect(call?.url.pathname).toBe('/e')
  expect(call?.url.searchParams.get('projectId')).toBe(projectId)
  expect(call?.init.method).toBe('POST')
  expect(call?.init.headers).toEqual({ 'content-type': 'text/plain;charset=UTF-8' })
  expect(JSON.parse(String(call?.init.body))).toEqual([event, { ...event, eventId: 'b' }])
})

test('behavior: a beacon goes to the same /e with the same identification and body', () => {
  const { analytics, beacons } = setup()
  expect(analytics.beacon([event])).toBe(true)
  expect(beacons[0]?.url.pathname).toBe('/e')
  expect(beacons[0]?.url.searchParams.get('projectId')).toBe(projectId)
  expect(beacons[0]?.url.searchParams.get('st')).toBe('walletkit')
  expect(JSON.parse(beacons[0]?.body ?? '')).toEqual([event])
})

test('error: a 403 is an HttpRequestError the controller can recognise', async () => {
  const { analytics } = setup(403)
  await expect(analytics.send([event])).rejects.toBeInstanceOf(HttpRequestError)
  await expect(analytics.send([event])).rejects.toMatchObject({ status: 403 })
})
