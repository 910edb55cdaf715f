import { expect, test, vi } from 'vitest'
import { InvalidResponseError } from '../../../src/core/errors/http.js'
import { createCatalogService, parseWalletPage } from '../../../src/services/catalog.js'
import { createHttpClient } from '../../../src/services/http.js'

const projectId = '0123456789abcdef0123456789abcdef'

const wallet = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Wallet ${id}`,
  image_id: `img-${id}`,
  rdns: `io.${id}`,
  homepage: 'https://wallet.example',
  mobile_link: 'wallet://',
  desktop_link: null,
  webapp_link: 'https://app.wallet.example',
  chrome_store: null,
  badge_type: 'certified',
  chains: ['eip155:1', 8453, 'solana:x'],
  supports_wc: true,
  injected: [{ namespace: 'eip155', injected_id: `io.${id}` }, { namespace: 1 }, null],
  order: 1,
  ...extra,
})

function setup(respond: (url: URL) => Response = () => Response.json({ count: 0, data: [] })) {
  const urls: URL[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input))
    urls.push(url)
    return respond(url)
  })
  const http = createHttpClient({
    baseUrl: 'https://catalog.example',
    projectId,
    sdkType: 'walletkit',
    sdkVersion: 'v',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { catalog: createCatalogService(http), urls }
}

test('default', () => {
  expect(parseWalletPage({ count: 1, data: [wallet('a')] })).toMatchInlineSnapshot(`
    {
      "count": 1,
      "data": [
        {
          "badge_type": "certified",
          "chains": [
            "eip155:1",
            "solana:x",
          ],
          "chrome_store": null,
          "desktop_link": null,
          "homepage": "https://wallet.example",
          "id": "a",
          "image_id": "img-a",
          "image_url": null,
          "injected": [
            {
              "injected_id": "io.a",
              "namespace": "eip155",
            },
          ],
          "link_mode": null,
          "mobile_link": "wallet://",
          "name": "Wallet a",
          "rdns": "io.a",
          "supports_wc": true,
          "webapp_link": "https://app.wallet.example",
        },
      ],
    }
  `)
})

test('args: getWallets sends page, entries, chains, include, exclude, search and badge_type', async () => {
  const { catalog, urls } = setup()
  await catalog.getWallets({
    page: 2,
    entries: 40,
    chains: ['eip155:1', 'eip155:8453'],
    include: ['a', 'b'],
    exclude: ['c'],
    search: 'rain',
    badge: 'certified',
  })
  const url = urls[0]
  expect(url?.pathname).toBe('/getWallets')
  expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
    page: '2',
    entries: '40',
    chains: 'eip155:1,eip155:8453',
    include: 'a,b',
    exclude: 'c',
    search: 'rain',
    badge_type: 'certified',
    projectId,
    st: 'walletkit',
    sv: 'v',
  })
})

test('args: empty lists and an empty search are left out', async () => {
  const { catalog, urls } = setup()
  await catalog.getWallets({ page: 1, entries: 4, include: [], exclude: [], search: '' })
  expect([...(urls[0]?.searchParams.keys() ?? [])].sort()).toEqual(
    ['entries', 'page', 'projectId', 'st', 'sv'].sort(),
  )
})

test('behavior: image paths are encoded', async () => {
  const { catalog, urls } = setup(() => new Response(new Blob(['x'], { type: 'image/png' })))
  await catalog.getWalletImage('../a b')
  await catalog.getImage('token', 'eth/usdc')
  await catalog.getImage('asset', 'x')
  await catalog.getImage('currency', 'usd')
  expect(urls.map((u) => u.pathname)).toEqual([
    '/getWalletImage/..%2Fa%20b',
    '/public/getTokenImage/eth%2Fusdc',
    '/public/getAssetImage/x',
    '/public/getCurrencyImage/usd',
  ])
})

test('behavior: getAnalyticsConfig reads isAnalyticsEnabled strictly', async () => {
  for (const [body, expected] of [
    [{ isAnalyticsEnabled: true }, true],
    [{ isAnalyticsEnabled: false }, false],
    [{ isAnalyticsEnabled: 'true' }, false],
    [{}, false],
  ] as const) {
    const { catalog, urls } = setup(() => Response.json(body))
    expect(await catalog.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: expected })
    expect(urls[0]?.pathname).toBe('/getAnalyticsConfig')
  }
  const { catalog } = setup(() => Response.json(null))
  await expect(catalog.getAnalyticsConfig()).rejects.toBeInstanceOf(InvalidResponseError)
})

test('behavior: getWallets parses the answer', async () => {
  const { catalog } = setup(() => Response.json({ count: 3, data: [wallet('a'), { id: 7 }] }))
  const page = await catalog.getWallets({ page: 1, entries: 40 })
  expect(page.count).toBe(3)
  expect(page.data.map((w) => w.id)).toEqual(['a'])
})

test('behavior: __proto__ keys do not pollute', () => {
  const raw = `{"count":1,"__proto__":{"polluted":true},"data":[${JSON.stringify(
    wallet('a'),
  ).replace(/^\{/, '{"__proto__":{"isAdmin":true,"name":"Evil"},')}]}`
  const page = parseWalletPage(JSON.parse(raw))
  const [entry] = page.data
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  expect(Object.getPrototypeOf(page)).toBe(Object.prototype)
  expect(Object.getPrototypeOf(entry)).toBe(Object.prototype)
  expect((entry as unknown as Record<string, unknown>).isAdmin).toBeUndefined()
  expect(entry?.name).toBe('Wallet a')
})

test('behavior: a field only present on the prototype is not read', () => {
  const inherited = Object.create({ id: 'proto-id', name: 'Proto' }) as Record<string, unknown>
  expect(parseWalletPage({ count: 1, data: [inherited] }).data).toEqual([])
})

test('behavior: wrong-shaped entries are dropped, the rest kept', () => {
  const page = parseWalletPage({
    count: 7,
    data: [
      null,
      'wallet',
      [wallet('arr')],
      { name: 'No id' },
      { id: 'no-name' },
      { id: 5, name: 'Numeric id' },
      wallet('ok'),
    ],
  })
  expect(page.data.map((w) => w.id)).toEqual(['ok'])
})

test('behavior: unknown fields are not copied and entries are frozen', () => {
  const [entry] = parseWalletPage({ count: 1, data: [wallet('a', { extra: 1 })] }).data
  expect(entry).not.toHaveProperty('extra')
  expect(entry).not.toHaveProperty('order')
  expect(Object.isFrozen(entry)).toBe(true)
  expect(Object.isFrozen(entry?.chains)).toBe(true)
})

test('behavior: 10 000-character names are kept, longer ones drop the entry', () => {
  const long = 'W'.repeat(10_000)
  expect(parseWalletPage({ count: 1, data: [wallet('a', { name: long })] }).data[0]?.name).toBe(
    long,
  )
  expect(parseWalletPage({ count: 1, data: [wallet('a', { name: `${long}W` })] }).data).toEqual([])
})

test('behavior: other oversized optional fields are dropped to null', () => {
  const [entry] = parseWalletPage({
    count: 1,
    data: [
      wallet('a', {
        image_id: 'i'.repeat(129),
        rdns: 'r'.repeat(257),
        homepage: `https://${'h'.repeat(2048)}`,
        mobile_link: `wallet://${'m'.repeat(2048)}`,
        webapp_link: `https://${'w'.repeat(2048)}`,
      }),
    ],
  }).data
  expect(entry).toMatchObject({
    image_id: null,
    rdns: null,
    homepage: null,
    mobile_link: null,
    webapp_link: null,
  })
  expect(parseWalletPage({ count: 1, data: [wallet('i'.repeat(129))] }).data).toEqual([])
})

test('behavior: optional fields of the wrong type become null and flags default', () => {
  const [entry] = parseWalletPage({
    count: 1,
    data: [
      {
        id: 'a',
        name: 'A',
        image_id: 7,
        rdns: '',
        badge_type: 'gold',
        supports_wc: 'no',
        chains: 'eip155:1',
        injected: {},
      },
    ],
  }).data
  expect(entry).toMatchObject({
    image_id: null,
    rdns: null,
    badge_type: 'none',
    supports_wc: true,
    chains: [],
    injected: [],
  })
})

test('behavior: count is floored and never negative', () => {
  expect(parseWalletPage({ count: 12.9, data: [] }).count).toBe(12)
  expect(parseWalletPage({ count: -3, data: [] }).count).toBe(0)
})

test('error: a page that is not { count, data }', () => {
  expect(() => parseWalletPage(null)).toThrowErrorMatchingInlineSnapshot(
    `[Error: response is not an object]`,
  )
  expect(() => parseWalletPage({ data: [] })).toThrowErrorMatchingInlineSnapshot(
    `[Error: count is not a number]`,
  )
  expect(() => parseWalletPage({ count: Number.NaN, data: [] })).toThrow()
  expect(() => parseWalletPage({ count: '3', data: [] })).toThrow()
  expect(() => parseWalletPage({ count: 1, data: {} })).toThrowErrorMatchingInlineSnapshot(
    `[Error: data is not an array]`,
  )
})

test('error: getWallets with a wrong shape is InvalidResponseError', async () => {
  const { catalog } = setup(() => Response.json({ count: 'many', data: [] }))
  await expect(catalog.getWallets({ page: 1, entries: 40 })).rejects.toBeInstanceOf(
    InvalidResponseError,
  )
})
