import { describe, expect, test } from 'vitest'
import { HttpRequestError, InvalidResponseError } from '../../../src/core/errors/http.js'
import { createNamesService, parseNameRecord } from '../../../src/services/names.js'
import { fakeHttp } from './support.js'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const record = {
  name: 'alice.reown.id',
  registered_at: '2026-11-22T08:00:00Z',
  updated_at: '2026-11-22T08:00:00Z',
  attributes: {},
  addresses: { 60: { address: ALICE, created_at: null }, 2147492101: { address: ALICE } },
}

test('default: lookup asks apiVersion 2 and keeps name and addresses', async () => {
  const { http, seen } = fakeHttp(() => ({ body: record }))
  const names = createNamesService(http)
  expect(await names.lookup('alice.reown.id')).toEqual({
    name: 'alice.reown.id',
    addresses: { 60: { address: ALICE }, 2147492101: { address: ALICE } },
  })
  expect(seen[0]?.url.pathname).toBe('/v1/profile/account/alice.reown.id')
  expect(seen[0]?.url.searchParams.get('apiVersion')).toBe('2')
  expect(seen[0]?.url.searchParams.get('projectId')).toBe('0123456789abcdef0123456789abcdef')
})

describe('lookups', () => {
  test('behavior: an unknown name is null (the empty list of apiVersion 2)', async () => {
    const names = createNamesService(fakeHttp(() => ({ body: [] })).http)
    expect(await names.lookup('nobody.reown.id')).toBeNull()
  })

  test('behavior: reverse sends the sender and drops malformed records', async () => {
    const { http, seen } = fakeHttp(() => ({
      body: [
        record,
        { name: '<script>', addresses: {} },
        { name: 'x.wcn.id', addresses: { 60: {} } },
        7,
      ],
    }))
    const found = await createNamesService(http).reverse(ALICE)
    expect(found.map((r) => r.name)).toEqual(['alice.reown.id', 'x.wcn.id'])
    expect(found[1]?.addresses).toEqual({})
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toMatchObject({
      sender: ALICE,
      apiVersion: '2',
    })
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
    expect(await createNamesService(http).suggestions('alice', 'reown.id')).toEqual([
      { name: 'alice.reown.id', registered: true },
      { name: 'alicehq.reown.id', registered: false },
    ])
    expect(seen[0]?.url.pathname).toBe('/v1/profile/suggestions/alice')
    expect(seen[0]?.url.searchParams.get('zone')).toBe('reown.id')
  })
})

describe('register', () => {
  test('behavior: posts { coin_type, address, message, signature } and reads the record', async () => {
    const { http, seen } = fakeHttp(() => ({ body: record }))
    const request = {
      coin_type: 60,
      address: ALICE,
      message: '{"name":"alice.reown.id"}',
      signature: '0x12',
    }
    expect((await createNamesService(http).register(request)).name).toBe('alice.reown.id')
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.body).toEqual(request)
  })

  test('error: a refusal is an HttpRequestError with the status', async () => {
    const names = createNamesService(
      fakeHttp(() => ({ status: 409, body: { message: 'taken' } })).http,
    )
    await expect(
      names.register({ coin_type: 60, address: ALICE, message: '{}', signature: '0x' }),
    ).rejects.toBeInstanceOf(HttpRequestError)
  })
})

test('error: wrong shapes are InvalidResponseError; __proto__ keys never leak', async () => {
  const names = createNamesService(fakeHttp(() => ({ body: { name: 7 } })).http)
  await expect(names.lookup('a.reown.id')).rejects.toBeInstanceOf(InvalidResponseError)
  const polluted = parseNameRecord(
    JSON.parse(
      '{"name":"a.reown.id","addresses":{"__proto__":{"address":"x"},"60":{"address":"0x1"}}}',
    ),
  )
  expect(polluted.addresses).toEqual({ 60: { address: '0x1' } })
  expect(({} as { address?: string }).address).toBeUndefined()
})
