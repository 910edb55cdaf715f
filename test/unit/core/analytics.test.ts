import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createAnalytics } from '../../../src/core/analytics.js'
import { HttpRequestError } from '../../../src/core/errors/http.js'
import { createToasts } from '../../../src/core/toast.js'
import type { AnalyticsApi, CatalogApi } from '../../../src/core/types/services.js'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-01-02T03:04:05.000Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

function setup(
  options: {
    enabled?: boolean
    debug?: boolean
    config?: boolean | Error
    sendError?: unknown
  } = {},
) {
  const getAnalyticsConfig = vi.fn(() =>
    options.config instanceof Error
      ? Promise.reject(options.config)
      : Promise.resolve({ isAnalyticsEnabled: options.config ?? true }),
  )
  const catalog: CatalogApi = {
    getWallets: vi.fn(() => Promise.resolve({ count: 0, data: [] })),
    getWalletImage: vi.fn(() => Promise.reject(new Error('unused'))),
    getAnalyticsConfig,
  }
  const send = vi.fn<AnalyticsApi['send']>(() =>
    options.sendError === undefined ? Promise.resolve() : Promise.reject(options.sendError),
  )
  const onError = vi.fn()
  const toasts = createToasts({ onError })
  const error = vi.spyOn(toasts, 'error')
  const analytics = createAnalytics({
    enabled: options.enabled ?? true,
    debug: options.debug ?? false,
    catalog,
    api: { send },
    toasts,
    location: () => ({ href: 'https://site.example/shop?x=1', hostname: 'site.example' }),
  })
  return { analytics, send, getAnalyticsConfig, toasts, error, onError }
}

const forbidden = () =>
  new HttpRequestError({ status: 403, url: 'https://pulse.example/e', body: 'origin not allowed' })

test('default', async () => {
  const { analytics, send, getAnalyticsConfig } = setup()
  expect(analytics.enabled).toBe(true)
  await analytics.track('MODAL_OPEN', { connected: false })
  expect(getAnalyticsConfig).toHaveBeenCalledTimes(1)
  expect(send).toHaveBeenCalledTimes(1)
  expect(send.mock.calls[0]?.[0]).toEqual({
    eventId: expect.stringMatching(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    ),
    url: 'https://site.example/shop?x=1',
    domain: 'site.example',
    timestamp: Date.parse('2026-01-02T03:04:05.000Z'),
    props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
  })
})

test('behavior: the config is fetched once for many events', async () => {
  const { analytics, send, getAnalyticsConfig } = setup()
  await Promise.all([analytics.track('A'), analytics.track('B')])
  await analytics.track('C')
  expect(getAnalyticsConfig).toHaveBeenCalledTimes(1)
  expect(send).toHaveBeenCalledTimes(3)
  const ids = new Set(send.mock.calls.map(([event]) => event.eventId))
  expect(ids.size).toBe(3)
})

test('behavior: off makes no call at all', async () => {
  const { analytics, send, getAnalyticsConfig } = setup({ enabled: false })
  await analytics.init()
  await analytics.track('MODAL_OPEN')
  expect(getAnalyticsConfig).not.toHaveBeenCalled()
  expect(send).not.toHaveBeenCalled()
  expect(analytics.enabled).toBe(false)
})

test('behavior: the config saying disabled stops every event', async () => {
  const { analytics, send } = setup({ config: false })
  await analytics.track('MODAL_OPEN')
  await analytics.track('MODAL_CLOSE')
  expect(send).not.toHaveBeenCalled()
  expect(analytics.enabled).toBe(false)
})

test('behavior: a failed config call counts as disabled', async () => {
  const { analytics, send } = setup({ config: new Error('HTTP status code: 500') })
  await analytics.track('MODAL_OPEN')
  expect(send).not.toHaveBeenCalled()
})

test('behavior: a 403 in debug mode shows Invalid App Configuration exactly once', async () => {
  const { analytics, send, error, onError, toasts } = setup({ debug: true, sendError: forbidden() })
  await Promise.all([analytics.track('A'), analytics.track('B')])
  await analytics.track('C')
  expect(error).toHaveBeenCalledTimes(1)
  expect(error).toHaveBeenCalledWith('Invalid App Configuration', 'INVALID_APP_CONFIGURATION')
  expect(onError).toHaveBeenCalledTimes(1)
  expect(onError).toHaveBeenCalledWith({
    code: 'INVALID_APP_CONFIGURATION',
    message: 'Invalid App Configuration',
  })
  expect(toasts.current.value).toMatchObject({
    variant: 'error',
    message: 'Invalid App Configuration',
  })
  expect(send).toHaveBeenCalledTimes(2)
  expect(analytics.enabled).toBe(false)
})

test('behavior: a 403 outside debug mode shows nothing and stops events', async () => {
  const { analytics, send, error, onError } = setup({ debug: false, sendError: forbidden() })
  await analytics.track('A')
  await analytics.track('B')
  expect(error).not.toHaveBeenCalled()
  expect(onError).not.toHaveBeenCalled()
  expect(send).toHaveBeenCalledTimes(1)
})

test('behavior: other failures are silent and events continue', async () => {
  for (const sendError of [
    new HttpRequestError({ status: 500, url: 'https://pulse.example/e' }),
    new HttpRequestError({ status: 429, url: 'https://pulse.example/e' }),
    new TypeError('Failed to fetch'),
  ]) {
    const { analytics, send, error } = setup({ debug: true, sendError })
    await expect(analytics.track('A')).resolves.toBeUndefined()
    await analytics.track('B')
    expect(error).not.toHaveBeenCalled()
    expect(send).toHaveBeenCalledTimes(2)
  }
})
