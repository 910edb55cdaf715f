import { expect, test, vi } from 'vitest'
import { HttpRequestError, InvalidResponseError } from '../../../src/core/errors/http.js'
import { InsufficientLiquidityError } from '../../../src/core/errors/swap.js'
import type { CaipAddress } from '../../../src/core/types/caip.js'
import { createHttpClient } from '../../../src/services/http.js'
import { createSwapService, parseTokens } from '../../../src/services/swap.js'

const projectId = '0123456789abcdef0123456789abcdef'
const USER = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as CaipAddress
const USDC = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3' as CaipAddress
const WETH = 'eip155:31337:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as CaipAddress
const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' as CaipAddress
const ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'

/** The service over a fake fetch answering `body` (a string is sent as is) with `status`. */
function setup(body: unknown, status = 200) {
  const requests: { url: URL; body: unknown; method: string }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    })
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
  })
  const http = createHttpClient({
    baseUrl: 'https://rpc.api.example',
    projectId,
    sdkType: 'walletkit',
    sdkVersion: 'html-walletkit-0.0.0-test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { service: createSwapService(http), requests }
}
const identity = { projectId, st: 'walletkit', sv: 'html-walletkit-0.0.0-test' }
const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? [])

test('default', async () => {
  const { service, requests } = setup({
    tokens: [
      {
        name: 'Ether',
        symbol: 'ETH',
        address: ETH,
        decimals: 18,
        logoUri: 'data:image/svg+xml;base64,AA',
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        address: USDC,
        decimals: 6,
        logoUri: 'javascript:alert(1)',
      },
    ],
  })
  expect(await service.getTokens('eip155:31337')).toEqual([
    {
      name: 'Ether',
      symbol: 'ETH',
      address: ETH,
      decimals: 18,
      logoUri: 'data:image/svg+xml;base64,AA',
    },
    { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: undefined },
  ])
  expect(requests[0]?.url.pathname).toBe('/v1/convert/tokens')
  expect(query(requests[0]?.url)).toEqual({ chainId: 'eip155:31337', ...identity })
})

test('behavior: tokens of another network, with absurd decimals or twice are dropped', () => {
  const token = (patch: Record<string, unknown>) => ({
    name: 'T',
    symbol: 'T',
    address: USDC,
    decimals: 6,
    ...patch,
  })
  const parsed = parseTokens(
    {
      tokens: [
        token({ decimals: 255 }),
        token({ decimals: -1 }),
        token({ decimals: 1.5 }),
        token({ decimals: '6' }),
        token({ address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3' }),
        token({ address: 'eip155:31337:0x1234' }),
        token({ symbol: 'x'.repeat(41) }),
        JSON.parse('{"__proto__":{"polluted":true},"name":"P","symbol":"P","decimals":18}'),
        'not a token',
        token({ symbol: 'USDC' }),
        token({ symbol: 'USDC again', address: USDC.toLowerCase() }),
      ],
    },
    'eip155:31337',
  )
  expect(parsed.map((t) => t.symbol)).toEqual(['USDC'])
  expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
})

test('behavior: a quote is the first toAmount in base units, or none', async () => {
  const quoted = setup({
    quotes: [{ id: null, toAmount: '996006981039903216' }, { toAmount: '1' }],
  })
  const parameters = {
    amount: 3_000_000_000n,
    userAddress: USER,
    from: USDC,
    to: WETH,
    gasPrice: 7n,
  }
  expect(await quoted.service.getQuote(parameters)).toBe(996_006_981_039_903_216n)
  expect(query(quoted.requests[0]?.url)).toEqual({
    amount: '3000000000',
    userAddress: USER,
    from: USDC,
    to: WETH,
    gasPrice: '7',
    ...identity,
  })
  expect(await setup({ quotes: [] }).service.getQuote(parameters)).toBeUndefined()
  expect(await setup({ quotes: [{ toAmount: '' }] }).service.getQuote(parameters)).toBeUndefined()
  expect(await setup({ quotes: [{ id: 'x' }] }).service.getQuote(parameters)).toBeUndefined()
  for (const bad of ['-1', '1.5', 'NaN', '1e21', '9'.repeat(79)])
    await expect(
      setup({ quotes: [{ toAmount: bad }] }).service.getQuote(parameters),
      bad,
    ).rejects.toBeInstanceOf(InvalidResponseError)
})

test('error: no liquidity is its own error; other failures keep their HTTP status', async () => {
  const parameters = { amount: 1n, userAddress: USER, from: USDC, to: WETH }
  const liquidity = setup(
    {
      status: 'FAILED',
      reasons: [{ description: 'Conversion parameter error: insufficient liquidity' }],
    },
    400,
  )
  await expect(liquidity.service.getQuote(parameters)).rejects.toBeInstanceOf(
    InsufficientLiquidityError,
  )
  const other = setup({ message: 'Invalid amount' }, 400)
  await expect(other.service.getQuote(parameters)).rejects.toMatchObject({
    shortMessage: 'HTTP status code: 400',
  })
  await expect(setup('<html>', 503).service.getQuote(parameters)).rejects.toBeInstanceOf(
    HttpRequestError,
  )
})

test('behavior: allowance and gas price are unsigned integers, decimal or hex', async () => {
  const allowance = setup({
    allowance: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
  })
  expect(await allowance.service.getAllowance({ tokenAddress: USDC, userAddress: USER })).toBe(
    2n ** 256n - 1n,
  )
  expect(query(allowance.requests[0]?.url)).toEqual({
    tokenAddress: USDC,
    userAddress: USER,
    ...identity,
  })
  const gas = setup({ standard: '0x3b9aca00', fast: '2', instant: '3' })
  expect(await gas.service.getGasPrice('eip155:31337')).toBe(1_000_000_000n)
  expect(query(gas.requests[0]?.url)).toEqual({ chainId: 'eip155:31337', ...identity })
  for (const bad of [
    { allowance: -1 },
    { allowance: 'lots' },
    { allowance: null },
    [],
    '{"allowance":',
  ])
    await expect(
      setup(bad).service.getAllowance({ tokenAddress: USDC, userAddress: USER }),
    ).rejects.toBeInstanceOf(InvalidResponseError)
  await expect(
    setup({ standard: Number.NaN }).service.getGasPrice('eip155:1'),
  ).rejects.toBeInstanceOf(InvalidResponseError)
})

test('behavior: build-approve asks for the exact amount, or none for an unlimited one', async () => {
  const tx = {
    from: USDC,
    to: USDC,
    data: `0x095ea7b3${ROUTER.slice(2).padStart(64, '0')}${'b2d05e00'.padStart(64, '0')}`,
    value: '0',
    eip155: { gasPrice: '1000000000' },
  }
  const exact = setup({ tx })
  expect(
    await exact.service.buildApprove({
      userAddress: USER,
      from: USDC,
      to: WETH,
      amount: 3_000_000_000n,
    }),
  ).toEqual({
    to: USDC.split(':')[2],
    chainReference: '31337',
    data: tx.data,
    value: 0n,
    gas: undefined,
    gasPrice: 1_000_000_000n,
    toAmount: undefined,
  })
  expect(query(exact.requests[0]?.url)).toEqual({
    userAddress: USER,
    from: USDC,
    to: WETH,
    amount: '3000000000',
    ...identity,
  })
  const unlimited = setup({ tx })
  await unlimited.service.buildApprove({ userAddress: USER, from: USDC, to: WETH })
  expect(query(unlimited.requests[0]?.url)).not.toHaveProperty('amount')
})

test('behavior: build-transaction posts the slippage and reads gas, value and amount', async () => {
  const { service, requests } = setup({
    tx: {
      from: USER,
      to: `eip155:31337:${ROUTER}`,
      data: '0x38ed1739',
      amount: '996006981039903216',
      eip155: { gas: '133005', gasPrice: '2000000000' },
    },
  })
  const tx = await service.buildTransaction({
    amount: 3_000_000_000n,
    slippage: 1,
    userAddress: USER,
    from: USDC,
    to: WETH,
  })
  expect(tx).toEqual({
    to: ROUTER,
    chainReference: '31337',
    data: '0x38ed1739',
    value: undefined,
    gas: 133_005n,
    gasPrice: 2_000_000_000n,
    toAmount: 996_006_981_039_903_216n,
  })
  expect(requests[0]?.method).toBe('POST')
  expect(requests[0]?.url.pathname).toBe('/v1/convert/build-transaction')
  expect(requests[0]?.body).toEqual({
    projectId,
    amount: '3000000000',
    eip155: { slippage: 1 },
    from: USDC,
    to: WETH,
    userAddress: USER,
    disableEstimate: true,
  })
})

test('error: a transaction with a bad target, calldata or number is refused', async () => {
  const parameters = { amount: 1n, slippage: 1, userAddress: USER, from: USDC, to: WETH }
  const good = { to: ROUTER, data: '0x00', eip155: { gas: '1', gasPrice: '1' } }
  for (const tx of [
    { ...good, to: 'eip155:31337:0x12' },
    { ...good, to: 'router' },
    { ...good, data: 'calldata' },
    { ...good, data: '0x0' },
    { ...good, value: '-5' },
    { ...good, eip155: { gas: 'NaN' } },
    { ...good, eip155: 'x' },
  ])
    await expect(
      setup({ tx }).service.buildTransaction(parameters),
      JSON.stringify(tx),
    ).rejects.toBeInstanceOf(InvalidResponseError)
  await expect(setup({}).service.buildTransaction(parameters)).rejects.toBeInstanceOf(
    InvalidResponseError,
  )
})

test('behavior: prices are matched by the address asked for; NaN and negative ones dropped', async () => {
  const { service, requests } = setup({
    fungibles: [
      { address: ETH, symbol: 'ETH', price: 3000 },
      { address: USDC.toLowerCase(), symbol: 'USDC', price: 1 },
      { address: WETH, symbol: 'WETH', price: Number.NaN },
      { address: 'eip155:31337:0x000000000000000000000000000000000000dEaD', symbol: 'X', price: 5 },
      { address: WETH, symbol: 'WETH', price: -3 },
    ],
  })
  const asked = [
    { address: ETH, symbol: 'ETH' },
    { address: USDC, symbol: 'USDC' },
    { address: WETH, symbol: 'WETH' },
  ]
  const prices = await service.getPrices(asked)
  expect([...prices]).toEqual([
    [ETH.toLowerCase(), 3000],
    [USDC.toLowerCase(), 1],
  ])
  expect(requests[0]?.method).toBe('POST')
  expect(requests[0]?.body).toEqual({ projectId, currency: 'usd', addresses: [ETH, USDC, WETH] })
})

test('behavior: an answer without addresses is matched by symbol, as the public service sends it', async () => {
  const { service } = setup({
    fungibles: [
      { symbol: 'WETH', price: 2999 },
      { symbol: 'ETH', price: 3000 },
      { symbol: 'UNKNOWN', price: 1 },
    ],
  })
  const prices = await service.getPrices([
    { address: ETH, symbol: 'ETH' },
    { address: WETH, symbol: 'WETH' },
  ])
  expect([...prices]).toEqual([
    [WETH.toLowerCase(), 2999],
    [ETH.toLowerCase(), 3000],
  ])
})
