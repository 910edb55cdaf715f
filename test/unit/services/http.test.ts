import { afterEach, expect, test, vi } from 'vitest'
import {
  HTTP_MAX_JSON_BYTES,
  HTTP_TIMEOUT_MS,
  IMAGE_MAX_BYTES,
} from '../../../src/core/constants.js'
import {
  HttpRequestError,
  InvalidResponseError,
  NetworkRequestError,
  ResponseTooLargeError,
  TimeoutError,
} from '../../../src/core/errors/http.js'
import {
  createHttpClient,
  fetchBlob,
  type HttpClientParameters,
} from '../../../src/services/http.js'

const projectId = '0123456789abcdef0123456789abcdef'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

type FetchCall = { url: URL; init: RequestInit }

/** A client over a fake fetch that answers with `respond` and records every call. */
function setup(
  respond: (call: FetchCall) => Response | Promise<Response> = () => Response.json({ ok: true }),
  overrides: Partial<HttpClientParameters> = {},
) {
  const calls: FetchCall[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: new URL(String(input)), init: init ?? {} }
    calls.push(call)
    return respond(call)
  })
  const http = createHttpClient({
    baseUrl: 'https://api.example/v2',
    projectId,
    sdkType: 'walletkit',
    sdkVersion: 'html-walletkit-0.0.0-test',
    fetch: fetch as typeof globalThis.fetch,
    ...overrides,
  })
  return { http, calls, fetch }
}

/** A fetch answer that settles only when its signal aborts, as a real fetch does. */
const hang = ({ init }: FetchCall) =>
  new Promise<Response>((_, reject) => {
    if (init.signal?.aborted) reject(init.signal.reason)
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
  })

const anything = (value: unknown) => value

test('default', async () => {
  const { http, calls } = setup()
  expect(await http.json({ path: '/getWallets' }, anything)).toEqual({ ok: true })
  expect(calls).toHaveLength(1)
  const [call] = calls
  expect(call?.url.href.split('?')[0]).toBe('https://api.example/v2/getWallets')
  expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
    projectId,
    st: 'walletkit',
    sv: 'html-walletkit-0.0.0-test',
  })
  expect(call?.init).toMatchObject({ method: 'GET', credentials: 'omit', body: null })
  expect(Object.keys(http)).toMatchInlineSnapshot(`
    [
      "url",
      "json",
      "blob",
      "post",
    ]
  `)
})

test('args: params are added and undefined params left out', async () => {
  const { http, calls } = setup()
  await http.json(
    { path: 'getWallets', params: { page: 2, entries: 40, search: undefined, badge: false } },
    anything,
  )
  const params = calls[0]?.url.searchParams
  expect(params?.get('page')).toBe('2')
  expect(params?.get('entries')).toBe('40')
  expect(params?.get('badge')).toBe('false')
  expect(params?.has('search')).toBe(false)
})

test('args: clientId is sent when set, and only then', async () => {
  let clientId: string | undefined
  const { http, calls } = setup(undefined, { getClientId: () => clientId })
  await http.json({ path: '/a' }, anything)
  expect(calls[0]?.url.searchParams.has('clientId')).toBe(false)
  clientId = 'client-1'
  await http.json({ path: '/a' }, anything)
  expect(calls[1]?.url.searchParams.get('clientId')).toBe('client-1')
})

test('args: identify none leaves out projectId, st and sv', async () => {
  const { http, calls } = setup()
  await http.json({ path: '/a', identify: 'none' }, anything)
  expect([...(calls[0]?.url.searchParams.keys() ?? [])]).toEqual([])
})

test('behavior: a POST sends JSON as text/plain', async () => {
  const { http, calls } = setup(() => new Response(null, { status: 204 }))
  await http.post({ path: '/e', body: { eventId: 'e1', props: { n: 1 } } })
  const init = calls[0]?.init
  expect(init?.method).toBe('POST')
  expect(init?.headers).toEqual({ 'content-type': 'text/plain;charset=UTF-8' })
  expect(JSON.parse(String(init?.body))).toEqual({ eventId: 'e1', props: { n: 1 } })
  expect(calls[0]?.url.searchParams.get('projectId')).toBe(projectId)
})

test('behavior: identify body puts projectId in the body instead of the query', async () => {
  const { http, calls } = setup()
  await http.json(
    { path: '/v1/fungible/price', body: { currency: 'usd' }, identify: 'body' },
    anything,
  )
  expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ projectId, currency: 'usd' })
  expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({
    st: 'walletkit',
    sv: 'html-walletkit-0.0.0-test',
  })
})

test('behavior: blob returns the binary answer', async () => {
  const { http } = setup(
    () =>
      new Response(new Blob(['PNG'], { type: 'image/png' }), {
        headers: { 'content-type': 'image/png' },
      }),
  )
  const blob = await http.blob({ path: '/getWalletImage/abc' })
  expect(await blob.text()).toBe('PNG')
})

test('behavior: an image is fetched with redirects refused, so no other host is asked (SECURITY 8)', async () => {
  const { http, calls } = setup(() => new Response(new Blob(['PNG'], { type: 'image/png' })))
  await http.blob({ path: '/getWalletImage/abc' })
  await http.json({ path: '/getWallets' }, anything).catch(() => undefined)
  expect(calls.map((c) => c.init.redirect)).toEqual(['error', 'follow'])
  // The browser's answer to a refused redirect is a network error: the fallback icon shows.
  const refused = setup(() => Promise.reject(new TypeError('Failed to fetch')))
  await expect(refused.http.blob({ path: '/getWalletImage/abc' })).rejects.toBeInstanceOf(
    NetworkRequestError,
  )
})

test('behavior: the parser’s result is returned', async () => {
  const { http } = setup(() => Response.json({ count: 3 }))
  expect(await http.json({ path: '/a' }, (v) => (v as { count: number }).count * 2)).toBe(6)
})

test('behavior: the time-out is 10 s by default', async () => {
  vi.useFakeTimers()
  const { http } = setup(hang)
  const result = http.json({ path: '/slow' }, anything).catch((error: unknown) => error)
  await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1)
  let settled = false
  void result.then(() => {
    settled = true
  })
  await vi.advanceTimersByTimeAsync(0)
  expect(settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(await result).toBeInstanceOf(TimeoutError)
})

test('behavior: an outside AbortSignal aborts the request', async () => {
  const { http, calls } = setup(hang)
  const controller = new AbortController()
  const result = http.json({ path: '/search', signal: controller.signal }, anything)
  await vi.waitFor(() => expect(calls).toHaveLength(1))
  expect(calls[0]?.init.signal?.aborted).toBe(false)
  controller.abort()
  await expect(result).rejects.toBeDefined()
  expect(calls[0]?.init.signal?.aborted).toBe(true)
  await result.catch((error: unknown) => {
    expect(error).not.toBeInstanceOf(TimeoutError)
    expect(error).not.toBeInstanceOf(NetworkRequestError)
  })
})

test('behavior: an outside AbortSignal that is already aborted stops the request', async () => {
  const { http, calls } = setup((call) =>
    call.init.signal?.aborted ? Promise.reject(call.init.signal.reason) : Response.json({}),
  )
  const result = http.json({ path: '/search', signal: AbortSignal.abort() }, anything)
  await expect(result).rejects.toBeDefined()
  expect(calls.every((call) => call.init.signal?.aborted)).toBe(true)
})

test('behavior: the abort listener is removed after the request', async () => {
  const { http } = setup()
  const controller = new AbortController()
  const remove = vi.spyOn(controller.signal, 'removeEventListener')
  await http.json({ path: '/a', signal: controller.signal }, anything)
  expect(remove).toHaveBeenCalledWith('abort', expect.any(Function))
})

// ── Errors ─────────────────────────────────────────────────────────────────

test('error: non-2xx is HttpRequestError with the status and a url without credentials', async () => {
  const { http } = setup(() => new Response('Service Unavailable', { status: 503 }), {
    getClientId: () => 'client-1',
  })
  const error = (await http
    .json({ path: '/getWallets', params: { page: 1 } }, anything)
    .catch((e: unknown) => e)) as HttpRequestError
  expect(error).toBeInstanceOf(HttpRequestError)
  expect(error.shortMessage).toBe('HTTP status code: 503')
  expect(error.status).toBe(503)
  expect(error.body).toBe('Service Unavailable')
  expect(error.url).toBe(
    'https://api.example/v2/getWallets?page=1&st=walletkit&sv=html-walletkit-0.0.0-test',
  )
  expect(error.url).not.toContain(projectId)
  expect(error.url).not.toContain('client-1')
  expect(error.message).not.toContain(projectId)
  expect(error.message).toMatchInlineSnapshot(`
    "HTTP status code: 503

    URL: https://api.example/v2/getWallets?page=1&st=walletkit&sv=html-walletkit-0.0.0-test
    Body: Service Unavailable"
  `)
})

test('error: each non-2xx status is reported', async () => {
  for (const status of [403, 429, 500, 502]) {
    const { http } = setup(() => new Response('', { status }))
    await expect(http.post({ path: '/e', body: {} }), String(status)).rejects.toMatchObject({
      shortMessage: `HTTP status code: ${status}`,
      status,
    })
  }
})

test('error: a long error body is cut to 1 000 characters', async () => {
  const { http } = setup(() => new Response('x'.repeat(5000), { status: 500 }))
  const error = (await http.blob({ path: '/a' }).catch((e: unknown) => e)) as HttpRequestError
  expect(error.body).toHaveLength(1000)
})

test('error: a time-out is TimeoutError', async () => {
  const { http } = setup(hang, { timeoutMs: 20 })
  const error = await http.json({ path: '/slow' }, anything).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TimeoutError)
  expect((error as TimeoutError).message).toMatchInlineSnapshot(`
    "The request took too long.

    URL: https://api.example/v2/slow?st=walletkit&sv=html-walletkit-0.0.0-test
    Time-out: 20 ms"
  `)
})

test('error: a body that stalls after the headers still times out', async () => {
  vi.useFakeTimers()
  const { http } = setup(
    ({ init }) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"count":'))
            init.signal?.addEventListener('abort', () => controller.error(init.signal?.reason))
          },
        }),
      ),
    { timeoutMs: 1000 },
  )
  let outcome: unknown = 'pending'
  void http.json({ path: '/drip' }, anything).then(
    (value) => {
      outcome = value
    },
    (error: unknown) => {
      outcome = error
    },
  )
  await vi.advanceTimersByTimeAsync(1000)
  await vi.advanceTimersByTimeAsync(0)
  expect(outcome).toBeInstanceOf(TimeoutError)
})

test('error: a network failure is NetworkRequestError', async () => {
  const cause = new TypeError('Failed to fetch')
  const { http } = setup(() => Promise.reject(cause), { getClientId: () => 'client-1' })
  const error = (await http
    .json({ path: '/a' }, anything)
    .catch((e: unknown) => e)) as NetworkRequestError
  expect(error).toBeInstanceOf(NetworkRequestError)
  expect(error.cause).toBe(cause)
  expect(error.message).not.toContain(projectId)
  expect(error.message).toMatchInlineSnapshot(`
    "The service could not be reached.

    URL: https://api.example/v2/a?st=walletkit&sv=html-walletkit-0.0.0-test

    Details: Failed to fetch"
  `)
})

test('error: an HTML body is InvalidResponseError', async () => {
  const { http } = setup(
    () =>
      new Response('<!doctype html><h1>Bad gateway</h1>', {
        headers: { 'content-type': 'text/html' },
      }),
  )
  const error = await http.json({ path: '/a' }, anything).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(InvalidResponseError)
  expect((error as InvalidResponseError).message).toMatchInlineSnapshot(`
    "The service sent an answer that could not be read.

    URL: https://api.example/v2/a?st=walletkit&sv=html-walletkit-0.0.0-test

    Details: not JSON"
  `)
})

test('error: truncated JSON is InvalidResponseError', async () => {
  const { http } = setup(() => new Response('{"count": 3, "data": [{"id": "a"'))
  await expect(http.json({ path: '/a' }, anything)).rejects.toBeInstanceOf(InvalidResponseError)
})

test('error: the wrong shape is InvalidResponseError with the parser’s reason', async () => {
  const { http } = setup(() => Response.json([1, 2, 3]))
  const error = await http
    .json({ path: '/a' }, () => {
      throw new Error('response is not an object')
    })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(InvalidResponseError)
  expect((error as InvalidResponseError).details).toBe('response is not an object')
})

test('error: a body over the cap is refused before parsing (SECURITY 20)', async () => {
  const parse = vi.fn(anything)
  // Declared too long: refused unread.
  const declared = setup(
    () => new Response('{}', { headers: { 'content-length': String(3 * 1024 * 1024) } }),
  )
  await expect(declared.http.json({ path: '/a' }, parse)).rejects.toBeInstanceOf(
    ResponseTooLargeError,
  )
  // Streamed without a length: cut at the byte that crosses the cap.
  let pulled = 0
  const endless = setup(
    () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulled++
            controller.enqueue(new TextEncoder().encode(`[${'1,'.repeat(32 * 1024)}`))
          },
        }),
      ),
  )
  const error = await endless.http.json({ path: '/b' }, parse).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ResponseTooLargeError)
  expect(error).toBeInstanceOf(InvalidResponseError)
  expect((error as ResponseTooLargeError).maxBytes).toBe(HTTP_MAX_JSON_BYTES)
  expect(pulled).toBeLessThan(40)
  expect(parse).not.toHaveBeenCalled()
  // A request may set its own cap; an image has IMAGE_MAX_BYTES.
  const small = setup(
    () => new Response('x'.repeat(101), { headers: { 'content-type': 'image/png' } }),
  )
  await expect(small.http.blob({ path: '/i', maxBytes: 100 })).rejects.toBeInstanceOf(
    ResponseTooLargeError,
  )
  const image = setup(() => new Response(new Uint8Array(IMAGE_MAX_BYTES + 1)))
  await expect(image.http.blob({ path: '/i' })).rejects.toBeInstanceOf(ResponseTooLargeError)
})

test('behavior: fetchBlob GETs an image by URL without credentials or referrer', async () => {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } }),
  )
  vi.stubGlobal('fetch', fetch)
  const blob = await fetchBlob('https://game.example/icon.svg')
  expect(blob.type).toBe('image/svg+xml')
  expect(await blob.text()).toBe('<svg/>')
  expect(fetch).toHaveBeenCalledWith(
    'https://game.example/icon.svg',
    expect.objectContaining({
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'error',
    }),
  )
})

test('error: fetchBlob reports a non-2xx status, a body over the image cap and a time-out', async () => {
  vi.stubGlobal('fetch', async () => new Response('x', { status: 404 }))
  await expect(fetchBlob('http://127.0.0.1:9/icon.png')).rejects.toThrow('HTTP status code: 404')
  vi.stubGlobal('fetch', async () => new Response(new Uint8Array(IMAGE_MAX_BYTES + 1)))
  await expect(fetchBlob('https://game.example/big.png')).rejects.toBeInstanceOf(
    ResponseTooLargeError,
  )
  vi.stubGlobal(
    'fetch',
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error())),
      ),
  )
  await expect(fetchBlob('https://game.example/slow.png', { timeoutMs: 5 })).rejects.toBeInstanceOf(
    TimeoutError,
  )
})
