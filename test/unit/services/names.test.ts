import { describe, expect, test } from 'vitest'
import { HttpRequestError, InvalidResponseError } from '../../../src/core/errors/http.js'
import { createBlockchainService } from '../../../src/services/blockchain.js'
import { createNamesCalls, parseProfile } from '../../../src/services/names.js'
import { fakeHttp } from './support.js'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const record = {
  name: 'alice.reown.id',
  registered_at: '2026-11-22T08:00:00Z',
  updated_at: '2026-11-22T08:00:00Z',
  attributes: {},
  addresses: { 60: { address: ALICE, created_at: null }, 2147492101: { address: ALICE } },
}
const profile = {
  name: 'alice.reown.id',
  addresses: [
    { coinType: 60, address: ALICE },
    { coinType: 2147492101, address: ALICE },
  ],
}

test('default: reverse sends the sender and apiVersion 2, and reads the profiles', async () => {
  const { http, seen } = fakeHttp(() => ({ body: [record] }))
  expect(await createNamesCalls(http).reverseNames(ALICE)).toEqual([profile])
  expect(seen[0]?.url.pathname).toBe(`/v1/profile/reverse/${ALICE}`)
  expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toMatchObject({
    sender: ALICE,
    apiVersion: '2',
    projectId: '0123456789abcdef0123456789abcdef',
  })
})

describe('profiles', () => {
  test('behavior: reverse drops names with markup and entries that are not profiles', async () => {
    const { http } = fakeHttp(() => ({
      body: [
        record,
        { name: '<script>.reown.id', addresses: {} },
        { name: 'x.wcn.id', addresses: { 60: {} } },
        7,
      ],
    }))
    const found = await createNamesCalls(http).reverseNames(ALICE)
    expect(found).toEqual([profile, { name: 'x.wcn.id', addresses: [] }])
  })

  test('behavior: the blockchain service carries the names calls beside lookupName', async () => {
    const { http } = fakeHttp(() => ({ body: [] }))
    const service = createBlockchainService(http)
    expect(await service.reverseNames(ALICE)).toEqual([])
    expect(await service.lookupName('nobody.reown.id')).toBeUndefined()
  })

  test('behavior: suggestions keep well-formed entries with a boolean flag', async () => {
    const { http, seen } = fakeHttp(() => ({
      body: {
        suggestions: [
          { name: 'alice.reown.id', registered: true },
          { name: 'alicehq.reown.id', registered: false },
          { name: 'ALICE<b>', registered: false },
          { name: 'aliceabc.reown.id', registered: 'no' },
        ],
      },
    }))
    expect(await createNamesCalls(http).nameSuggestions('alice', 'reown.id')).toEqual([
      { name: 'alice.reown.id', registered: true },
      { name: 'alicehq.reown.id', registered: false },
    ])
    expect(seen[0]?.url.pathname).toBe('/v1/profile/suggestions/alice')
    expect(seen[0]?.url.searchParams.get('zone')).toBe('reown.id')
  })
})

describe('register', () => {
  test('behavior: posts { coin_type, address, message, signature } and reads the profile', async () => {
    const { http, seen } = fakeHttp(() => ({ body: record }))
    const request = {
      coin_type: 60,
      address: ALICE,
      message: '{"name":"alice.reown.id"}',
      signature: '0x12',
    }
    expect(await createNamesCalls(http).registerName(request)).toEqual(profile)
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.url.pathname).toBe('/v1/profile/account')
    expect(seen[0]?.body).toEqual(request)
  })

  test('error: a refusal is an HttpRequestError; an empty answer is InvalidResponseError', async () => {
    const request = { coin_type: 60, address: ALICE, message: '{}', signature: '0x' }
    const refused = createNamesCalls(
      fakeHttp(() => ({ status: 409, body: { message: 'taken' } })).http,
    )
    await expect(refused.registerName(request)).rejects.toBeInstanceOf(HttpRequestError)
    const empty = createNamesCalls(fakeHttp(() => ({ body: [] })).http)
    await expect(empty.registerName(request)).rejects.toBeInstanceOf(InvalidResponseError)
  })
})

test('error: __proto__ keys in addresses never leak', () => {
  const polluted = parseProfile(
    JSON.parse(
      '{"name":"a.reown.id","addresses":{"__proto__":{"address":"x"},"60":{"address":"0x1"}}}',
    ),
  )
  expect(polluted).toEqual({ name: 'a.reown.id', addresses: [{ coinType: 60, address: '0x1' }] })
  expect(({} as { address?: string }).address).toBeUndefined()
})
