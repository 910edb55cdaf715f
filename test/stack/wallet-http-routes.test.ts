// @vitest-environment node
import { afterEach, expect, test } from 'vitest'
import { type Listening, listen } from './http-util.js'
import { DEVNET_SOLANA_WALLET_PATHS } from './solana/index.js'
import { DEVNET_WALLET_PATHS } from './wallet/index.js'
import { createWalletHttpRoutes, type WalletHttpRoutes } from './wallet-http-routes.js'

const paths = { script: '/w.js', rpc: '/w/rpc', events: '/w/events' }

let server: Listening | undefined
let routes: WalletHttpRoutes | undefined
afterEach(async () => {
  routes?.close()
  await server?.close()
})

/** The routes over a wallet that echoes each call and whose events the test sends. */
async function setup() {
  const calls: unknown[][] = []
  let listener: ((event: unknown) => void) | undefined
  routes = createWalletHttpRoutes({
    paths,
    script: 'window.w = 1',
    label: 'test wallet',
    subscribe(l) {
      listener = l
      return () => {
        listener = undefined
      }
    },
    async call(method, params, origin) {
      calls.push([method, params, origin])
      return { result: method }
    },
  })
  const r = routes
  server = await listen((req, res) => {
    if (!r.handle(req, res)) res.writeHead(404).end()
  })
  return { url: server.url, calls, emit: (event: unknown) => listener?.(event) }
}

test('default: the script, a call, and the prefixes of both test wallets', async () => {
  const { url, calls } = await setup()
  const script = await fetch(`${url}/w.js`)
  expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
  expect(await script.text()).toBe('window.w = 1')
  const answer = await fetch(`${url}/w/rpc`, {
    method: 'POST',
    headers: { origin: 'http://page.test' },
    body: JSON.stringify({ method: 'eth_accounts', params: [1] }),
  })
  expect(await answer.json()).toEqual({ result: 'eth_accounts' })
  expect(calls).toEqual([['eth_accounts', [1], 'http://page.test']])
  expect(routes?.prefixes).toEqual(['/w', '/w.js'])
  expect(Object.values(DEVNET_WALLET_PATHS)).toEqual([
    '/devnet-wallet.js',
    '/devnet-wallet/rpc',
    '/devnet-wallet/events',
  ])
  expect(Object.values(DEVNET_SOLANA_WALLET_PATHS)).toEqual([
    '/devnet-solana-wallet.js',
    '/devnet-solana-wallet/rpc',
    '/devnet-solana-wallet/events',
  ])
})

test('behavior: events arrive as Server-Sent Events until close', async () => {
  const { url, emit } = await setup()
  const response = await fetch(`${url}/w/events`)
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = decoder.decode((await reader.read()).value)
  expect(text).toBe(': test wallet events\n\n')
  await expect.poll(() => routes?.streams).toBe(1)
  emit({ event: 'accountsChanged', payload: ['0x1'] })
  text = decoder.decode((await reader.read()).value)
  expect(text).toBe(`data: ${JSON.stringify({ event: 'accountsChanged', payload: ['0x1'] })}\n\n`)
  routes?.close()
  expect((await reader.read()).done).toBe(true)
  expect(routes?.streams).toBe(0)
})

test('error: a wrong method, a body that is not JSON, no method and other paths', async () => {
  const { url, calls } = await setup()
  const get = await fetch(`${url}/w/rpc`)
  expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST'])
  const post = (body: string) => fetch(`${url}/w/rpc`, { method: 'POST', body })
  expect((await post('{')).status).toBe(400)
  expect((await post('{"params":[]}')).status).toBe(400)
  expect((await post('x'.repeat((1 << 20) + 1))).status).toBe(413)
  expect((await fetch(`${url}/other`)).status).toBe(404)
  expect(calls).toEqual([])
})
