// @vitest-environment node
import { type Address, encodeDeployData, getContractAddress, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import { type Chains, receiptOf, rpc, startChains, testAccount } from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import {
  type BlockchainApi,
  type GrantInput,
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
const revoke = (caipAddress: string, body: unknown) =>
  fetch(
    `${api.url}/v1/sessions/${encodeURIComponent(caipAddress)}/revoke?projectId=${DEMO_PROJECT_ID}`,
    {
      method: 'POST',
      // What the kit sends: a "simple" request, JSON in a text/plain body.
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
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
const sign = (index: number, pci: string, caipAddress: string) =>
  testAccount(index).signMessage({ message: revocationMessage({ pci, caipAddress }) })

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

test('args: the signed text binds the session and the account, checksummed', () => {
  const lower = caip(31337, testAccount(0).address.toLowerCase())
  expect(revocationMessage({ pci: 'abc', caipAddress: lower })).toBe(
    `Revoke smart session\nSession: abc\nAccount: eip155:31337:${testAccount(0).address}`,
  )
})

describe('revoke', () => {
  test("behavior: the account's signature revokes that session only; a second revoke is a 409", async () => {
    const account = caip(31337, testAccount(1).address)
    const kept = grant(account)
    const gone = grant(account)
    const res = await revoke(account, {
      pci: gone.pci,
      signature: await sign(1, gone.pci, account),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ pci: gone.pci, revokedAt: expect.any(Number) })
    const { body } = await list(account)
    expect(body.pcis.find((s) => s.pci === gone.pci)?.revokedAt).toEqual(expect.any(Number))
    expect(body.pcis.find((s) => s.pci === kept.pci)).not.toHaveProperty('revokedAt')
    const again = await revoke(account, {
      pci: gone.pci,
      signature: await sign(1, gone.pci, account),
    })
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
      { pci: target.pci, signature: await sign(3, target.pci, account) },
      // The account's real signature, for its other session: replayed.
      { pci: target.pci, signature: await sign(2, sibling.pci, account) },
      // Malformed but hex.
      { pci: target.pci, signature: '0x1234' },
    ]
    for (const body of refused) {
      const res = await revoke(account, body)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ message: 'Invalid signature' })
    }
    // The signature for the same address on 31337 does not revoke its session on 31338.
    const crossChain = await revoke(other, {
      pci: elsewhere.pci,
      signature: await sign(2, elsewhere.pci, account),
    })
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
    expect(
      (await revoke(account, { pci: session.pci, signature: await sign(7, session.pci, account) }))
        .status,
    ).toBe(401)
    expect(
      (await revoke(account, { pci: session.pci, signature: await sign(6, session.pci, account) }))
        .status,
    ).toBe(200)
  })

  test('error: bad bodies and accounts → 400, an unknown pci → 404, the fault switch → its status', async () => {
    const account = caip(31337, testAccount(0).address)
    expect((await revoke(account, { signature: '0x00' })).status).toBe(400)
    expect((await revoke(account, { pci: 'x', signature: 'not hex' })).status).toBe(400)
    expect((await revoke(account, { pci: 'missing', signature: '0x00' })).status).toBe(404)
    expect(
      (
        await revoke('eip155:1:0x0000000000000000000000000000000000000001', {
          pci: 'x',
          signature: '0x00',
        })
      ).status,
    ).toBe(400)
    expect((await list('0xabc')).status).toBe(400)
    expect((await list('solana:localnet:abc')).status).toBe(400)
    api.failNext({ path: '/v1/sessions', status: 503 })
    expect((await list(account)).status).toBe(503)
    api.failNext({ path: '/v1/sessions', status: 500 })
    expect((await revoke(account, { pci: 'x', signature: '0x00' })).status).toBe(500)
  })
})
