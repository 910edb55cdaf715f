// @vitest-environment node
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  formatEther,
  http,
  maxUint256,
  parseUnits,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import {
  type ChainDescription,
  type Chains,
  SEED_BALANCES,
  startChains,
  testAccount,
} from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import {
  type BalanceItem,
  type BlockchainApi,
  coinTypeOf,
  createRpcProxyRoute,
  NATIVE_TOKEN_ADDRESS,
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

const ORIGIN = 'http://127.0.0.1:5173'
const chainAt = (i: number) => chains.chains[i] as ChainDescription
const tokenOf = (chain: ChainDescription, symbol: string) =>
  chain.tokens.find((t) => t.symbol === symbol)?.address as Address

function get(path: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })
  return fetch(`${api.url}${path}?${params}`, { headers: { Origin: ORIGIN } })
}

async function balances(address: string, chainId?: string): Promise<BalanceItem[]> {
  const res = await get(`/v1/account/${address}/balance`, {
    currency: 'usd',
    forceUpdate: 'true',
    ...(chainId && { chainId }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { balances: BalanceItem[] }).balances
}

function clients(chain: ChainDescription, accountIndex: number) {
  const viemChain = defineChain({
    id: chain.chainId,
    name: `Local ${chain.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  const transport = http(chain.rpcUrl)
  return {
    publicClient: createPublicClient({ chain: viemChain, transport }),
    walletClient: createWalletClient({
      chain: viemChain,
      transport,
      account: testAccount(accountIndex),
    }),
  }
}

test('default', async () => {
  const res = await get('/v1/supported-chains')
  expect(res.status).toBe(200)
  expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(await res.json()).toEqual({
    http: ['eip155:31337', 'eip155:31338'],
    ws: ['eip155:31337', 'eip155:31338'],
  })
})

describe('balance', () => {
  test('behavior: holdings equal the chain, priced from the pools', async () => {
    const chain = chainAt(0)
    const user = testAccount(0).address
    const list = await balances(user, 'eip155:31337')
    const ether = await clients(chain, 0).publicClient.getBalance({ address: user })
    const bySymbol = Object.fromEntries(list.map((b) => [b.symbol, b]))
    expect(list.map((b) => b.symbol)).toEqual(['ETH', 'WETH', 'USDC', 'DAI'])
    expect(bySymbol.ETH).toMatchObject({
      name: 'Ethereum',
      chainId: 'eip155:31337',
      quantity: { decimals: '18', numeric: formatEther(ether) },
    })
    expect(bySymbol.ETH).not.toHaveProperty('address')
    expect(bySymbol.USDC).toMatchObject({
      name: 'USD Coin',
      address: `eip155:31337:${tokenOf(chain, 'USDC')}`,
      price: 1,
      value: 10_000,
      quantity: { decimals: '6', numeric: SEED_BALANCES.USDC },
    })
    expect(bySymbol.WETH?.price).toBe(3000)
    expect(bySymbol.ETH?.price).toBe(3000)
    expect(bySymbol.WETH?.value).toBe(30_000)
    expect(bySymbol.DAI?.price).toBe(1)
    expect(bySymbol.DAI?.quantity.numeric).toBe(SEED_BALANCES.DAI)
    for (const item of list) {
      expect(item.iconUrl).toMatch(/^data:image\/svg\+xml;base64,/)
      expect(item.value).toBeCloseTo(Number(item.quantity.numeric) * item.price, 6)
    }
  })

  test('behavior: reads live — a transfer and a swap show up at once', async () => {
    const chain = chainAt(1)
    const { publicClient, walletClient } = clients(chain, 3)
    const receiver = testAccount(6).address
    expect((await balances(receiver, 'eip155:31338')).map((b) => b.symbol)).toEqual(['ETH'])
    const usdc = tokenOf(chain, 'USDC')
    const weth = tokenOf(chain, 'WETH')
    const transfer = await walletClient.writeContract({
      address: usdc,
      abi: artifacts.TestToken.abi,
      functionName: 'transfer',
      args: [receiver, parseUnits('123.45', 6)],
    })
    await publicClient.waitForTransactionReceipt({ hash: transfer })
    const after = await balances(receiver, 'eip155:31338')
    expect(after.find((b) => b.symbol === 'USDC')?.quantity.numeric).toBe('123.45')

    // Selling WETH into the pool lowers its price on this chain only.
    const approve = await walletClient.writeContract({
      address: weth,
      abi: artifacts.TestToken.abi,
      functionName: 'approve',
      args: [chain.router, maxUint256],
    })
    await publicClient.waitForTransactionReceipt({ hash: approve })
    const swap = await walletClient.writeContract({
      address: chain.router,
      abi: artifacts.SimpleRouter.abi,
      functionName: 'swapExactTokensForTokens',
      args: [parseUnits('5', 18), 0n, [weth, usdc], testAccount(3).address, 2n ** 40n],
    })
    await publicClient.waitForTransactionReceipt({ hash: swap })
    const [reserveUsdc, reserveWeth] = await publicClient.readContract({
      address: chain.router,
      abi: artifacts.SimpleRouter.abi,
      functionName: 'getReserves',
      args: [usdc, weth],
    })
    const expected = Number(reserveUsdc) / 1e6 / (Number(reserveWeth) / 1e18)
    const moved = await balances(testAccount(3).address, 'eip155:31338')
    expect(moved.find((b) => b.symbol === 'WETH')?.price).toBeCloseTo(expected, 9)
    expect(expected).toBeLessThan(3000)
    const untouched = await balances(testAccount(3).address, 'eip155:31337')
    expect(untouched.find((b) => b.symbol === 'WETH')?.price).toBe(3000)
  })

  test('behavior: without chainId, every chain of the namespace', async () => {
    const list = await balances(testAccount(4).address)
    expect(new Set(list.map((b) => b.chainId))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
    expect(list).toHaveLength(8)
  })

  test('error: unknown chain, bad address, bad currency → 400', async () => {
    const user = testAccount(0).address
    const unknown = await get(`/v1/account/${user}/balance`, {
      currency: 'usd',
      chainId: 'eip155:1',
    })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ message: 'Unsupported chainId: eip155:1' })
    expect((await get(`/v1/account/${user}/balance`, { chainId: 'solana:5eykt4' })).status).toBe(
      400,
    )
    expect((await get('/v1/account/0x1234/balance', { chainId: 'eip155:31337' })).status).toBe(400)
    expect((await get(`/v1/account/${user}/balance`, { currency: 'xyz' })).status).toBe(400)
  })
})

describe('identity', () => {
  test('behavior: fixture names for accounts 0–2, nulls otherwise', async () => {
    const identity = async (address: string) =>
      (await get(`/v1/identity/${address}`, { sender: address })).json()
    const alice = (await identity(testAccount(0).address.toLowerCase())) as {
      name: string
      avatar: string
    }
    expect(alice.name).toBe('alice.wk.eth')
    expect(alice.avatar).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(await identity(testAccount(1).address)).toEqual({ name: 'bob.wk.eth', avatar: null })
    expect(await identity(testAccount(8).address)).toEqual({ name: null, avatar: null })
  })

  test('error: an invalid address → 400', async () => {
    expect((await get('/v1/identity/alice')).status).toBe(400)
  })
})

describe('fungible price', () => {
  const post = (body: unknown, query = '') =>
    fetch(`${api.url}/v1/fungible/price${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify(body),
    })

  test('behavior: prices for known assets, in request order, unknown ones left out', async () => {
    const chain = chainAt(0)
    const res = await post({
      projectId: DEMO_PROJECT_ID,
      currency: 'usd',
      addresses: [
        `eip155:31337:${tokenOf(chain, 'WETH')}`,
        `eip155:31337:${NATIVE_TOKEN_ADDRESS}`,
        `eip155:31337:${tokenOf(chain, 'USDC').toLowerCase()}`,
        'eip155:31337:0x000000000000000000000000000000000000dEaD',
        `eip155:1:${tokenOf(chain, 'USDC')}`,
      ],
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const { fungibles } = (await res.json()) as {
      fungibles: { symbol: string; price: number; name: string }[]
    }
    expect(fungibles.map((f) => [f.symbol, f.price])).toEqual([
      ['WETH', 3000],
      ['ETH', 3000],
      ['USDC', 1],
    ])
    expect(fungibles[0]).toMatchObject({
      name: 'Wrapped Ether',
      iconUrl: expect.stringMatching(/^data:image/),
    })
  })

  test('error: missing projectId in body, bad JSON, bad addresses → 400', async () => {
    expect((await post({ currency: 'usd', addresses: [] })).status).toBe(400)
    expect((await post({ projectId: DEMO_PROJECT_ID, addresses: 'x' })).status).toBe(400)
    const broken = await fetch(`${api.url}/v1/fungible/price`, {
      method: 'POST',
      body: '{"projectId":',
    })
    expect(broken.status).toBe(400)
    expect(
      (await post({ currency: 'usd', addresses: [] }, `?projectId=${DEMO_PROJECT_ID}`)).status,
    ).toBe(200)
  })
})

describe('GET /v1/profile/account/{name}', () => {
  test('a fixture name resolves to its account on every local chain and mainnet', async () => {
    const res = await get('/v1/profile/account/bob.wk.eth', { apiVersion: '2' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      name: string
      addresses: Record<string, { address: string }>
    }
    const bob = testAccount(1).address
    expect(body.name).toBe('bob.wk.eth')
    expect(body.addresses).toEqual({
      '60': { address: bob, created_at: expect.any(String) },
      [String(coinTypeOf(31337))]: { address: bob, created_at: expect.any(String) },
      [String(coinTypeOf(31338))]: { address: bob, created_at: expect.any(String) },
    })
  })

  test('an unknown name is [] with apiVersion 2, 404 without', async () => {
    const v2 = await get('/v1/profile/account/nobody.wk.eth', { apiVersion: '2' })
    expect(v2.status).toBe(200)
    expect(await v2.json()).toEqual([])
    expect((await get('/v1/profile/account/nobody.wk.eth')).status).toBe(404)
  })
})

describe('POST /v1/?chainId= (the service JSON-RPC endpoint)', () => {
  test('forwards a JSON-RPC call to the chain of chainId; refuses an unknown chain', async () => {
    const proxied = await startBlockchainApi({
      chains: chains.chains,
      routes: [createRpcProxyRoute({ 'eip155:31338': chainAt(1).rpcUrl })],
    })
    try {
      const call = (chainId: string) =>
        fetch(`${proxied.url}/v1/?chainId=${chainId}&projectId=${DEMO_PROJECT_ID}`, {
          method: 'POST',
          body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] }),
        })
      const answer = await call('eip155:31338')
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a6a' })
      expect((await call('eip155:1')).status).toBe(400)
    } finally {
      await proxied.stop()
    }
  })
})
