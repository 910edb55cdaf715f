import { expect, test, vi } from 'vitest'
import { HttpRequestError, InvalidResponseError } from '../../../src/core/errors/http.js'
import { createBlockchainService, parseBalances } from '../../../src/services/blockchain.js'
import { createHttpClient } from '../../../src/services/http.js'

const projectId = '0123456789abcdef0123456789abcdef'
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'

/** The service over a fake fetch answering `body` (a string is sent as is) with `status`. */
function setup(body: unknown = { balances: [] }, status = 200) {
  const urls: URL[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(new URL(String(input)))
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
  })
  const http = createHttpClient({
    baseUrl: 'https://rpc.api.example',
    projectId,
    sdkType: 'walletkit',
    sdkVersion: 'html-walletkit-0.0.0-test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { service: createBlockchainService(http), urls }
}

const eth = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  price: 3000.5,
  value: 37506.25,
  quantity: { decimals: '18', numeric: '12.5' },
  iconUrl: 'https://icons.example/eth.png',
}
const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  price: 1,
  value: 100,
  quantity: { decimals: '6', numeric: '100' },
}

test('default', async () => {
  const { service, urls } = setup({ balances: [eth, usdc] })
  const balances = await service.getBalances(ADDRESS, 'eip155:1')
  expect(balances).toEqual([
    { ...eth, address: undefined },
    { ...usdc, iconUrl: undefined },
  ])
  const [url] = urls
  expect(url?.pathname).toBe(`/v1/account/${ADDRESS}/balance`)
  expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
    currency: 'usd',
    chainId: 'eip155:1',
    projectId,
    st: 'walletkit',
    sv: 'html-walletkit-0.0.0-test',
  })
})

test('args: forceUpdate is sent when given; the address is encoded in the path', async () => {
  const { service, urls } = setup()
  await service.getBalances('a/b?c', 'eip155:1', 'eip155:1:0xabc')
  expect(urls[0]?.pathname).toBe('/v1/account/a%2Fb%3Fc/balance')
  expect(urls[0]?.searchParams.get('forceUpdate')).toBe('eip155:1:0xabc')
})

test('behavior: parseBalances drops NaN, infinite and negative prices and values', () => {
  const items = [
    { ...eth, price: Number.NaN },
    { ...eth, price: Number.POSITIVE_INFINITY },
    { ...eth, price: -1 },
    { ...eth, value: Number.NaN },
    { ...eth, value: -5 },
    { ...eth, price: '3000' },
    { ...eth, price: null },
    { ...eth, symbol: 'KEPT' },
  ]
  expect(parseBalances({ balances: items }).map((b) => b.symbol)).toEqual(['KEPT'])
  const { price, value, ...bare } = eth
  expect(parseBalances({ balances: [bare] })).toMatchObject([{ price: 0, value: 0 }])
})

test('behavior: parseBalances drops absurd decimals and malformed quantities', () => {
  const quantity = (decimals: unknown, numeric: unknown) => ({
    ...eth,
    quantity: { decimals, numeric },
  })
  const dropped = [
    quantity('255', '1'),
    quantity(255, '1'),
    quantity('37', '1'),
    quantity('-1', '1'),
    quantity('1.5', '1'),
    quantity('', '1'),
    quantity(18, '1'),
    quantity('18', '1e5'),
    quantity('18', '-1'),
    quantity('18', '1.'),
    quantity('18', `1.${'0'.repeat(41)}`),
    quantity('18', '1'.repeat(61)),
    quantity('18', 12),
    { ...eth, quantity: null },
    { ...eth, quantity: 'lots' },
  ]
  expect(parseBalances({ balances: dropped })).toEqual([])
  const kept = [quantity('36', '1'), quantity('0', '0'), quantity('18', `0.${'1'.repeat(40)}`)]
  expect(parseBalances({ balances: kept })).toHaveLength(3)
})

test('behavior: parseBalances drops entries of the wrong shape and keeps the others', () => {
  const { name, ...noName } = eth
  const { chainId, ...noChain } = eth
  const wrong = [
    null,
    'ETH',
    42,
    [],
    noName,
    noChain,
    { ...eth, symbol: 7 },
    { ...eth, symbol: 'S'.repeat(41) },
    { ...eth, name: 'N'.repeat(201) },
  ]
  expect(parseBalances({ balances: [...wrong, usdc] }).map((b) => b.symbol)).toEqual(['USDC'])
  // Optional text that is too long or empty is left out.
  const [trimmed] = parseBalances({
    balances: [{ ...usdc, address: '', iconUrl: `https://icons.example/${'x'.repeat(2048)}` }],
  })
  expect(trimmed).toMatchObject({ address: undefined, iconUrl: undefined })
})

test('behavior: __proto__ keys neither pollute prototypes nor reach the result', () => {
  const text = `{
    "__proto__": { "polluted": "top" },
    "balances": [
      {
        "__proto__": { "polluted": "item", "price": 5 },
        "name": "Ether",
        "symbol": "ETH",
        "chainId": "eip155:1",
        "quantity": { "__proto__": { "polluted": "quantity" }, "decimals": "18", "numeric": "12.5" }
      },
      {
        "__proto__": {
          "name": "Hidden",
          "symbol": "HID",
          "chainId": "eip155:1",
          "quantity": { "decimals": "1", "numeric": "1" }
        }
      }
    ]
  }`
  const result = parseBalances(JSON.parse(text))
  expect(result).toHaveLength(1)
  const [item] = result
  expect(item).toMatchObject({ name: 'Ether', price: 0 })
  expect(Object.getPrototypeOf(item)).toBe(Object.prototype)
  expect(Object.keys(item ?? {}).sort()).toEqual(
    ['address', 'chainId', 'iconUrl', 'name', 'price', 'quantity', 'symbol', 'value'].sort(),
  )
  expect(Object.keys(item?.quantity ?? {})).toEqual(['decimals', 'numeric'])
  expect((item as unknown as { polluted?: unknown }).polluted).toBeUndefined()
  expect(
    (item?.quantity as unknown as { polluted?: unknown } | undefined)?.polluted,
  ).toBeUndefined()
  expect(item?.quantity).toEqual({ decimals: '18', numeric: '12.5' })
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
})

test('error: a response that is not { balances: [] } is rejected', () => {
  for (const value of [null, 'balances', [], {}, { balances: {} }, { balances: 'x' }])
    expect(() => parseBalances(value), JSON.stringify(value)).toThrow()
})

test('error: the service turns a bad body into InvalidResponseError and a status into HttpRequestError', async () => {
  const html = await setup('<html>Bad Gateway</html>')
    .service.getBalances(ADDRESS, 'eip155:1')
    .catch((e: unknown) => e)
  expect(html).toBeInstanceOf(InvalidResponseError)
  const shape = await setup({ balances: 'none' })
    .service.getBalances(ADDRESS, 'eip155:1')
    .catch((e: unknown) => e)
  expect(shape).toBeInstanceOf(InvalidResponseError)
  const truncated = await setup('{"balances":[{"name"')
    .service.getBalances(ADDRESS, 'eip155:1')
    .catch((e: unknown) => e)
  expect(truncated).toBeInstanceOf(InvalidResponseError)
  const status = await setup('busy', 503)
    .service.getBalances(ADDRESS, 'eip155:1')
    .catch((e: unknown) => e)
  expect(status).toBeInstanceOf(HttpRequestError)
  expect((status as HttpRequestError).shortMessage).toMatchInlineSnapshot(`"HTTP status code: 503"`)
})

test('behavior: getIdentity reads name and avatar, sends the address as sender', async () => {
  const { service, urls } = setup({
    name: 'alice.eth',
    avatar: 'https://a.example/a.png',
    extra: 1,
  })
  expect(await service.getIdentity(ADDRESS)).toEqual({
    name: 'alice.eth',
    avatar: 'https://a.example/a.png',
  })
  expect(urls[0]?.pathname).toBe(`/v1/identity/${ADDRESS}`)
  expect(urls[0]?.searchParams.get('sender')).toBe(ADDRESS)
  const odd = setup({ name: 'n'.repeat(256), avatar: 5 })
  expect(await odd.service.getIdentity(ADDRESS)).toEqual({ name: null, avatar: null })
  await expect(setup([]).service.getIdentity(ADDRESS)).rejects.toBeInstanceOf(InvalidResponseError)
})

test('behavior: getSupportedChains keeps string ids; ws is optional', async () => {
  const { service, urls } = setup({ http: ['eip155:1', 7, 'eip155:10'] })
  expect(await service.getSupportedChains()).toEqual({ http: ['eip155:1', 'eip155:10'], ws: [] })
  expect(urls[0]?.pathname).toBe('/v1/supported-chains')
  await expect(setup({ ws: [] }).service.getSupportedChains()).rejects.toBeInstanceOf(
    InvalidResponseError,
  )
})

// ── Names ─────────────────────────────────────────────────────────────────────────────────

const profile = {
  name: 'alice.reown.id',
  registered_at: '2024-10-01T00:00:00Z',
  updated_at: null,
  attributes: { bio: 'hi' },
  addresses: {
    '60': { address: ADDRESS, created_at: '2024-10-01T00:00:00Z' },
    '2147492101': { address: '0x0000000000000000000000000000000000000001', created: 'x' },
  },
}

test('behavior: lookupName asks /v1/profile/account/{name} with apiVersion 2 and reads the addresses', async () => {
  const { service, urls } = setup(profile)
  expect(await service.lookupName('alice.reown.id')).toEqual({
    name: 'alice.reown.id',
    addresses: [
      { coinType: 60, address: ADDRESS },
      { coinType: 2147492101, address: '0x0000000000000000000000000000000000000001' },
    ],
  })
  const url = urls[0] as URL
  expect(url.pathname).toBe('/v1/profile/account/alice.reown.id')
  expect(url.searchParams.get('apiVersion')).toBe('2')
  expect(url.searchParams.get('projectId')).toBe(projectId)
})

test('behavior: an unknown name is undefined, as [] (apiVersion 2) or 404', async () => {
  expect(await setup([]).service.lookupName('nobody.reown.id')).toBeUndefined()
  expect(await setup({ reasons: [] }, 404).service.lookupName('nobody.reown.id')).toBeUndefined()
  const { service, urls } = setup([])
  await service.lookupName('a/b?c')
  expect(urls[0]?.pathname).toBe('/v1/profile/account/a%2Fb%3Fc')
})

test('error: lookupName refuses the wrong shape and keeps only known, sane entries', async () => {
  await expect(setup({ name: 'x' }).service.lookupName('x')).rejects.toBeInstanceOf(
    InvalidResponseError,
  )
  await expect(setup('<html>').service.lookupName('x')).rejects.toBeInstanceOf(InvalidResponseError)
  await expect(setup({}, 500).service.lookupName('x')).rejects.toBeInstanceOf(HttpRequestError)
  const hostile = JSON.parse(
    `{"name":"x.reown.id","addresses":{"__proto__":{"address":"0xevil"},"60":{"address":42},"abc":{"address":"0x1"},"61":null,"1":{"address":"${'a'.repeat(200)}"}}}`,
  )
  expect(await setup(hostile).service.lookupName('x')).toEqual({
    name: 'x.reown.id',
    addresses: [],
  })
})
