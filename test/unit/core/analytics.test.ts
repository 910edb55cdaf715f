import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createAnalytics } from '../../../src/core/analytics.js'
import { ANALYTICS_FLUSH_MS, ANALYTICS_QUEUE_MAX } from '../../../src/core/constants.js'
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
    optedOut?: boolean
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
  const beacon = vi.fn<AnalyticsApi['beacon']>(() => true)
  const onError = vi.fn()
  const toasts = createToasts({ onError })
  const error = vi.spyOn(toasts, 'error')
  const analytics = createAnalytics({
    enabled: options.enabled ?? true,
    debug: options.debug ?? false,
    optedOut: () => options.optedOut ?? false,
    catalog,
    api: { send, beacon },
    toasts,
    location: () => ({
      href: 'https://site.example/shop?code=secret&state=1#access_token=t',
      hostname: 'site.example',
    }),
  })
  return { analytics, send, beacon, getAnalyticsConfig, toasts, error, onError }
}

/** Lets the configuration answer and the batch timer run. */
const settle = async () => {
  await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS)
}

const forbidden = () =>
  new HttpRequestError({ status: 403, url: 'https://pulse.example/e', body: 'origin not allowed' })

test('default: events after start go in one batch a moment after the first', async () => {
  const { analytics, send, getAnalyticsConfig } = setup()
  analytics.start()
  analytics.track('MODAL_OPEN', { connected: false, connector: undefined })
  analytics.track('SELECT_WALLET', { name: 'Devnet Wallet' })
  expect(send).not.toHaveBeenCalled()
  await settle()
  expect(getAnalyticsConfig).toHaveBeenCalledTimes(1)
  expect(send).toHaveBeenCalledTimes(1)
  const batch = send.mock.calls[0]?.[0] ?? []
  expect(batch).toHaveLength(2)
  expect(batch[0]).toEqual({
    eventId: expect.stringMatching(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    ),
    // Origin and path: the query and the fragment (a login's code, a token) stay on the page.
    url: 'https://site.example/shop',
    domain: 'site.example',
    timestamp: Date.parse('2026-01-02T03:04:05.000Z'),
    props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
  })
  expect(batch[1]?.props.event).toBe('SELECT_WALLET')
})

test('behavior: before start nothing is read, kept or sent', async () => {
  const { analytics, send, beacon, getAnalyticsConfig } = setup()
  analytics.track('CONNECT_SUCCESS')
  analytics.beacon()
  await analytics.flush()
  await settle()
  expect(getAnalyticsConfig).not.toHaveBeenCalled()
  expect(send).not.toHaveBeenCalled()
  expect(beacon).not.toHaveBeenCalled()
  analytics.start()
  await settle()
  expect(send).not.toHaveBeenCalled()
})

test('behavior: an address goes only when given (the site owner opted in)', async () => {
  const { analytics, send } = setup()
  analytics.start()
  analytics.track('CONNECT_SUCCESS', {})
  analytics.track('CONNECT_SUCCESS', {}, '0xabc')
  await settle()
  const [first, second] = send.mock.calls[0]?.[0] ?? []
  expect(first?.props).not.toHaveProperty('address')
  expect(second?.props.address).toBe('0xabc')
})

test('behavior: off, GPC/DNT or the project saying no: nothing is sent', async () => {
  for (const options of [{ enabled: false }, { optedOut: true }, { config: false }]) {
    const { analytics, send, beacon, getAnalyticsConfig } = setup(options)
    analytics.start()
    analytics.track('MODAL_OPEN')
    analytics.beacon()
    await settle()
    await analytics.flush()
    expect(send, JSON.stringify(options)).not.toHaveBeenCalled()
    expect(beacon, JSON.stringify(options)).not.toHaveBeenCalled()
    expect(analytics.enabled).toBe(false)
    expect(getAnalyticsConfig).toHaveBeenCalledTimes('config' in options ? 1 : 0)
  }
})

test('behavior: a failed config call counts as disabled', async () => {
  const { analytics, send } = setup({ config: new Error('HTTP status code: 500') })
  analytics.start()
  analytics.track('MODAL_OPEN')
  await settle()
  expect(send).not.toHaveBeenCalled()
})

test('behavior: a page hide sends the queue by beacon at once, and only once', async () => {
  const { analytics, send, beacon } = setup()
  analytics.start()
  await settle()
  analytics.track('MODAL_OPEN')
  analytics.track('MODAL_CLOSE')
  analytics.beacon()
  await Promise.resolve()
  await Promise.resolve()
  expect(beacon).toHaveBeenCalledTimes(1)
  expect(beacon.mock.calls[0]?.[0].map((e) => e.props.event)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
  await settle()
  expect(send).not.toHaveBeenCalled()
})

test('behavior: the queue keeps the newest events when nothing can be sent', async () => {
  const { analytics, send } = setup()
  analytics.start()
  for (let i = 0; i < ANALYTICS_QUEUE_MAX + 5; i++) analytics.track(`E${i}`)
  await settle()
  const batch = send.mock.calls[0]?.[0] ?? []
  expect(batch).toHaveLength(ANALYTICS_QUEUE_MAX)
  expect(batch[0]?.props.event).toBe('E5')
})

test('behavior: a 403 in debug mode shows Invalid App Configuration exactly once', async () => {
  const { analytics, send, error, onError, toasts } = setup({ debug: true, sendError: forbidden() })
  analytics.start()
  analytics.track('A')
  await settle()
  analytics.track('B')
  await settle()
  await analytics.flush()
  expect(error).toHaveBeenCalledTimes(1)
  // The toast carries the error itself; its text comes from the error's name.
  expect(error).toHaveBeenCalledWith(
    expect.objectContaining({ name: 'InvalidAppConfigurationError' }),
    'INVALID_APP_CONFIGURATION',
  )
  expect(onError).toHaveBeenCalledWith({
    code: 'INVALID_APP_CONFIGURATION',
    message: 'Invalid App Configuration',
  })
  expect(toasts.current.value).toMatchObject({
    variant: 'error',
    message: 'Invalid App Configuration',
  })
  expect(send).toHaveBeenCalledTimes(1)
  expect(analytics.enabled).toBe(false)
})

test('behavior: a 403 outside debug mode shows nothing and stops events', async () => {
  const { analytics, send, error, onError } = setup({ debug: false, sendError: forbidden() })
  analytics.start()
  analytics.track('A')
  await settle()
  analytics.track('B')
  await settle()
  expect(error).not.toHaveBeenCalled()
  expect(onError).not.toHaveBeenCalled()
  expect(send).toHaveBeenCalledTimes(1)
})

test('behavior: other failures are silent and later events still go', async () => {
  for (const sendError of [
    new HttpRequestError({ status: 500, url: 'https://pulse.example/e' }),
    new HttpRequestError({ status: 429, url: 'https://pulse.example/e' }),
    new TypeError('Failed to fetch'),
  ]) {
    const { analytics, send, error } = setup({ debug: true, sendError })
    analytics.start()
    analytics.track('A')
    await settle()
    analytics.track('B')
    await settle()
    expect(error).not.toHaveBeenCalled()
    expect(send).toHaveBeenCalledTimes(2)
  }
})
