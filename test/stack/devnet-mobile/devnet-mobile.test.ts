// @vitest-environment node
import { createPublicClient, type Hex, http, parseEther, toHex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { specialWallets } from '../../fixtures/wallets'
import { type Stack, startStack } from '../index'
import { createTestDapp, type TestDapp } from '../wc-wallet/dapp'
import { type MobileState, summarize } from './routes'

process.env.IS_VITEST = 'true'

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // account #2
const MESSAGE = 'Hello from the dapp'

let stack: Stack
let dapp: TestDapp | undefined

beforeAll(async () => {
  stack = await startStack({ chains: true })
}, 60_000)
afterEach(async () => {
  await dapp?.close()
  dapp = undefined
})
afterAll(() => stack?.stop())

const api = (path: string) => `${stack.urls.app}/devnet-mobile${path}`

async function post(path: string, body: unknown = {}) {
  const res = await fetch(api(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { ok?: true; message?: string } }
}

async function state(): Promise<MobileState> {
  return (await fetch(api('/state'))).json() as Promise<MobileState>
}

async function waitForState<T>(pick: (s: MobileState) => T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = pick(await state())
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error('Timed out waiting for /devnet-mobile/state')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A dapp on the stack's relay, connected through the page's API (pair, then approve). */
async function connectDapp(): Promise<TestDapp['provider']> {
  dapp = await createTestDapp(stack.urls.relay, { 31337: stack.urls.rpc['31337'] ?? '' })
  let paired: Promise<{ status: number }> | undefined
  const connected = dapp.connect(
    (uri) => {
      paired = post('/pair', { uri })
    },
    [31337],
  )
  const proposal = await waitForState((s) => s.proposal)
  expect(await paired).toMatchObject({ status: 200 })
  expect(proposal).toMatchObject({ name: 'Test dapp', chains: ['eip155:31337'] })
  expect(await post('/proposal/approve', { id: proposal.id })).toEqual({
    status: 200,
    body: { ok: true },
  })
  await connected
  return dapp.provider
}

const pendingRequest = (method: string) =>
  waitForState((s) => s.requests.find((r) => r.method === method))

test('default', async () => {
  const provider = await connectDapp()
  const { address } = await state()
  expect(provider.session?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${address}`])

  const signed = provider.request<Hex>(
    { method: 'personal_sign', params: [toHex(MESSAGE), address] },
    'eip155:31337',
  )
  const request = await pendingRequest('personal_sign')
  expect(request).toMatchObject({
    chainId: 'eip155:31337',
    summary: `Sign message: ${MESSAGE}`,
    dapp: 'Test dapp',
  })
  expect(await post(`/request/${request.id}/approve`)).toMatchObject({ status: 200 })
  const signature = await signed
  expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true)
  const after = await state()
  expect(after.requests).toEqual([])
  expect(after.sessions.map((s) => s.topic)).toContain(provider.session?.topic)
})

test('behavior: the page and its script are served, the script writes text only', async () => {
  const page = await fetch(api('/'))
  expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  const html = await page.text()
  expect(html).toContain('<script src="/devnet-mobile/app.js" defer></script>')
  expect(html).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>/)
  const script = await fetch(api('/app.js'))
  expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
  const js = await script.text()
  expect(js).toContain("call('/state')")
  expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/)
  // The catalogue's deep link lands on the page with the URI in the query.
  const link = await fetch(api('/wc?uri=wc%3Aabc'), { redirect: 'manual' })
  expect(link.status).toBe(302)
  expect(link.headers.get('location')).toBe('/devnet-mobile/?uri=wc%3Aabc')
})

test('behavior: its catalogue entry links to this page on the app server (the demo on a phone)', async () => {
  const { devnetMobile } = specialWallets
  const query = new URLSearchParams({
    projectId: stack.projectId,
    page: '1',
    entries: '1',
    include: devnetMobile.id,
    st: 'walletkit',
    sv: 'test',
  })
  const res = await fetch(`${stack.urls.api}/getWallets?${query}`, {
    headers: { Origin: stack.urls.app },
  })
  const { data } = (await res.json()) as { data: { link_mode?: string; mobile_link: string }[] }
  expect(data[0]).toMatchObject({
    mobile_link: 'devnetmobile://',
    link_mode: `${stack.urls.app}/devnet-mobile/wc`,
  })
  // The link with a URI lands on the page, the URI in its address.
  const uri = 'wc:abc@2?relay-protocol=irn&symKey=def'
  const followed = await fetch(`${data[0]?.link_mode}?uri=${encodeURIComponent(uri)}`, {
    redirect: 'manual',
  })
  expect(followed.status).toBe(302)
  expect(followed.headers.get('location')).toBe(`/devnet-mobile/?uri=${encodeURIComponent(uri)}`)
  // It stays so after a test resets the catalogue.
  stack.catalog.reset()
  const again = await fetch(`${stack.urls.api}/getWallets?${query}`, {
    headers: { Origin: stack.urls.app },
  })
  expect(((await again.json()) as { data: { link_mode?: string }[] }).data[0]?.link_mode).toBe(
    `${stack.urls.app}/devnet-mobile/wc`,
  )
})

test('behavior: a transaction shows its recipient and amount, and approving it sends it', async () => {
  const provider = await connectDapp()
  const { address } = await state()
  const chain = createPublicClient({ transport: http(stack.urls.rpc['31337']) })
  const sent = provider.request<Hex>(
    {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: RECIPIENT, value: toHex(parseEther('0.25')) }],
    },
    'eip155:31337',
  )
  const request = await pendingRequest('eth_sendTransaction')
  expect(request.summary).toBe(`Send 0.25 ETH to ${RECIPIENT}`)
  expect(await post(`/request/${request.id}/approve`)).toMatchObject({ status: 200 })
  const receipt = await chain.waitForTransactionReceipt({ hash: await sent })
  expect(receipt.status).toBe('success')
  expect(receipt.to?.toLowerCase()).toBe(RECIPIENT.toLowerCase())
})

test('error: a rejected request reaches the dapp as a user rejection', async () => {
  const provider = await connectDapp()
  const { address } = await state()
  const signed = provider.request(
    { method: 'personal_sign', params: ['0x01', address] },
    'eip155:31337',
  )
  const outcome = signed.catch((error: unknown) => error)
  const request = await pendingRequest('personal_sign')
  expect(await post(`/request/${request.id}/reject`)).toMatchObject({ status: 200 })
  expect(await outcome).toMatchObject({ code: 4001 })
  expect((await state()).requests).toEqual([])
  // Answered already: a second answer is refused.
  expect(await post(`/request/${request.id}/approve`)).toMatchObject({
    status: 404,
    body: { message: `No request ${request.id} is waiting.` },
  })
})

test('error: a rejected proposal fails the dapp connect', async () => {
  dapp = await createTestDapp(stack.urls.relay)
  const connected = dapp
    .connect((uri) => void post('/pair', { uri }), [31337])
    .catch((error: unknown) => error)
  await waitForState((s) => s.proposal)
  expect(await post('/proposal/reject')).toMatchObject({ status: 200 })
  expect(await connected).toMatchObject({ message: expect.stringMatching(/rejected/i) })
  expect((await state()).proposal).toBeUndefined()
  expect(await post('/proposal/approve')).toMatchObject({
    status: 409,
    body: { message: 'No session proposal is waiting.' },
  })
})

test('error: a malformed URI or body is refused with 400 and a clear message', async () => {
  expect(await post('/pair', { uri: 'https://example.com' })).toEqual({
    status: 400,
    body: { message: 'Not a WalletConnect URI: it must start with "wc:".' },
  })
  expect(await post('/pair', { uri: 'wc:1234@2?symKey=ab' })).toEqual({
    status: 400,
    body: { message: 'Not a WalletConnect v2 URI: expected "wc:<64 hex topic>@2?…".' },
  })
  const topic = 'a'.repeat(64)
  expect(await post('/pair', { uri: `wc:${topic}@2?relay-protocol=irn` })).toMatchObject({
    status: 400,
    body: { message: expect.stringMatching(/symKey/) },
  })
  expect(await post('/pair', {})).toMatchObject({
    status: 400,
    body: { message: expect.stringMatching(/Paste a WalletConnect URI/) },
  })
  expect(await post('/pair', 'not json')).toEqual({
    status: 400,
    body: { message: 'The request body must be a JSON object.' },
  })
  expect((await fetch(api('/state'), { method: 'POST' })).status).toBe(405)
})

test('behavior: an ERC-20 transfer is summarised as what moves where', () => {
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const to = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
  const data = `0xa9059cbb${to.slice(2).padStart(64, '0')}${12_345_678n.toString(16).padStart(64, '0')}`
  expect(
    summarize({
      id: 1,
      topic: 't',
      method: 'eth_sendTransaction',
      chainId: 'eip155:31337',
      params: [{ to: token, data }],
    } as never),
  ).toBe(`Transfer 12345678 base units of token ${token} to ${to}`)
})
