// @vitest-environment node
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { HTTP_TIMEOUT_MS } from '../../../src/core/constants.js'
import {
  HttpRequestError,
  InvalidResponseError,
  NetworkRequestError,
  TimeoutError,
} from '../../../src/core/errors/http.js'
import { rpcRequest, rpcResult } from '../../../src/services/rpc.js'
import {
  type ChainDescription,
  type Chains,
  startChains,
  testAccount,
} from '../../stack/chain/index.js'

let chains: Chains
beforeAll(async () => {
  chains = await startChains({ chainIds: [31337] })
}, 30_000)
afterAll(() => chains?.stop())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const rpcUrl = () => (chains.chains[0] as ChainDescription).rpcUrl
const SECRET_URL = 'https://user:pass@rpc.example/v3/SECRET-KEY?apikey=SECRET'

/** Replaces fetch with `respond`, recording each call. */
function stubFetch(respond: (init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return respond(init)
  })
  return calls
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => error,
  )

test('default', async () => {
  expect(await rpcRequest<string>(rpcUrl(), 'eth_chainId', [])).toBe('0x7a69')
  const balance = await rpcRequest<string>(rpcUrl(), 'eth_getBalance', [
    testAccount(0).address,
    'latest',
  ])
  expect(balance).toMatch(/^0x[0-9a-f]+$/)
})

test('args: one JSON-RPC 2.0 POST without credentials', async () => {
  const calls = stubFetch(() => Response.json({ jsonrpc: '2.0', id: 1, result: '0x1' }))
  expect(
    await rpcRequest('https://rpc.example/v3/key', 'eth_getBalance', ['0xabc', 'latest']),
  ).toBe('0x1')
  expect(calls).toHaveLength(1)
  const [call] = calls
  expect(call?.url).toBe('https://rpc.example/v3/key')
  expect(call?.init).toMatchObject({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
  })
  expect(JSON.parse(String(call?.init.body))).toEqual({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_getBalance',
    params: ['0xabc', 'latest'],
  })
})

test('error: a non-2xx status is HttpRequestError with the url origin only', async () => {
  for (const status of [500, 502, 503, 429, 403]) {
    stubFetch(() => new Response('nope', { status }))
    const error = await failure(rpcRequest(SECRET_URL, 'eth_chainId', []))
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBe(status)
    expect((error as HttpRequestError).url).toBe('https://rpc.example')
  }
  stubFetch(() => new Response('nope', { status: 500 }))
  const error = (await failure(rpcRequest(SECRET_URL, 'eth_chainId', []))) as HttpRequestError
  expect(error.shortMessage).toMatchInlineSnapshot(`"HTTP status code: 500"`)
  expect(error.message).toMatchInlineSnapshot(`
    "HTTP status code: 500

    URL: https://rpc.example"
  `)
  expect(error.message).not.toContain('SECRET')
  expect(error.message).not.toContain('pass')
})

test('error: a JSON-RPC error from the node is InvalidResponseError with its message', async () => {
  const error = await failure(rpcRequest(rpcUrl(), 'eth_noSuchMethod', []))
  expect(error).toBeInstanceOf(InvalidResponseError)
  expect((error as InvalidResponseError).shortMessage).toMatchInlineSnapshot(
    `"The service sent an answer that could not be read."`,
  )
  expect((error as InvalidResponseError).details).toBe('Method not found')
  const invalid = await failure(
    rpcRequest(rpcUrl(), 'eth_getBalance', ['not-an-address', 'latest']),
  )
  expect(invalid).toBeInstanceOf(InvalidResponseError)
})

test('error: an answer without a result, truncated or in HTML is InvalidResponseError', async () => {
  const bodies = [
    '{"jsonrpc":"2.0","id":1}',
    '{"jsonrpc":"2.0","id":1,"result":',
    '<html><body>502 Bad Gateway</body></html>',
    '',
    'null',
  ]
  for (const body of bodies) {
    stubFetch(() => new Response(body, { status: 200 }))
    const error = await failure(rpcRequest(SECRET_URL, 'eth_chainId', []))
    expect(error, body).toBeInstanceOf(InvalidResponseError)
    expect((error as InvalidResponseError).message).not.toContain('SECRET')
  }
  stubFetch(() =>
    Response.json({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'header not found' } }),
  )
  const error = (await failure(rpcRequest(SECRET_URL, 'eth_chainId', []))) as InvalidResponseError
  expect(error.details).toBe('header not found')
})

test('error: a request that takes longer than the time-out is TimeoutError', async () => {
  vi.useFakeTimers()
  stubFetch(
    (init) =>
      new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      }),
  )
  let settled = false
  const pending = failure(rpcRequest(SECRET_URL, 'eth_chainId', [], { timeoutMs: 5000 })).finally(
    () => {
      settled = true
    },
  )
  await vi.advanceTimersByTimeAsync(4999)
  expect(settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  const error = await pending
  expect(error).toBeInstanceOf(TimeoutError)
  expect((error as TimeoutError).message).toMatchInlineSnapshot(`
    "The request took too long.

    URL: https://rpc.example
    Time-out: 5000 ms"
  `)
})

test('behavior: the default time-out is HTTP_TIMEOUT_MS and its timer is cleared', async () => {
  vi.useFakeTimers()
  stubFetch(() => Response.json({ result: '0x1' }))
  expect(await rpcRequest('https://rpc.example', 'eth_chainId', [])).toBe('0x1')
  expect(vi.getTimerCount()).toBe(0)
  stubFetch(
    (init) =>
      new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      }),
  )
  const pending = failure(rpcRequest('https://rpc.example', 'eth_chainId', []))
  await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS)
  expect(await pending).toBeInstanceOf(TimeoutError)
})

test('error: an unreachable endpoint is NetworkRequestError', async () => {
  const error = await failure(rpcRequest('http://127.0.0.1:1/', 'eth_chainId', []))
  expect(error).toBeInstanceOf(NetworkRequestError)
  expect((error as NetworkRequestError).shortMessage).toMatchInlineSnapshot(
    `"The service could not be reached."`,
  )
  stubFetch(() => Promise.reject(new TypeError('fetch failed')))
  const reset = await failure(rpcRequest(SECRET_URL, 'eth_chainId', []))
  expect(reset).toBeInstanceOf(NetworkRequestError)
  expect((reset as NetworkRequestError).message).not.toContain('SECRET')
})

test('behavior: results are checked: a transaction hash is a hash (SECURITY 20)', async () => {
  const hash = `0x${'ab'.repeat(32)}`
  const isHash = (value: unknown) => {
    if (typeof value === 'string' && /^0x[0-9a-f]{64}$/.test(value)) return value
    throw new Error('the result is not a 32-byte hash')
  }
  stubFetch(() => Response.json({ jsonrpc: '2.0', id: 1, result: hash }))
  expect(await rpcRequest(SECRET_URL, 'eth_sendRawTransaction', [], { parse: isHash })).toBe(hash)
  for (const result of ['0x1234', `${hash}00`, 'hash', 42, null, { hash }]) {
    stubFetch(() => Response.json({ jsonrpc: '2.0', id: 1, result }))
    const error = await failure(
      rpcRequest(SECRET_URL, 'eth_sendRawTransaction', [], { parse: isHash }),
    )
    expect(error, JSON.stringify(result)).toBeInstanceOf(InvalidResponseError)
  }
  expect(() => rpcResult.solanaSignature('5sig')).toThrow()
})

test('behavior: an answer to another call is refused', async () => {
  stubFetch(() => Response.json({ jsonrpc: '2.0', id: 99, result: '0x1' }))
  expect(await failure(rpcRequest(SECRET_URL, 'eth_chainId', []))).toBeInstanceOf(
    InvalidResponseError,
  )
})

test('error: a node’s error text is cleaned and bounded', async () => {
  stubFetch(() =>
    Response.json({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -1, message: `\u202E${'x'.repeat(5000)}` },
    }),
  )
  const error = (await failure(rpcRequest(SECRET_URL, 'eth_chainId', []))) as InvalidResponseError
  expect(error.details).toHaveLength(200)
  expect(error.details).not.toContain('\u202E')
})
