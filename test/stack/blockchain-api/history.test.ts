// @vitest-environment node
import {
  type Address,
  encodeFunctionData,
  type Hex,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import {
  type ChainDescription,
  type Chains,
  chainTime,
  DEPLOYER_INDEX,
  lookAlikeOf,
  plantPoisoning,
  plantSpam,
  rpc,
  sendAs,
  setNextBlockTime,
  startChains,
  testAccount,
} from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import { type BlockchainApi, type HistoryItem, startBlockchainApi } from './index.js'

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

type Page = { data: HistoryItem[]; next: string | null }
const chainAt = (i: number) => chains.chains[i] as ChainDescription
const tokenOf = (chain: ChainDescription, symbol: string) =>
  chain.tokens.find((t) => t.symbol === symbol)?.address as Address
const erc20 = (name: 'transfer' | 'approve', to: Address, amount: bigint) =>
  encodeFunctionData({ abi: artifacts.TestToken.abi, functionName: name, args: [to, amount] })

function get(address: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })
  return fetch(`${api.url}/v1/account/${address}/history?${params}`)
}
async function page(address: string, query: Record<string, string> = {}): Promise<Page> {
  const res = await get(address, query)
  expect(res.status).toBe(200)
  return (await res.json()) as Page
}
/** Every item, following `next` to the end. */
async function all(address: string, query: Record<string, string> = {}): Promise<HistoryItem[]> {
  const items: HistoryItem[] = []
  let cursor: string | null = null
  do {
    const p: Page = await page(address, { ...query, ...(cursor && { cursor }) })
    items.push(...p.data)
    cursor = p.next
  } while (cursor)
  return items
}
const byHash = (items: HistoryItem[], hash: Hex) => items.find((i) => i.metadata.hash === hash)

/** Moves the chain's clock to `unixSeconds`, or just past its latest block if that is later. */
async function clockTo(chain: ChainDescription, unixSeconds: number) {
  await setNextBlockTime(chain, Math.max(unixSeconds, (await chainTime(chain)) + 1))
}

test('default', async () => {
  const user = testAccount(0).address
  const { data, next } = await page(user, { chainId: 'eip155:31337' })
  expect(next).toBeNull()
  // The seed minted DAI and USDC to the account, in the genesis-time blocks; WETH is wrapped ether,
  // which the deployer deposits (a mint to itself) and sends on.
  expect(
    data.map((i) => [i.metadata.operationType, i.transfers[0]?.fungible_info?.symbol]),
  ).toEqual([
    ['mint', 'DAI'],
    ['receive', 'WETH'],
    ['mint', 'USDC'],
  ])
  const usdc = data[2] as HistoryItem
  expect(usdc).toEqual({
    id: `eip155:31337:${usdc.metadata.hash}`,
    metadata: {
      operationType: 'mint',
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      chain: 'eip155:31337',
      minedAt: expect.stringMatching(/^2023-11-14T22:\d\d:\d\dZ$/),
      sentFrom: testAccount(DEPLOYER_INDEX).address,
      sentTo: tokenOf(chainAt(0), 'USDC'),
      status: 'confirmed',
      nonce: expect.any(Number),
    },
    transfers: [
      {
        fungible_info: {
          name: 'USD Coin',
          symbol: 'USDC',
          icon: { url: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
          // The contract on this network, as Zerion names it: the kit tells imitations by it.
          implementations: [
            { chain_id: 'eip155:31337', address: tokenOf(chainAt(0), 'USDC'), decimals: 6 },
          ],
        },
        direction: 'in',
        quantity: { numeric: '10000' },
        price: 1,
        value: 10_000,
        sender: '0x0000000000000000000000000000000000000000',
        recipient: user,
      },
    ],
  })
  // minedAt is the block's own timestamp.
  const block = await rpc<{ timestamp: Hex }>(chainAt(0).rpcUrl, 'eth_getBlockByNumber', [
    (
      await rpc<{ blockNumber: Hex }>(chainAt(0).rpcUrl, 'eth_getTransactionByHash', [
        usdc.metadata.hash,
      ])
    ).blockNumber,
    false,
  ])
  expect(Date.parse(usdc.metadata.minedAt) / 1000).toBe(Number(block.timestamp))
})

describe('operations', () => {
  test('behavior: ether and token sends, an approval and a swap, seen from both sides', async () => {
    const chain = chainAt(1)
    const sender = testAccount(3)
    const receiver = testAccount(6).address
    const usdc = tokenOf(chain, 'USDC')
    const weth = tokenOf(chain, 'WETH')
    // A date the chain has not reached yet (its blocks carry today's time).
    const year = new Date().getUTCFullYear() + 1
    const march = Date.UTC(year, 2, 15, 12) / 1000
    await clockTo(chain, march)
    const ether = await sendAs(chain, sender, {
      to: receiver,
      value: parseEther('0.25'),
      gas: 21_000n,
    })
    const token = await sendAs(chain, sender, {
      to: usdc,
      data: erc20('transfer', receiver, parseUnits('12.5', 6)),
    })
    const approve = await sendAs(chain, sender, {
      to: weth,
      data: erc20('approve', chain.router, maxUint256),
    })
    const swap = await sendAs(chain, sender, {
      to: chain.router,
      gas: 300_000n,
      data: encodeFunctionData({
        abi: artifacts.SimpleRouter.abi,
        functionName: 'swapExactTokensForTokens',
        args: [parseUnits('1', 18), 0n, [weth, usdc], sender.address, 2n ** 40n],
      }),
    })
    const items = await all(sender.address, { chainId: 'eip155:31338' })
    const sent = byHash(items, ether.hash)
    expect(sent?.metadata).toMatchObject({
      operationType: 'send',
      sentTo: receiver,
      status: 'confirmed',
    })
    expect(Date.parse(sent?.metadata.minedAt ?? '') / 1000).toBeGreaterThanOrEqual(march)
    expect(sent?.metadata.minedAt.startsWith(`${year}-03-15`)).toBe(true)
    expect(sent?.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: 'ETH' }),
        direction: 'out',
        quantity: { numeric: '0.25' },
        recipient: receiver,
      }),
    ])
    expect(byHash(items, token.hash)?.metadata.operationType).toBe('send')
    expect(byHash(items, token.hash)?.transfers).toEqual([
      expect.objectContaining({
        direction: 'out',
        quantity: { numeric: '12.5' },
        recipient: receiver,
      }),
    ])
    expect(byHash(items, approve.hash)).toMatchObject({
      metadata: { operationType: 'approve', sentTo: weth },
      transfers: [],
    })
    const trade = byHash(items, swap.hash)
    expect(trade?.metadata.operationType).toBe('trade')
    expect(trade?.transfers.map((t) => [t.fungible_info?.symbol, t.direction])).toEqual([
      ['WETH', 'out'],
      ['USDC', 'in'],
    ])
    expect(trade?.transfers[0]?.quantity.numeric).toBe('1')
    expect(Number(trade?.transfers[1]?.quantity.numeric)).toBeGreaterThan(2900)
    // Newest first.
    expect(items.slice(0, 4).map((i) => i.metadata.hash)).toEqual([
      swap.hash,
      approve.hash,
      token.hash,
      ether.hash,
    ])

    const received = await all(receiver, { chainId: 'eip155:31338' })
    expect(received.map((i) => [i.metadata.operationType, i.transfers[0]?.direction])).toEqual([
      ['receive', 'in'],
      ['receive', 'in'],
    ])
    expect(received[1]?.transfers[0]).toMatchObject({
      sender: sender.address,
      quantity: { numeric: '0.25' },
    })
  })

  test('behavior: a reverted transfer is listed as failed, without transfers', async () => {
    const chain = chainAt(0)
    const poor = testAccount(7) // ether only, no USDC
    const failed = await sendAs(chain, poor, {
      to: tokenOf(chain, 'USDC'),
      data: erc20('transfer', testAccount(6).address, 1n),
    })
    expect(failed.status).toBe('reverted')
    const item = byHash(await all(poor.address, { chainId: 'eip155:31337' }), failed.hash)
    expect(item?.metadata).toMatchObject({ operationType: 'send', status: 'failed' })
    expect(item?.transfers).toEqual([])
  })
})

describe('paging and filters', () => {
  test('behavior: next pages through everything once; an item mined meanwhile shifts nothing', async () => {
    const chain = chainAt(0)
    const user = testAccount(2)
    for (let i = 1; i <= 5; i++)
      await sendAs(chain, user, { to: testAccount(5).address, value: BigInt(i), gas: 21_000n })
    const everything = await all(user.address)
    api.history.pageSize = 3
    const first = await page(user.address)
    expect(first.data).toEqual(everything.slice(0, 3))
    expect(first.next).toEqual(expect.any(String))
    // A new transaction now is newer than every page: the second page still starts where the first ended.
    const later = await sendAs(chain, user, {
      to: testAccount(5).address,
      value: 99n,
      gas: 21_000n,
    })
    const second = await page(user.address, { cursor: first.next as string })
    expect(second.data).toEqual(everything.slice(3, 6))
    const rest = await all(user.address, { cursor: second.next as string })
    expect([...first.data, ...second.data, ...rest].map((i) => i.id)).toEqual(
      everything.map((i) => i.id),
    )
    expect((await page(user.address)).data[0]?.metadata.hash).toBe(later.hash)
  })

  test('behavior: without chainId every chain of the namespace, newest first', async () => {
    const user = testAccount(1).address
    const items = await all(user)
    expect(new Set(items.map((i) => i.metadata.chain))).toEqual(
      new Set(['eip155:31337', 'eip155:31338']),
    )
    const times = items.map((i) => Date.parse(i.metadata.minedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(
      (await all(user, { chainId: 'eip155:31338' })).every(
        (i) => i.metadata.chain === 'eip155:31338',
      ),
    ).toBe(true)
  })

  test('behavior: onramp=coinbase is accepted (no purchases here); other providers are not', async () => {
    const user = testAccount(0).address
    expect(await page(user, { onramp: 'coinbase' })).toEqual({ data: [], next: null })
    expect((await get(user, { onramp: 'moonpay' })).status).toBe(400)
  })

  test('error: unknown chain, bad address, bad cursor → 400; the fault switch → its status', async () => {
    const user = testAccount(0).address
    expect((await get(user, { chainId: 'eip155:1' })).status).toBe(400)
    expect((await get('0x1234')).status).toBe(400)
    expect((await get(user, { cursor: 'not-a-cursor' })).status).toBe(400)
    expect((await get(user, { currency: 'eur' })).status).toBe(400)
    api.failNext({ path: `/v1/account/${user}/history`, status: 500 })
    expect((await get(user)).status).toBe(500)
    expect((await get(user)).status).toBe(200)
  })

  test('behavior: a chain that went back (evm_revert) drops what it undid', async () => {
    const chain = chainAt(1)
    const user = testAccount(4)
    const snapshot = await rpc<Hex>(chain.rpcUrl, 'evm_snapshot')
    const undone = await sendAs(chain, user, {
      to: testAccount(5).address,
      value: 7n,
      gas: 21_000n,
    })
    expect(byHash(await all(user.address), undone.hash)).toBeDefined()
    await rpc(chain.rpcUrl, 'evm_revert', [snapshot])
    expect(byHash(await all(user.address), undone.hash)).toBeUndefined()
  })
})

describe('planted spam and poisoning', () => {
  test('behavior: an imitation token is flagged spam; the real one is not', async () => {
    const chain = chainAt(0)
    const victim = testAccount(1).address
    const spam = await plantSpam(chain, victim)
    const items = await all(victim, { chainId: 'eip155:31337' })
    const item = byHash(items, spam.transfer.hash)
    expect(item?.metadata.operationType).toBe('receive')
    expect(item?.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ name: 'USD Coin', symbol: 'USDC' }),
        nft_info: { name: 'USD Coin', flags: { is_spam: true } },
        direction: 'in',
        quantity: { numeric: '5000' },
      }),
    ])
    expect(item?.transfers[0]).not.toHaveProperty('price')
    // Its contract is the imitation's own, which the kit compares with the real USDC's.
    expect(item?.transfers[0]?.fungible_info?.implementations?.[0]?.address).not.toBe(
      tokenOf(chain, 'USDC'),
    )
    const real = items.find(
      (i) =>
        i.metadata.operationType === 'mint' && i.transfers[0]?.fungible_info?.symbol === 'USDC',
    )
    expect(real?.transfers[0]).not.toHaveProperty('nft_info')
  })

  test('behavior: a zero-value transferFrom and dust from a look-alike come from real blocks', async () => {
    const chain = chainAt(0)
    const victim = testAccount(3)
    const friend = testAccount(5).address
    const real = await sendAs(chain, victim, {
      to: tokenOf(chain, 'USDC'),
      data: erc20('transfer', friend, parseUnits('40', 6)),
    })
    const planted = await plantPoisoning(chain, victim.address, friend)
    expect(planted.lookAlike).toBe(lookAlikeOf(friend))
    expect(planted.lookAlike.toLowerCase()).not.toBe(friend.toLowerCase())
    expect(planted.lookAlike.slice(2, 6).toLowerCase()).toBe(friend.slice(2, 6).toLowerCase())
    expect(planted.lookAlike.slice(-4).toLowerCase()).toBe(friend.slice(-4).toLowerCase())
    const items = await all(victim.address, { chainId: 'eip155:31337' })
    expect(byHash(items, real.hash)?.transfers[0]).toMatchObject({
      recipient: friend,
      quantity: { numeric: '40' },
    })
    // The victim did not sign it, yet it shows as an outgoing transfer to the look-alike.
    expect(byHash(items, planted.zeroValue.hash)).toMatchObject({
      metadata: { operationType: 'send', sentFrom: testAccount(8).address },
      transfers: [
        expect.objectContaining({
          direction: 'out',
          quantity: { numeric: '0' },
          recipient: planted.lookAlike,
        }),
      ],
    })
    expect(byHash(items, planted.nativeDust.hash)).toMatchObject({
      metadata: { operationType: 'receive', sentFrom: planted.lookAlike },
      transfers: [
        expect.objectContaining({
          direction: 'in',
          quantity: { numeric: '0.000001' },
          sender: planted.lookAlike,
        }),
      ],
    })
    expect(byHash(items, planted.tokenDust.hash)?.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: 'USDC' }),
        quantity: { numeric: '0.01' },
        sender: planted.lookAlike,
      }),
    ])
  })
})
