// @vitest-environment node
import { type Address, encodeDeployData, getContractAddress, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import { type Chains, receiptOf, rpc, startChains, testAccount } from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import {
  type BlockchainApi,
  type GrantInput,
  REVOCATION_MAX_AGE_MS,
  REVOCATION_MAX_SKEW_MS,
  revocationMessage,
  type SmartSession,
  startBlockchainApi,
} from './index.js'

let chains: Chains
let api: BlockchainApi
beforeAll(async () => {
  chains = await startChains()
  api = await startBlockchainApi({ chains: chains.chains })
}, 30_000)
afterAll(async () => {
  await api?.stop()
  await chains?.stop()
})
afterEach(() => api.reset())

const caip = (chainId: number, address: string) => `eip155:${chainId}:${address}`
const list = async (caipAddress: string) => {
  const res = await fetch(
    `${api.url}/v1/sessions/${encodeURIComponent(caipAddress)}?projectId=${DEMO_PROJECT_ID}`,
  )
  return { status: res.status, body: (await res.json()) as { pcis: SmartSession[] } }
}
/** The site the revocations are signed on; the requests come from its page. */
const SITE = 'shop.example'
const revoke = (caipAddress: string, body: unknown, origin: string | null = `https://${SITE}`) =>
  fetch(
    `${api.url}/v1/sessions/${encodeURIComponent(caipAddress)}/revoke?projectId=${DEMO_PROJECT_ID}`,
    {
      method: 'POST',
      // What the kit sends: a "simple" request, JSON in a text/plain body, from the site's page.
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        ...(origin === null ? {} : { origin }),
      },
      body: JSON.stringify(body),
    },
  )
const grant = (caipAddress: string, extra: Partial<GrantInput> = {}) =>
  api.sessions.grant({
    caipAddress,
    project: { name: 'Example Game', url: 'https://game.example' },
    permissions: [
      {
        type: 'native-token-recurring-allowance',
        data: { allowance: '0x2386f26fc10000', start: 1_700_000_000, period: 86_400 },
      },
    ],
    expiry: Math.floor(Date.now() / 1000) + 3600,
    ...extra,
  })
type Binding = { domain: string; issuedAt: string; nonce: string }
let nonces = 0
/** A revocation body as the kit sends it: what the message binds, and account `index`'s signature. */
async function signed(
  index: number,
  pci: string,
  caipAddress: string,
  binding: Partial<Binding> = {},
) {
  const bound: Binding = {
    domain: SITE,
    issuedAt: new Date().toISOString(),
    nonce: `n${String(++nonces).padStart(15, '0')}`,
    ...binding,
  }
  const message = revocationMessage({ pci, caipAddress, ...bound })
  return { pci, signature: await testAccount(index).signMessage({ message }), ...bound }
}

test('default', async () => {
  const account = caip(31337, testAccount(0).address)
  const session = grant(account)
  const { status, body } = await list(account)
  expect(status).toBe(200)
  expect(body.pcis).toEqual([
    {
      project: {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        name: 'Example Game',
        url: 'https://game.example',
        iconUrl: null,
      },
      pci: session.pci,
      expiry: session.expiry,
      createdAt: expect.any(Number),
      permissions: session.permissions,
      policies: [],
      context: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    },
  ])
  // Any spelling of the address finds the same account; another chain is another account.
  expect((await list(caip(31337, testAccount(0).address.toLowerCase()))).body.pcis).toHaveLength(1)
  expect((await list(caip(31338, testAccount(0).address))).body.pcis).toEqual([])
})

test('args: the signed text binds the session, the account (checksummed), the site, the time and the nonce', () => {
  const lower = caip(31337, testAccount(0).address.toLowerCase())
  expect(
    revocationMessage({
      pci: 'abc',
      caipAddress: lower,
      domain: SITE,
      issuedAt: '2026-05-01T12:00:00.000Z',
      nonce: 'q8Zr3kP0aLm2Xw9B',
    }),
  ).toBe(
    `Revoke smart session\nSession: abc\nAccount: eip155:31337:${testAccount(0).address}\nSite: shop.example\nIssued at: 2026-05-01T12:00:00.000Z\nNonce: q8Zr3kP0aLm2Xw9B`,
  )
})

describe('revoke', () => {
  test("behavior: the account's signature revokes that session only; a second revoke is a 409", async () => {
    const account = caip(31337, testAccount(1).address)
    const kept = grant(account)
    const gone = grant(account)
    const res = await revoke(account, await signed(1, gone.pci, account))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ pci: gone.pci, revokedAt: expect.any(Number) })
    const { body } = await list(account)
    expect(body.pcis.find((s) => s.pci === gone.pci)?.revokedAt).toEqual(expect.any(Number))
    expect(body.pcis.find((s) => s.pci === kept.pci)).not.toHaveProperty('revokedAt')
    const again = await revoke(account, await signed(1, gone.pci, account))
    expect(again.status).toBe(409)
  })

  test("error: another signer, another session's signature, another chain's → 401, nothing revoked", async () => {
    const address = testAccount(2).address
    const account = caip(31337, address)
    const other = caip(31338, address)
    const target = grant(account)
    const sibling = grant(account)
    const elsewhere = grant(other)
    const refused = [
      // Signed by someone else.
      await signed(3, target.pci, account),
      // The account's real signature, for its other session.
      { ...(await signed(2, sibling.pci, account)), pci: target.pci },
      // Malformed but hex.
      { ...(await signed(2, target.pci, account)), signature: '0x1234' },
    ]
    for (const body of refused) {
      const res = await revoke(account, body)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ message: 'Invalid signature' })
    }
    // The signature for the same address on 31337 does not revoke its session on 31338.
    const crossChain = await revoke(other, await signed(2, elsewhere.pci, account))
    expect(crossChain.status).toBe(401)
    expect((await list(account)).body.pcis.every((s) => s.revokedAt === undefined)).toBe(true)
    expect((await list(other)).body.pcis.every((s) => s.revokedAt === undefined)).toBe(true)
  })

  test("behavior: a contract account (EIP-1271) revokes with its owner's signature", async () => {
    const chain = chains.chains[0] as { chainId: number; rpcUrl: string }
    const owner = testAccount(6)
    const deployer = testAccount(8)
    const nonce = Number(
      await rpc<Hex>(chain.rpcUrl, 'eth_getTransactionCount', [deployer.address, 'latest']),
    )
    const hash = await rpc<Hex>(chain.rpcUrl, 'eth_sendTransaction', [
      {
        from: deployer.address,
        data: encodeDeployData({ ...artifacts.OwnerAccount, args: [owner.address] }),
      },
    ])
    expect((await receiptOf(chain.rpcUrl, hash)).status).toBe('0x1')
    const contract: Address = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
    const account = caip(31337, contract)
    const session = grant(account)
    expect((await revoke(account, await signed(7, session.pci, account))).status).toBe(401)
    expect((await revoke(account, await signed(6, session.pci, account))).status).toBe(200)
  })

  test('error: a replayed revocation (its nonce used) is refused, even for a session revoked since', async () => {
    const account = caip(31337, testAccount(4).address)
    const session = grant(account)
    const body = await signed(4, session.pci, account)
    expect((await revoke(account, body)).status).toBe(200)
    const replay = await revoke(account, body)
    expect(replay.status).toBe(401)
    expect(await replay.json()).toEqual({ message: `Replayed revocation: nonce ${body.nonce}` })
  })

  test('error: a revocation older than the window, or too far ahead, is stale', async () => {
    const account = caip(31337, testAccount(4).address)
    const session = grant(account)
    const at = (ms: number) => new Date(Date.now() + ms).toISOString()
    for (const issuedAt of [
      at(-REVOCATION_MAX_AGE_MS - 60_000),
      at(REVOCATION_MAX_SKEW_MS + 60_000),
    ]) {
      const res = await revoke(account, await signed(4, session.pci, account, { issuedAt }))
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ message: `Stale revocation: issued at ${issuedAt}` })
    }
    // Within the window: a few minutes a visitor may take to sign.
    const recent = await signed(4, session.pci, account, { issuedAt: at(-3 * 60_000) })
    expect((await revoke(account, recent)).status).toBe(200)
  })

  test('error: a revocation signed for another site, or sent by another site, is refused', async () => {
    const account = caip(31337, testAccount(4).address)
    const session = grant(account)
    // Signed on evil.example, sent from its page.
    const elsewhere = await signed(4, session.pci, account, { domain: 'evil.example' })
    const res = await revoke(account, elsewhere)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      message: 'Signed for another site: evil.example, not shop.example',
    })
    // Signed on the site, replayed from another page or from no page at all.
    const real = await signed(4, session.pci, account)
    expect((await revoke(account, real, 'https://evil.example')).status).toBe(401)
    expect((await revoke(account, real, null)).status).toBe(401)
    const listed = (await list(account)).body.pcis.find((s) => s.pci === session.pci)
    expect(listed?.revokedAt).toBeUndefined()
    expect((await revoke(account, real)).status).toBe(200)
  })

  test('error: bad bodies and accounts → 400, an unknown pci → 404, the fault switch → its status', async () => {
    const account = caip(31337, testAccount(0).address)
    const good = await signed(0, 'missing', account)
    expect((await revoke(account, { ...good, pci: undefined })).status).toBe(400)
    expect((await revoke(account, { ...good, signature: 'not hex' })).status).toBe(400)
    for (const bad of [
      { domain: 'shop.example/path' },
      { domain: undefined },
      { issuedAt: 'yesterday' },
      { issuedAt: '2026-05-01 12:00' },
      { nonce: 'short' },
      { nonce: 'has spaces in it' },
    ])
      expect((await revoke(account, { ...good, ...bad })).status, JSON.stringify(bad)).toBe(400)
    expect((await revoke(account, good)).status).toBe(404)
    expect((await revoke('eip155:1:0x0000000000000000000000000000000000000001', good)).status).toBe(
      400,
    )
    expect((await list('0xabc')).status).toBe(400)
    expect((await list('solana:localnet:abc')).status).toBe(400)
    api.failNext({ path: '/v1/sessions', status: 503 })
    expect((await list(account)).status).toBe(503)
    api.failNext({ path: '/v1/sessions', status: 500 })
    expect((await revoke(account, { pci: 'x', signature: '0x00' })).status).toBe(500)
  })
})
