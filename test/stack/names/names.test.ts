// @vitest-environment node
import { type Address, encodeDeployData, getContractAddress, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type BlockchainApi, startBlockchainApi } from '../blockchain-api/index.js'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import { type Anvil, receiptOf, rpc, startAnvil, testAccount } from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import {
  coinTypeOfChain,
  createNamesRegistry,
  createNamesRoutes,
  NAME_FIXTURES,
  type NamesRegistry,
  seedNames,
} from './index.js'

// The names registry of the blockchain API stand-in, against a real chain: EOA signatures
// (EIP-191) and a contract account (EIP-1271) are checked on anvil.

const CHAIN_ID = 31_337
const COIN_TYPE = coinTypeOfChain(CHAIN_ID)
const alice = testAccount(0)
const bob = testAccount(1)
let anvil: Anvil
let api: BlockchainApi
let registry: NamesRegistry
let contract: Address
/** Seconds the registry's clock is ahead of the wall clock. */
let skew = 0

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  registry = createNamesRegistry({
    rpc: { [CHAIN_ID]: anvil.rpcUrl },
    now: () => Date.now() + skew * 1000,
  })
  registry.seed('dave.reown.id', testAccount(3).address)
  api = await startBlockchainApi({ chains: [], routes: createNamesRoutes(registry) })
  // A one-owner contract account owned by bob.
  const deployer = testAccount(8)
  const nonce = Number(
    await rpc<Hex>(anvil.rpcUrl, 'eth_getTransactionCount', [deployer.address, 'latest']),
  )
  const data = encodeDeployData({
    abi: artifacts.OwnerAccount.abi,
    bytecode: artifacts.OwnerAccount.bytecode,
    args: [bob.address],
  })
  const hash = await rpc<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [
    { from: deployer.address, data },
  ])
  expect((await receiptOf(anvil.rpcUrl, hash)).status).toBe('0x1')
  contract = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
}, 30_000)
afterAll(async () => {
  await api?.stop()
  await anvil?.stop()
})
afterEach(() => {
  skew = 0
  registry.reset()
  api.reset()
})

const url = (path: string, query: Record<string, string> = {}) =>
  `${api.url}${path}?${new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })}`
const get = (path: string, query?: Record<string, string>) => fetch(url(path, query))

function messageOf(name: string, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    name,
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
    ...fields,
  })
}

async function register(body: Record<string, unknown>) {
  const res = await fetch(url('/v1/profile/account'), {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function signed(name: string, signer = alice, fields: Record<string, unknown> = {}) {
  const message = messageOf(name, { address: signer.address, ...fields })
  return {
    coin_type: COIN_TYPE,
    address: signer.address,
    message,
    signature: await signer.signMessage({ message }),
  }
}

test('default: a signed registration is stored and resolves both ways', async () => {
  const done = await register(await signed('alice.reown.id'))
  expect(done.status).toBe(200)
  expect(done.body).toMatchObject({
    name: 'alice.reown.id',
    attributes: {},
    addresses: {
      [COIN_TYPE]: { address: alice.address },
      60: { address: alice.address },
    },
  })
  const lookup = await get('/v1/profile/account/alice.reown.id', { apiVersion: '2' })
  expect(await lookup.json()).toMatchObject({ name: 'alice.reown.id' })
  const reverse = await get(`/v1/profile/reverse/${alice.address.toLowerCase()}`, {
    apiVersion: '2',
    sender: alice.address,
  })
  expect(((await reverse.json()) as { name: string }[]).map((r) => r.name)).toEqual([
    'alice.reown.id',
  ])
})

describe('lookups', () => {
  test('behavior: unknown names and addresses are [] with apiVersion=2, 404 without', async () => {
    expect(
      await (await get('/v1/profile/account/nobody.reown.id', { apiVersion: '2' })).json(),
    ).toEqual([])
    expect((await get('/v1/profile/account/nobody.reown.id')).status).toBe(404)
    expect(
      await (await get(`/v1/profile/reverse/${bob.address}`, { apiVersion: '2' })).json(),
    ).toEqual([])
    expect((await get(`/v1/profile/reverse/${bob.address}`)).status).toBe(404)
    expect((await get('/v1/profile/reverse/bob')).status).toBe(400)
  })

  test('behavior: suggestions put the exact name first with its flag, then up to 4 free names', async () => {
    const taken = await get('/v1/profile/suggestions/dave', { zone: 'reown.id' })
    const { suggestions } = (await taken.json()) as {
      suggestions: { name: string; registered: boolean }[]
    }
    expect(suggestions[0]).toEqual({ name: 'dave.reown.id', registered: true })
    expect(suggestions).toHaveLength(5)
    expect(suggestions.slice(1).every((s) => !s.registered && s.name.endsWith('.reown.id'))).toBe(
      true,
    )
    const sun = (await (await get('/v1/profile/suggestions/sun', { zone: 'wcn.id' })).json()) as {
      suggestions: { name: string }[]
    }
    expect(sun.suggestions.map((s) => s.name)).toEqual([
      'sun.wcn.id',
      'sunny.wcn.id',
      'sunrise.wcn.id',
      'sunset.wcn.id',
      'sunhq.wcn.id',
    ])
  })

  test('error: suggestions refuse short or malformed labels and unknown zones', async () => {
    expect((await get('/v1/profile/suggestions/ab', { zone: 'reown.id' })).status).toBe(400)
    expect((await get('/v1/profile/suggestions/Abc', { zone: 'reown.id' })).status).toBe(400)
    expect((await get('/v1/profile/suggestions/abcd', { zone: 'example.com' })).status).toBe(400)
  })
})

describe('registration', () => {
  test('behavior: a contract account registers with its owner signature (EIP-1271 on the chain)', async () => {
    const message = messageOf('vault.reown.id', { address: contract })
    const done = await register({
      coin_type: COIN_TYPE,
      address: contract,
      message,
      signature: await bob.signMessage({ message }),
    })
    expect(done.status).toBe(200)
    expect(registry.lookup('vault.reown.id')?.addresses[COIN_TYPE]?.address).toBe(contract)
  })

  test('behavior: the message of the public service (name, attributes, timestamp only) is accepted', async () => {
    const message = JSON.stringify({
      name: 'plain.reown.id',
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    const done = await register({
      coin_type: COIN_TYPE,
      address: alice.address,
      message,
      signature: await alice.signMessage({ message }),
    })
    expect(done.status).toBe(200)
  })

  test('error: a taken name is refused (409) and keeps its owner', async () => {
    const done = await register(await signed('dave.reown.id'))
    expect(done).toEqual({
      status: 409,
      body: { message: 'Name is already registered: dave.reown.id' },
    })
    expect(registry.lookup('dave.reown.id')?.addresses[60]?.address).toBe(testAccount(3).address)
  })

  test('error: a replayed registration is refused, even for a name that became free again', async () => {
    const request = await signed('replay.reown.id')
    expect((await register(request)).status).toBe(200)
    expect((await register(request)).body).toEqual({ message: 'This signature was already used' })
    expect(registry.refusals.map((r) => r.reason)).toEqual(['replayed'])
  })

  test('error: a timestamp more than 10 s away is refused; 10 s is accepted', async () => {
    skew = 11
    expect((await register(await signed('late.reown.id'))).body.message).toMatch(
      /^Expired timestamp/,
    )
    skew = -11
    expect((await register(await signed('early.reown.id'))).body.message).toMatch(
      /^Expired timestamp/,
    )
    skew = 10
    expect((await register(await signed('edge.reown.id'))).status).toBe(200)
  })

  test('error: a signature of another address, or a message bound to another address, is refused', async () => {
    const forBob = await signed('mine.reown.id', bob)
    // Bob's signature presented as Alice's registration.
    const stolen = await register({ ...forBob, address: alice.address })
    expect(stolen.status).toBe(400)
    const message = messageOf('other.reown.id', { address: alice.address })
    const spoofed = await register({
      coin_type: COIN_TYPE,
      address: bob.address,
      message,
      signature: await bob.signMessage({ message }),
    })
    expect(spoofed.body).toEqual({ message: 'The message was signed for another address' })
    expect(registry.refusals.map((r) => r.reason)).toEqual(['binding-mismatch', 'binding-mismatch'])
  })

  test('error: a signature of another name is refused', async () => {
    const request = await signed('first.reown.id')
    const other = await register({ ...request, message: request.message.replace('first', 'other') })
    expect(other).toEqual({ status: 400, body: { message: 'Signature verification error' } })
    expect(registry.lookup('other.reown.id')).toBeUndefined()
  })

  test('error: bad names, zones, coin types, attributes and bodies are refused with 400', async () => {
    const cases = [
      await signed('ab.reown.id'),
      await signed('Caps.reown.id'),
      await signed('a_b_c.reown.id'),
      await signed('alice.example.com'),
      await signed('alice.reown.id', alice, { attributes: { avatar: 'x' } }),
      { ...(await signed('coin.reown.id')), coin_type: coinTypeOfChain(999) },
      await signed('chain.reown.id', alice, { chain_id: 1 }),
      { coin_type: COIN_TYPE, address: alice.address, message: 'not json', signature: '0x00' },
    ]
    const statuses = []
    for (const body of cases) statuses.push((await register(body)).status)
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400])
    expect(registry.refusals.map((r) => r.reason)).toEqual([
      'invalid-name',
      'invalid-name',
      'invalid-name',
      'invalid-zone',
      'unsupported-attribute',
      'unsupported-coin-type',
      'binding-mismatch',
      'malformed',
    ])
  })
})

describe('fixtures', () => {
  test('behavior: the seeded names, emoji and accented included, resolve under each chain’s coin type', async () => {
    const seeded = createNamesRegistry({ rpc: {} })
    seedNames(seeded, [31_337, 31_338])
    for (const { name, accountIndex } of NAME_FIXTURES) {
      const record = seeded.lookup(name)
      expect(record?.name, name).toBe(name)
      const address = testAccount(accountIndex).address
      for (const coinType of [coinTypeOfChain(31_337), coinTypeOfChain(31_338), 60])
        expect(record?.addresses[coinType]?.address, `${name} ${coinType}`).toBe(address)
    }
    expect(NAME_FIXTURES.map((f) => f.name)).toEqual(
      expect.arrayContaining(['🦊fox.reown.id', 'zoë.reown.id']),
    )
  })

  test('behavior: a name is found by its path segment as the kit encodes it', async () => {
    registry.seed('zoë.reown.id', testAccount(4).address, [COIN_TYPE])
    const res = await get(`/v1/profile/account/${encodeURIComponent('zoë.reown.id')}`, {
      apiVersion: '2',
    })
    expect(await res.json()).toMatchObject({ name: 'zoë.reown.id' })
  })
})
