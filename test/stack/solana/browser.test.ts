// @vitest-environment node
import { verify } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { Listening } from '../http-util.js'
import { launchChromium, serveTestPage, TEST_PAGE_PATH } from '../wallet/test-page.js'
import {
  buildTransfer,
  createSolanaChain,
  createSolanaTestWallet,
  type InstallSolanaWalletOptions,
  installSolanaWallet,
  SOLANA_WALLET,
  type SolanaChain,
  type SolanaTestWallet,
  solanaTestAccount,
} from './index.js'

/** The app side of the Wallet Standard, by its raw protocol, as `@wallet-standard/app` speaks it. */
const APP = `
  window.__wallets = [];
  window.__changes = [];
  const api = Object.freeze({ register: (...wallets) => { window.__wallets.push(...wallets); return () => {}; } });
  window.addEventListener('wallet-standard:register-wallet', ({ detail }) => detail(api));
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
  window.__wallet = () => window.__wallets[0];
  window.__run = async (fn) => {
    try { return { result: await fn(window.__wallet()) }; }
    catch (e) { return { error: { code: e.code, message: e.message, isError: e instanceof Error } }; }
  };
`

let chain: SolanaChain
let browser: Browser
let server: Listening
let context: BrowserContext
let wallet: SolanaTestWallet
beforeAll(async () => {
  ;[chain, browser, server] = await Promise.all([
    createSolanaChain(),
    launchChromium(),
    serveTestPage(),
  ])
}, 30_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
})
afterEach(() => context?.close())

async function open(options: InstallSolanaWalletOptions = {}): Promise<Page> {
  context = await browser.newContext()
  wallet = await createSolanaTestWallet({ chain })
  await installSolanaWallet(context, wallet, options)
  const page = await context.newPage()
  await page.goto(server.url + TEST_PAGE_PATH)
  await page.evaluate(APP)
  return page
}

type Outcome<T> = { result?: T; error?: { code: number; message: string; isError: boolean } }
const run = <T>(page: Page, body: string): Promise<Outcome<T>> =>
  page.evaluate(`window.__run(async (wallet) => { ${body} })`) as Promise<Outcome<T>>

const CONNECT = `const { accounts } = await wallet.features['standard:connect'].connect(); return accounts.map((a) => ({ address: a.address, publicKey: Array.from(a.publicKey), chains: a.chains }));`

test('default', async () => {
  const page = await open()
  const registered = await page.evaluate(() => {
    const w = (window as unknown as { __wallet(): Record<string, unknown> }).__wallet()
    return {
      count: (window as unknown as { __wallets: unknown[] }).__wallets.length,
      name: w.name,
      icon: w.icon,
      version: w.version,
      chains: w.chains,
      features: Object.keys(w.features as object),
      accounts: w.accounts,
    }
  })
  expect(registered).toEqual({
    count: 1,
    name: SOLANA_WALLET.name,
    icon: SOLANA_WALLET.icon,
    version: '1.0.0',
    chains: ['solana:localnet', 'solana:devnet'],
    features: [
      'standard:connect',
      'standard:disconnect',
      'standard:events',
      'solana:signMessage',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
    ],
    accounts: [],
  })
})

test('behavior: connect gives the account with its 32-byte public key', async () => {
  const page = await open()
  const { result } = await run<{ address: string; publicKey: number[]; chains: string[] }[]>(
    page,
    CONNECT,
  )
  const account = await solanaTestAccount(0)
  expect(result).toEqual([
    { address: account.address, publicKey: expect.any(Array), chains: SOLANA_WALLET.chains },
  ])
  expect(result?.[0]?.publicKey).toHaveLength(32)
  expect(await page.evaluate('window.__wallet().accounts.length')).toBe(1)
})

test('behavior: signMessage from the page verifies with Ed25519 in Node', async () => {
  const page = await open()
  const connected = await run<{ publicKey: number[] }[]>(page, CONNECT)
  const { result } = await run<{
    signature: number[]
    signedMessage: number[]
    signatureType: string
  }>(
    page,
    `const [out] = await wallet.features['solana:signMessage'].signMessage({ account: wallet.accounts[0], message: new TextEncoder().encode('hello') });
     return { signature: Array.from(out.signature), signedMessage: Array.from(out.signedMessage), signatureType: out.signatureType };`,
  )
  expect(result?.signatureType).toBe('ed25519')
  const publicKey = Buffer.from(connected.result?.[0]?.publicKey ?? [])
  const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey])
  const key = { key: der, format: 'der' as const, type: 'spki' as const }
  expect(verify(null, Buffer.from('hello'), key, Buffer.from(result?.signature ?? []))).toBe(true)
})

test('behavior: signAndSendTransaction from the page executes in the SVM', async () => {
  const page = await open()
  await run(page, CONNECT)
  const { address: to } = await solanaTestAccount(40)
  const wire = Buffer.from(
    buildTransfer({
      from: wallet.address,
      to,
      lamports: 3_000_000n,
      blockhash: chain.svm.latestBlockhash(),
    }),
  ).toString('base64')
  const { result } = await run<number>(
    page,
    `const transaction = Uint8Array.from(atob(${JSON.stringify(wire)}), (c) => c.charCodeAt(0));
     const [out] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({ account: wallet.accounts[0], transaction, chain: 'solana:localnet' });
     return out.signature.length;`,
  )
  expect(result).toBe(64)
  expect(chain.balance(to)).toBe(3_000_000n)
})

test('behavior: account changes and a disconnect in the wallet reach standard:events', async () => {
  const page = await open()
  await run(page, CONNECT)
  await page.evaluate(
    `window.__wallet().features['standard:events'].on('change', (p) => window.__changes.push(p.accounts.map((a) => a.address)))`,
  )
  await wallet.setAccount(1)
  await wallet.disconnectFromWallet()
  const second = await solanaTestAccount(1)
  expect(await page.evaluate('window.__changes')).toEqual([[second.address], []])
  expect(await page.evaluate('window.__wallet().accounts.length')).toBe(0)
})

test('behavior: a wallet installed into an open page registers through wallet-standard:register-wallet', async () => {
  context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(server.url + TEST_PAGE_PATH)
  await page.evaluate(APP)
  await installSolanaWallet(context, await createSolanaTestWallet({ chain }))
  expect(await page.evaluate('window.__wallets.map((w) => w.name)')).toEqual([SOLANA_WALLET.name])
})

test('behavior: features can be left out', async () => {
  const page = await open({ omitFeatures: ['solana:signAndSendTransaction'] })
  await run(page, CONNECT)
  expect(await page.evaluate(`Object.keys(window.__wallet().features)`)).not.toContain(
    'solana:signAndSendTransaction',
  )
  expect(await page.evaluate('window.__wallet().accounts[0].features')).toEqual([
    'solana:signMessage',
    'solana:signTransaction',
  ])
})

test('error: a rejected connect reaches the page with code 4001; the retry works', async () => {
  const page = await open()
  wallet.rejectNext('connect')
  expect(await run(page, CONNECT)).toEqual({
    error: { code: 4001, message: 'User rejected the request.', isError: true },
  })
  expect(await page.evaluate('window.__wallet().accounts.length')).toBe(0)
  expect((await run<unknown[]>(page, CONNECT)).result).toHaveLength(1)
})

test('error: signing for an account the wallet did not connect is refused in the page', async () => {
  const page = await open()
  const outcome = await run(
    page,
    `return wallet.features['solana:signMessage'].signMessage({ account: { address: 'x' }, message: new Uint8Array(1) });`,
  )
  expect(outcome.error).toMatchObject({ code: 4100, isError: true })
  expect(wallet.calls).toEqual([])
})
