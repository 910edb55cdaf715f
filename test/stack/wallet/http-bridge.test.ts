// @vitest-environment node
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, type Hex, http, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { type ChainDescription, type Chains, startChains, testAccount } from '../chain/index.js'
import type { Listening } from '../http-util.js'
import { createDevnetWalletRoutes, type DevnetWalletRoutes, type TestWallet } from './index.js'
import { launchChromium, serveTestPage, TEST_PAGE_PATH } from './test-page.js'
import { createTestWallet } from './wallet.js'

type Outcome = { result?: unknown; error?: { code: unknown; message: string; isError: boolean } }
type PageWindow = {
  __call(method: string, params: unknown): Promise<Outcome>
  __listen(): void
  __providers: { info: { uuid: string; name: string; rdns: string } }[]
  __events: [string, unknown][]
  __devnetWalletHttp: { ready: Promise<void> }
}

let chains: Chains
let browser: Browser
let server: Listening
let wallet: TestWallet
let routes: DevnetWalletRoutes
let context: BrowserContext
beforeAll(async () => {
  ;[chains, browser] = await Promise.all([startChains(), launchChromium()])
  wallet = createTestWallet({ chains: chains.chains })
  routes = createDevnetWalletRoutes(wallet)
  server = await serveTestPage({
    head: '<script src="/devnet-wallet.js"></script>',
    routes: (req, res) => routes.handle(req, res),
  })
}, 30_000)
afterAll(async () => {
  routes?.close()
  await browser?.close()
  await server?.close()
  await chains?.stop()
})
beforeEach(() => wallet.reset())
afterEach(() => context?.close())

/** The test page with the wallet loaded from `/devnet-wallet.js`, its event stream open. */
async function open(): Promise<Page> {
  context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(server.url + TEST_PAGE_PATH)
  await page.evaluate(async () => {
    const w = window as unknown as PageWindow
    w.__listen()
    await w.__devnetWalletHttp.ready
  })
  return page
}

const inPage = (page: Page, method: string, params: unknown = []) =>
  page.evaluate(([m, p]) => (window as unknown as PageWindow).__call(m, p), [method, params] as [
    string,
    unknown,
  ])

const post = (body: string) =>
  fetch(`${server.url}/devnet-wallet/rpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  })

test('default', async () => {
  const script = await fetch(`${server.url}/devnet-wallet.js`)
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  expect(await script.text()).toContain('eip6963:announceProvider')
  const page = await open()
  const infos = await page.evaluate(() =>
    (window as unknown as PageWindow).__providers.map((d) => d.info),
  )
  expect(infos).toEqual([wallet.info])
  expect(await inPage(page, 'eth_accounts')).toEqual({ result: [] })
})

test('behavior: connect, sign and send over HTTP', async () => {
  const page = await open()
  const address = testAccount(0).address
  expect(await inPage(page, 'eth_requestAccounts')).toEqual({ result: [address] })
  const signed = await inPage(page, 'personal_sign', ['0x6869', address])
  expect(await verifyMessage({ address, message: 'hi', signature: signed.result as Hex })).toBe(
    true,
  )
  const sent = await inPage(page, 'eth_sendTransaction', [
    { from: address, to: testAccount(8).address, value: '0x7' },
  ])
  const client = createPublicClient({
    transport: http((chains.chains[0] as ChainDescription).rpcUrl),
  })
  expect(
    (await client.waitForTransactionReceipt({ hash: sent.result as Hex, pollingInterval: 50 }))
      .status,
  ).toBe('success')
})

test('error: codes survive the HTTP bridge (4001, 4902)', async () => {
  const page = await open()
  wallet.rejectNext('eth_requestAccounts')
  expect(await inPage(page, 'eth_requestAccounts')).toEqual({
    error: { code: 4001, message: 'User rejected the request.', isError: true },
  })
  const unknown = await inPage(page, 'wallet_switchEthereumChain', [{ chainId: '0x2a' }])
  expect(unknown.error?.code).toBe(4902)
})

test('behavior: wallet events arrive as Server-Sent Events', async () => {
  const page = await open()
  expect(routes.streams).toBeGreaterThan(0)
  await inPage(page, 'eth_requestAccounts')
  await wallet.setAccount(1)
  await wallet.switchChainFromWallet(31338)
  await page.waitForFunction(() => (window as unknown as PageWindow).__events.length >= 3)
  expect(await page.evaluate(() => (window as unknown as PageWindow).__events)).toEqual([
    ['accountsChanged', [testAccount(0).address]],
    ['accountsChanged', [testAccount(1).address]],
    ['chainChanged', '0x7a6a'],
  ])
})

test('behavior: the rpc route answers { result } | { error } and CORS preflights', async () => {
  expect(await (await post('{"method":"eth_chainId"}')).json()).toEqual({ result: '0x7a69' })
  wallet.rejectNext('eth_chainId', 4900)
  expect(await (await post('{"method":"eth_chainId","params":[]}')).json()).toMatchObject({
    error: { code: 4900 },
  })
  const preflight = await fetch(`${server.url}/devnet-wallet/rpc`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://127.0.0.1:1', 'Access-Control-Request-Method': 'POST' },
  })
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:1')
})

test('error: bad bodies, wrong methods and other paths', async () => {
  expect((await post('not json')).status).toBe(400)
  expect((await post('{"params":[]}')).status).toBe(400)
  const get = await fetch(`${server.url}/devnet-wallet/rpc`)
  expect(get.status).toBe(405)
  expect(get.headers.get('allow')).toBe('POST')
  expect((await fetch(`${server.url}/devnet-wallet/other`)).status).toBe(404)
})
