import { expect, test, vi } from 'vitest'
import { HttpRequestError, InvalidResponseError } from '../../../src/core/errors/http.js'
import { createHistoryService, parseHistoryPage } from '../../../src/services/history.js'
import { createHttpClient } from '../../../src/services/http.js'

const projectId = '0123456789abcdef0123456789abcdef'
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup(body: unknown, status = 200) {
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
  return { service: createHistoryService(http), urls }
}

/** An item as the service sends it. */
const wire = (overrides: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  id: 'eip155:1:0xabc',
  metadata: {
    operationType: 'send',
    hash: '0xabc',
    chain: 'eip155:1',
    minedAt: '2026-11-20T12:00:00Z',
    sentFrom: ADDRESS,
    sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    status: 'confirmed',
    nonce: 3,
    ...metadata,
  },
  transfers: [
    {
      fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'https://x.example/u.png' } },
      direction: 'out',
      quantity: { numeric: '12.5' },
      value: 12.5,
      price: 1,
      sender: ADDRESS,
      recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    },
  ],
  ...overrides,
})

test('default', async () => {
  const { service, urls } = setup({ data: [wire()], next: 'abc' })
  const page = await service.getHistory(ADDRESS, { chainId: 'eip155:1', cursor: 'c1' })
  expect(page).toEqual({
    items: [
      {
        id: 'eip155:1:0xabc',
        hash: '0xabc',
        chain: 'eip155:1',
        minedAt: Date.UTC(2026, 10, 20, 12),
        operationType: 'send',
        status: 'confirmed',
        sentFrom: ADDRESS,
        sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        transfers: [
          {
            symbol: 'USDC',
            name: 'USD Coin',
            amount: '12.5',
            direction: 'out',
            spam: false,
            value: 12.5,
            sender: ADDRESS,
            recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          },
        ],
      },
    ],
    next: 'abc',
  })
  expect(urls[0]?.pathname).toBe(`/v1/account/${ADDRESS}/history`)
  expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({
    chainId: 'eip155:1',
    cursor: 'c1',
    projectId,
    st: 'walletkit',
    sv: 'html-walletkit-0.0.0-test',
  })
  // An on-ramp provider's purchases: the same call with `onramp` (SPEC §7).
  await service.getHistory(ADDRESS, { chainId: 'eip155:1', onramp: 'coinbase' })
  expect(urls[1]?.searchParams.get('onramp')).toBe('coinbase')
})

test('behavior: the spam flag is read from nft_info.flags.is_spam only when it is true', () => {
  const flagged = (flags: unknown) =>
    parseHistoryPage(
      {
        data: [wire({ transfers: [{ ...wire().transfers[0], nft_info: { flags } }] })],
        next: null,
      },
      'eip155:1',
    ).items[0]?.transfers[0]?.spam
  expect(flagged({ is_spam: true })).toBe(true)
  expect(flagged({ is_spam: 'true' })).toBe(false)
  expect(flagged(null)).toBe(false)
  expect(flagged({})).toBe(false)
})

test('behavior: transfers null is no transfers; a missing chain is the requested one', () => {
  const page = parseHistoryPage(
    { data: [wire({ transfers: null }, { chain: undefined })], next: null },
    'eip155:1',
  )
  expect(page.items[0]?.transfers).toEqual([])
  expect(page.items[0]?.chain).toBe('eip155:1')
})

test('error: hostile and broken items are dropped, the rest kept (SECURITY.md row 20)', () => {
  const good = wire()
  const page = parseHistoryPage(
    {
      data: [
        JSON.parse('{"__proto__": {"polluted": true}, "id": "x"}'),
        wire({}, { minedAt: 'yesterday' }),
        wire({}, { chain: 'eip155:10' }),
        wire({}, { chain: '<script>' }),
        wire({}, { hash: 42 }),
        wire({ transfers: [{ ...good.transfers[0], quantity: { numeric: 'NaN' } }] }),
        wire({ transfers: [{ ...good.transfers[0], direction: 'sideways' }] }),
        wire({ transfers: [{ ...good.transfers[0], value: Number.NaN }] }),
        wire({ transfers: 'many' }),
        null,
        'item',
        good,
      ],
      next: { cursor: 1 },
    },
    'eip155:1',
  )
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  // Bad transfers are dropped from an item that is otherwise fine.
  expect(page.items.map((i) => i.transfers.length)).toEqual([0, 0, 1, 1])
  expect(page.items[2]?.transfers[0]?.value).toBeUndefined()
  expect(page.next).toBeNull()
})

test('error: a non-2xx, an HTML body and the wrong shape throw', async () => {
  await expect(
    setup({ message: 'x' }, 500).service.getHistory(ADDRESS, { chainId: 'eip155:1' }),
  ).rejects.toBeInstanceOf(HttpRequestError)
  await expect(
    setup('<html>', 200).service.getHistory(ADDRESS, { chainId: 'eip155:1' }),
  ).rejects.toBeInstanceOf(InvalidResponseError)
  await expect(
    setup({ data: {} }).service.getHistory(ADDRESS, { chainId: 'eip155:1' }),
  ).rejects.toBeInstanceOf(InvalidResponseError)
})

test('behavior: texts are bounded and a page holds at most 100 items', () => {
  const long = wire({
    transfers: [{ ...wire().transfers[0], fungible_info: { symbol: 'X'.repeat(65), name: 'N' } }],
  })
  expect(
    parseHistoryPage({ data: [long], next: null }, 'eip155:1').items[0]?.transfers[0]?.symbol,
  ).toBe('')
  const many = Array.from({ length: 150 }, (_, i) => wire({ id: `id-${i}` }))
  expect(parseHistoryPage({ data: many, next: null }, 'eip155:1').items).toHaveLength(100)
})

test("behavior: a token contract is read from fungible_info.implementations for the item's network", () => {
  const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
  const withInfo = (info: unknown) =>
    wire({
      transfers: [
        { fungible_info: info, direction: 'in', quantity: { numeric: '1' }, sender: ADDRESS },
      ],
    })
  const contractOf = (info: unknown) =>
    parseHistoryPage({ data: [withInfo(info)], next: null }, 'eip155:1').items[0]?.transfers[0]
      ?.contract
  const symbol = { name: 'USD Coin', symbol: 'USDC' }
  expect(
    contractOf({
      ...symbol,
      implementations: [
        { chain_id: 'eip155:10', address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' },
        { chain_id: 'eip155:1', address: USDC },
      ],
    }),
  ).toBe(USDC)
  expect(
    contractOf({ ...symbol, implementations: [{ chain_id: 'eip155:1', address: null }] }),
  ).toBe(null)
  // Not said, said for another network only, or not an address: unknown.
  for (const info of [
    symbol,
    { ...symbol, implementations: [{ chain_id: 'eip155:10', address: USDC }] },
    { ...symbol, implementations: [{ chain_id: 'eip155:1', address: '<script>' }] },
    { ...symbol, implementations: 'all' },
    { ...symbol, implementations: [{ chain_id: 'eip155:1' }] },
  ])
    expect(contractOf(info)).toBeUndefined()
})
