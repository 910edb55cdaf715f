// @vitest-environment node
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, type Hex, http, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { type ChainDescription, type Chains, startChains, testAccount } from '../chain/index.js'
import type { Listening } from '../http-util.js'
import {
  announceImpostor,
  createTestWallet,
  IMPOSTOR_ADDRESS,
  installTestWallet,
  type TestWallet,
} from './index.js'
import { launchChromium, serveTestPage, TEST_PAGE_PATH } from './test-page.js'

type Outcome = {
  result?: unknown
  error?: { code: unknown; message: string; data?: unknown; isError: boolean }
}
type Announced = {
  info: { uuid: string; name: string; icon: string; rdns: string }
  provider: { isDevnetWallet?: boolean }
}
type PageWindow = {
  __call(method: string, params: unknown, name?: string): Promise<Outcome>
  __listen(name?: string): void
  __providers: Announced[]
  __events: [string, unknown][]
  ethereum?: { isDevnetWallet?: boolean }
}

let chains: Chains
let browser: Browser
let server: Listening
let context: BrowserContext
let wallet: TestWallet
beforeAll(async () => {
  ;[chains, browser, server] = await Promise.all([startChains(), launchChromium(), serveTestPage()])
}, 30_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await chains?.stop()
})
afterEach(() => context?.close())

const chainAt = (i: number) => chains.chains[i] as ChainDescription

/** A fresh context with a fresh wallet installed, and the test page open. */
async function open(options: Parameters<typeof installTestWallet>[2] = {}): Promise<Page> {
  context = await browser.newContext()
  wallet = createTestWallet({ chains: chains.chains })
  await installTestWallet(context, wallet, options)
  const page = await context.newPage()
  await page.goto(server.url + TEST_PAGE_PATH)
  await page.evaluate(
    (name) => (window as unknown as PageWindow).__listen(name),
    options.announceAs?.name,
  )
  return page
}

const inPage = (page: Page, method: string, params: unknown = [], name?: string) =>
  page.evaluate(([m, p, n]) => (window as unknown as PageWindow).__call(m, p, n), [
    method,
    params,
    name,
  ] as [string, unknown, string | undefined])
const pageEvents = (page: Page) => page.evaluate(() => (window as unknown as PageWindow).__events)

test('default', async () => {
  const page = await open()
  const announced = await page.evaluate(() =>
    (window as unknown as PageWindow).__providers.map((d) => ({
      ...d.info,
      isDevnetWallet: d.provider.isDevnetWallet,
    })),
  )
  expect(announced).toEqual([{ ...wallet.info, isDevnetWallet: true }])
  expect(announced[0]?.icon).toMatch(/^data:image\/svg\+xml;base64,/)
  expect(await page.evaluate(() => (window as unknown as PageWindow).ethereum)).toBeUndefined()
  expect(await inPage(page, 'eth_accounts')).toEqual({ result: [] })
  expect(await inPage(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
})

test('behavior: connect, sign and send from the page; Node verifies', async () => {
  const page = await open()
  const address = testAccount(0).address
  expect(await inPage(page, 'eth_requestAccounts')).toEqual({ result: [address] })
  expect(await pageEvents(page)).toEqual([['accountsChanged', [address]]])

  const signed = await inPage(page, 'personal_sign', ['0x6869', address])
  expect(await verifyMessage({ address, message: 'hi', signature: signed.result as Hex })).toBe(
    true,
  )

  const sent = await inPage(page, 'eth_sendTransaction', [
    { from: address, to: testAccount(8).address, value: '0x5' },
  ])
  const client = createPublicClient({ transport: http(chainAt(0).rpcUrl) })
  const receipt = await client.waitForTransactionReceipt({
    hash: sent.result as Hex,
    pollingInterval: 50,
  })
  expect(receipt.status).toBe('success')
  expect(await inPage(page, 'eth_getTransactionReceipt', [sent.result])).toMatchObject({
    result: { status: '0x1' },
  })
})

test('error: a rejection reaches the page as an Error with code, message and data', async () => {
  const page = await open()
  wallet.rejectNext('eth_requestAccounts')
  expect(await inPage(page, 'eth_requestAccounts')).toEqual({
    error: { code: 4001, message: 'User rejected the request.', isError: true },
  })
  wallet.rejectNext('personal_sign', -32603, 'Interner Fehler', { detail: 'x' })
  expect(await inPage(page, 'personal_sign', ['0x00', testAccount(0).address])).toEqual({
    error: { code: -32603, message: 'Interner Fehler', data: { detail: 'x' }, isError: true },
  })
  wallet.nestNextError('wallet_switchEthereumChain', 4902)
  const nested = await inPage(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
  expect(nested.error).toMatchObject({ code: -32603, data: { originalError: { code: 4902 } } })
  expect(await inPage(page, 'eth_requestAccounts')).toEqual({ result: [testAccount(0).address] })
})

test('error: switching to an unknown chain → 4902 in the page', async () => {
  const page = await open()
  const outcome = await inPage(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }])
  expect(outcome.error?.code).toBe(4902)
  expect(outcome.error?.message).toMatch(/^Unrecognized chain ID/)
})

test('behavior: chainChanged and accountsChanged reach the page', async () => {
  const page = await open()
  await inPage(page, 'eth_requestAccounts')
  // Delivered before the switch request resolves.
  const afterSwitch = await page.evaluate(async () => {
    const w = window as unknown as PageWindow
    await w.__call('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    return w.__events.at(-1)
  })
  expect(afterSwitch).toEqual(['chainChanged', '0x7a6a'])
  await wallet.switchChainFromWallet(31337)
  await wallet.switchChainFromWallet(5, { format: 'decimal' })
  await wallet.setAccount(4)
  await wallet.disconnectFromWallet()
  expect((await pageEvents(page)).slice(1)).toEqual([
    ['chainChanged', '0x7a6a'],
    ['chainChanged', '0x7a69'],
    ['chainChanged', '5'],
    ['accountsChanged', [testAccount(4).address]],
    ['disconnect', { code: 4900, message: 'The provider is disconnected from all chains.' }],
    ['accountsChanged', []],
  ])
})

test('behavior: an authorised site reconnects silently after a reload', async () => {
  const page = await open()
  wallet.authorize()
  await page.reload()
  expect(await inPage(page, 'eth_accounts')).toEqual({ result: [testAccount(0).address] })
  expect(wallet.calls.map((c) => c.method)).not.toContain('eth_requestAccounts')
})

test('behavior: asWindowEthereum and announceAs', async () => {
  const page = await open({
    asWindowEthereum: true,
    announceAs: { name: 'Other Name', rdns: 'dev.other' },
  })
  expect(
    await page.evaluate(() => (window as unknown as PageWindow).ethereum?.isDevnetWallet),
  ).toBe(true)
  const infos = await page.evaluate(() =>
    (window as unknown as PageWindow).__providers.map((d) => d.info),
  )
  expect(infos).toEqual([{ ...wallet.info, name: 'Other Name', rdns: 'dev.other' }])
})

test('behavior: installing into an open page works at once', async () => {
  context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(server.url + TEST_PAGE_PATH)
  wallet = createTestWallet({ chains: chains.chains, accountIndex: 2 })
  await installTestWallet(page, wallet)
  expect(await inPage(page, 'eth_requestAccounts')).toEqual({ result: [testAccount(2).address] })
})

test('behavior: an impostor copying the name is announced beside the real wallet', async () => {
  context = await browser.newContext()
  wallet = createTestWallet({ chains: chains.chains })
  await installTestWallet(context, wallet)
  const page = await context.newPage()
  const impostor = await announceImpostor(page)
  const twin = await announceImpostor(page, { rdns: 'evil.example', uuid: wallet.info.uuid })
  await page.goto(server.url + TEST_PAGE_PATH)
  const infos = await page.evaluate(() =>
    (window as unknown as PageWindow).__providers.map((d) => d.info),
  )
  expect(infos.map((i) => [i.name, i.rdns, i.uuid])).toEqual([
    ['Devnet Wallet', 'dev.walletkit.devnet', wallet.info.uuid],
    ['Devnet Wallet', 'dev.walletkit.devnet', impostor.info.uuid],
    ['Devnet Wallet', 'evil.example', wallet.info.uuid],
  ])
  expect(impostor.info.uuid).not.toBe(wallet.info.uuid)
  const answer = await page.evaluate(async () => {
    const fake = (window as unknown as PageWindow).__providers[1]?.provider as {
      request(a: { method: string }): Promise<unknown>
    }
    return fake.request({ method: 'eth_requestAccounts' })
  })
  expect(answer).toEqual([IMPOSTOR_ADDRESS])
  expect(twin.info.uuid).toBe(wallet.info.uuid)
})
