// @vitest-environment node
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import { type ChainDescription, type Chains, startChains, testAccount } from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import type { TamperField } from './convert.js'
import {
  type BlockchainApi,
  FALLBACK_SWAP_GAS,
  INSUFFICIENT_LIQUIDITY,
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

const chainAt = (i: number) => chains.chains[i] as ChainDescription
const caip2 = (chain: ChainDescription) => `eip155:${chain.chainId}`
const tokenOf = (chain: ChainDescription, symbol: string) =>
  chain.tokens.find((t) => t.symbol === symbol)?.address as Address
const caip10 = (chain: ChainDescription, symbol: string) =>
  `${caip2(chain)}:${symbol === 'ETH' ? NATIVE_TOKEN_ADDRESS : tokenOf(chain, symbol)}`
const plain = (id: string) => id.split(':')[2] as Address

async function get<T>(path: string, query: Record<string, string>, status = 200): Promise<T> {
  const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })
  const res = await fetch(`${api.url}${path}?${params}`)
  expect(res.status).toBe(status)
  return (await res.json()) as T
}

async function post<T>(path: string, body: Record<string, unknown>, status = 200): Promise<T> {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ projectId: DEMO_PROJECT_ID, ...body }),
  })
  expect(res.status).toBe(status)
  return (await res.json()) as T
}

type Tx = { from: string; to: string; data: Hex; value: string }
type SwapTx = Tx & { amount: string; eip155: { gas: string; gasPrice: string } }

function clients(chain: ChainDescription, accountIndex: number) {
  const viemChain = defineChain({
    id: chain.chainId,
    name: `Local ${chain.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  const transport = http(chain.rpcUrl)
  const account = testAccount(accountIndex)
  const publicClient = createPublicClient({ chain: viemChain, transport })
  const walletClient = createWalletClient({ chain: viemChain, transport, account })
  /** Sends a service-built transaction as a wallet would, and waits for it to succeed. */
  async function send(tx: Tx) {
    const hash = await walletClient.sendTransaction({
      to: plain(tx.to),
      data: tx.data,
      value: BigInt(tx.value),
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    return receipt
  }
  const balanceOf = (symbol: string) =>
    symbol === 'ETH'
      ? publicClient.getBalance({ address: account.address })
      : publicClient.readContract({
          address: tokenOf(chain, symbol),
          abi: artifacts.TestToken.abi,
          functionName: 'balanceOf',
          args: [account.address],
        })
  return { publicClient, user: account.address, send, balanceOf }
}

function quote(chain: ChainDescription, from: string, to: string, amount: bigint, user: Address) {
  return get<{ quotes: { toAmount: string; fromAmount: string; fromAccount: string }[] }>(
    '/v1/convert/quotes',
    {
      amount: String(amount),
      userAddress: `${caip2(chain)}:${user}`,
      from: caip10(chain, from),
      to: caip10(chain, to),
    },
  )
}

function buildSwap(
  chain: ChainDescription,
  from: string,
  to: string,
  amount: bigint,
  user: Address,
  extra: Record<string, unknown> = {},
  status = 200,
) {
  return post<{ tx: SwapTx; message?: string }>(
    '/v1/convert/build-transaction',
    {
      amount: String(amount),
      eip155: { slippage: 1 },
      from: caip10(chain, from),
      to: caip10(chain, to),
      userAddress: `${caip2(chain)}:${user}`,
      disableEstimate: true,
      ...extra,
    },
    status,
  )
}

function allowance(chain: ChainDescription, symbol: string, user: Address) {
  return get<{ allowance: string }>('/v1/convert/allowance', {
    tokenAddress: caip10(chain, symbol),
    userAddress: `${caip2(chain)}:${user}`,
  }).then((a) => BigInt(a.allowance))
}

function buildApprove(chain: ChainDescription, from: string, user: Address, amount?: bigint) {
  return get<{ tx: Tx & { eip155: { gasPrice: string } } }>('/v1/convert/build-approve', {
    userAddress: `${caip2(chain)}:${user}`,
    from: caip10(chain, from),
    to: caip10(chain, 'WETH'),
    ...(amount !== undefined && { amount: String(amount) }),
  })
}

const routerAbi = artifacts.SimpleRouter.abi
const tokenAbi = artifacts.TestToken.abi

test('default', async () => {
  const chain = chainAt(0)
  const { tokens } = await get<{
    tokens: { symbol: string; address: string; decimals: number; logoUri: string }[]
  }>('/v1/convert/tokens', { chainId: 'eip155:31337' })
  expect(tokens.map((t) => [t.symbol, t.address, t.decimals])).toEqual([
    ['ETH', `eip155:31337:${NATIVE_TOKEN_ADDRESS}`, 18],
    ['USDC', caip10(chain, 'USDC'), 6],
    ['WETH', caip10(chain, 'WETH'), 18],
    ['DAI', caip10(chain, 'DAI'), 18],
  ])
  for (const t of tokens) expect(t.logoUri).toMatch(/^data:image\/svg\+xml;base64,/)
  const second = await get<{ tokens: { address: string }[] }>('/v1/convert/tokens', {
    chainId: 'eip155:31338',
  })
  expect(second.tokens[1]?.address).toBe(caip10(chainAt(1), 'USDC'))
})

describe('quotes', () => {
  test('behavior: toAmount is the router’s getAmountsOut for the best path', async () => {
    const chain = chainAt(0)
    const { publicClient, user } = clients(chain, 0)
    const amount = parseUnits('1500', 6)
    const { quotes } = await quote(chain, 'USDC', 'WETH', amount, user)
    const amounts = await publicClient.readContract({
      address: chain.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, [tokenOf(chain, 'USDC'), tokenOf(chain, 'WETH')]],
    })
    expect(quotes).toEqual([
      {
        id: null,
        fromAmount: String(amount),
        fromAccount: caip10(chain, 'USDC'),
        toAmount: String(amounts[1]),
        toAccount: caip10(chain, 'WETH'),
      },
    ])
    // DAI has no WETH pool: the quote goes through USDC.
    const dai = parseEther('100')
    const viaUsdc = await publicClient.readContract({
      address: chain.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [dai, [tokenOf(chain, 'DAI'), tokenOf(chain, 'USDC'), tokenOf(chain, 'WETH')]],
    })
    const daiQuote = await quote(chain, 'DAI', 'WETH', dai, user)
    expect(daiQuote.quotes[0]?.toAmount).toBe(String(viaUsdc[2]))
  })

  test('error: same token, unknown token or chain, bad amount → 400', async () => {
    const chain = chainAt(0)
    const user = testAccount(0).address
    const base = { userAddress: `eip155:31337:${user}` }
    const bad = (query: Record<string, string>) => get('/v1/convert/quotes', query, 400)
    await bad({ ...base, amount: '1', from: caip10(chain, 'USDC'), to: caip10(chain, 'USDC') })
    await bad({ ...base, amount: '0', from: caip10(chain, 'USDC'), to: caip10(chain, 'WETH') })
    await bad({ ...base, amount: '1.5', from: caip10(chain, 'USDC'), to: caip10(chain, 'WETH') })
    await bad({ ...base, amount: '1', from: `eip155:1:${tokenOf(chain, 'USDC')}`, to: 'x' })
    await bad({
      ...base,
      amount: '1',
      from: 'eip155:31337:0x000000000000000000000000000000000000dEaD',
      to: caip10(chain, 'WETH'),
    })
    // The coin and its wrapped token are one asset to the pools.
    const wrap = await get<{ message: string }>(
      '/v1/convert/quotes',
      { ...base, amount: '1', from: caip10(chain, 'ETH'), to: caip10(chain, 'WETH') },
      400,
    )
    expect(wrap.message).toBe('`from` and `to` must differ')
    // 1 wei of DAI buys nothing: the public service's "insufficient liquidity" answer.
    const dust = await get<{ status: string; reasons: { description: string }[] }>(
      '/v1/convert/quotes',
      { ...base, amount: '1', from: caip10(chain, 'DAI'), to: caip10(chain, 'USDC') },
      400,
    )
    expect(dust).toEqual({ status: 'FAILED', reasons: [{ description: INSUFFICIENT_LIQUIDITY }] })
  })
})

describe('allowance, approval and swap', () => {
  test('behavior: the 6-decimal token for the 18-decimal one pays exactly the quote', async () => {
    const chain = chainAt(0)
    const { publicClient, user, send, balanceOf } = clients(chain, 1)
    const amount = parseUnits('3000', 6)
    expect(await allowance(chain, 'USDC', user)).toBe(0n)

    const approve = (await buildApprove(chain, 'USDC', user, amount)).tx
    expect(approve).toMatchObject({
      from: caip10(chain, 'USDC'),
      to: caip10(chain, 'USDC'),
      value: '0',
    })
    expect(decodeFunctionData({ abi: tokenAbi, data: approve.data })).toEqual({
      functionName: 'approve',
      args: [chain.router, amount],
    })
    await send(approve)
    expect(await allowance(chain, 'USDC', user)).toBe(amount)

    const { quotes } = await quote(chain, 'USDC', 'WETH', amount, user)
    const toAmount = BigInt(quotes[0]?.toAmount ?? 0)
    const { tx } = await buildSwap(chain, 'USDC', 'WETH', amount, user, { disableEstimate: false })
    expect(tx).toMatchObject({
      from: `${caip2(chain)}:${user}`,
      to: `${caip2(chain)}:${chain.router}`,
      value: '0',
      amount: String(toAmount),
    })
    const call = decodeFunctionData({ abi: routerAbi, data: tx.data })
    expect(call.functionName).toBe('swapExactTokensForTokens')
    const [amountIn, minOut, path, to, deadline] = call.args as [
      bigint,
      bigint,
      Address[],
      Address,
      bigint,
    ]
    expect([amountIn, minOut, path, to]).toEqual([
      amount,
      (toAmount * 99n) / 100n,
      [tokenOf(chain, 'USDC'), tokenOf(chain, 'WETH')],
      user,
    ])
    const block = await publicClient.getBlock()
    expect(deadline).toBe(block.timestamp + 1200n)
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(80_000n)
    expect(BigInt(tx.eip155.gasPrice)).toBeGreaterThan(0n)

    const before = await balanceOf('WETH')
    await send(tx)
    expect((await balanceOf('WETH')) - before).toBe(toAmount)
    expect(await allowance(chain, 'USDC', user)).toBe(0n)
  })

  test('behavior: the coin for a token carries the amount as value, with no approval', async () => {
    const chain = chainAt(1)
    const { user, send, balanceOf } = clients(chain, 2)
    const amount = parseEther('0.5')
    expect(await allowance(chain, 'ETH', user)).toBe(maxUint256)
    await get(
      '/v1/convert/build-approve',
      {
        userAddress: `${caip2(chain)}:${user}`,
        from: caip10(chain, 'ETH'),
        to: caip10(chain, 'USDC'),
      },
      400,
    )
    const toAmount = BigInt(
      (await quote(chain, 'ETH', 'USDC', amount, user)).quotes[0]?.toAmount ?? 0,
    )
    const { tx } = await buildSwap(chain, 'ETH', 'USDC', amount, user)
    expect(tx.value).toBe(String(amount))
    const call = decodeFunctionData({ abi: routerAbi, data: tx.data })
    expect(call.functionName).toBe('swapExactETHForTokens')
    expect(call.args?.[1]).toEqual([chain.wrappedNative, tokenOf(chain, 'USDC')])
    const [usdc, ether] = [await balanceOf('USDC'), await balanceOf('ETH')]
    const receipt = await send(tx)
    expect((await balanceOf('USDC')) - usdc).toBe(toAmount)
    expect(ether - (await balanceOf('ETH'))).toBe(
      amount + receipt.gasUsed * receipt.effectiveGasPrice,
    )
  })

  test('behavior: a token for the coin unwraps and pays ether', async () => {
    const chain = chainAt(1)
    const { user, send, balanceOf } = clients(chain, 3)
    const amount = parseUnits('300', 6)
    await send((await buildApprove(chain, 'USDC', user)).tx)
    expect(await allowance(chain, 'USDC', user)).toBe(maxUint256)
    const toAmount = BigInt(
      (await quote(chain, 'USDC', 'ETH', amount, user)).quotes[0]?.toAmount ?? 0,
    )
    const { tx } = await buildSwap(chain, 'USDC', 'ETH', amount, user)
    expect(decodeFunctionData({ abi: routerAbi, data: tx.data }).functionName).toBe(
      'swapExactTokensForETH',
    )
    const ether = await balanceOf('ETH')
    const receipt = await send(tx)
    expect((await balanceOf('ETH')) - ether).toBe(
      toAmount - receipt.gasUsed * receipt.effectiveGasPrice,
    )
  })

  test('behavior: the slippage bound holds — a pool moved past it makes the swap revert', async () => {
    const chain = chainAt(0)
    const { publicClient, user, send } = clients(chain, 4)
    const amount = parseUnits('1000', 6)
    await send((await buildApprove(chain, 'USDC', user)).tx)
    const { tx } = await buildSwap(chain, 'USDC', 'WETH', amount, user)
    // Someone else buys WETH with 100 000 USDC first: the price moves more than 1 %.
    const whale = clients(chain, 3)
    const big = parseUnits('100000', 6)
    const mint = encodeFunctionData({
      abi: tokenAbi,
      functionName: 'mint',
      args: [whale.user, big],
    })
    await whale.send({ from: '', to: caip10(chain, 'USDC'), data: mint, value: '0' })
    await whale.send((await buildApprove(chain, 'USDC', whale.user)).tx)
    await whale.send((await buildSwap(chain, 'USDC', 'WETH', big, whale.user)).tx)
    await expect(
      publicClient.call({ account: user, to: plain(tx.to), data: tx.data }),
    ).rejects.toThrow('ROUTER: slippage')
  })

  test('error: without an approval the swap cannot be estimated; disableEstimate builds it anyway', async () => {
    const chain = chainAt(0)
    const user = testAccount(5).address
    const refused = await buildSwap(
      chain,
      'DAI',
      'USDC',
      parseEther('1'),
      user,
      { disableEstimate: false },
      400,
    )
    expect(refused.message).toMatch(/^The swap would fail: /)
    const { tx } = await buildSwap(chain, 'DAI', 'USDC', parseEther('1'), user)
    expect(tx.eip155.gas).toBe(String(FALLBACK_SWAP_GAS))
    await buildSwap(chain, 'DAI', 'USDC', parseEther('1'), user, { eip155: {} }, 400)
    await buildSwap(chain, 'DAI', 'USDC', parseEther('1'), user, { eip155: { slippage: 60 } }, 400)
  })
})

test('behavior: gas-price reads the chain', async () => {
  const chain = chainAt(0)
  const price = await clients(chain, 0).publicClient.getGasPrice()
  const answer = await get<{ standard: string; fast: string; instant: string }>(
    '/v1/convert/gas-price',
    { chainId: caip2(chain) },
  )
  expect(BigInt(answer.standard)).toBe(price)
  expect(BigInt(answer.fast)).toBeGreaterThan(price)
  expect(BigInt(answer.instant)).toBeGreaterThan(BigInt(answer.fast))
  await get('/v1/convert/gas-price', { chainId: 'eip155:1' }, 400)
})

describe('faults', () => {
  /** One request per convert call (and the price call), as the kit makes them. */
  const calls = (chain: ChainDescription, user: Address) => {
    const userAddress = `${caip2(chain)}:${user}`
    const query = (path: string, params: Record<string, string>) => ({
      path,
      url: `${api.url}${path}?${new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...params })}`,
      body: undefined as string | undefined,
    })
    const body = (path: string, payload: Record<string, unknown>) => ({
      path,
      url: `${api.url}${path}`,
      body: JSON.stringify({ projectId: DEMO_PROJECT_ID, ...payload }),
    })
    const usdc = caip10(chain, 'USDC')
    const weth = caip10(chain, 'WETH')
    return [
      query('/v1/convert/tokens', { chainId: caip2(chain) }),
      query('/v1/convert/quotes', { amount: '1000000', userAddress, from: usdc, to: weth }),
      query('/v1/convert/allowance', { tokenAddress: usdc, userAddress }),
      query('/v1/convert/gas-price', { chainId: caip2(chain) }),
      query('/v1/convert/build-approve', { userAddress, from: usdc, to: weth }),
      body('/v1/convert/build-transaction', {
        amount: '1000000',
        eip155: { slippage: 1 },
        from: usdc,
        to: weth,
        userAddress,
        disableEstimate: true,
      }),
      body('/v1/fungible/price', { currency: 'usd', addresses: [caip10(chain, 'ETH')] }),
    ].map((c) => ({
      path: c.path,
      send: (signal?: AbortSignal) =>
        fetch(c.url, {
          ...(c.body !== undefined && { method: 'POST', body: c.body }),
          ...(signal && { signal }),
        }),
    }))
  }

  test('behavior: every convert call answers, then fails with a status or a wrong shape', async () => {
    for (const { path, send } of calls(chainAt(0), testAccount(0).address)) {
      expect((await send()).status, path).toBe(200)
      api.failNext({ path, status: 503 })
      expect((await send()).status, path).toBe(503)
      api.failNext({ path, status: 200, body: '{"unexpected":[]}' })
      expect(await (await send()).json(), path).toEqual({ unexpected: [] })
    }
  })

  test('behavior: a delay holds every convert call until the client gives up', async () => {
    for (const { path, send } of calls(chainAt(0), testAccount(0).address)) {
      api.setDelay(60_000, path)
      const controller = new AbortController()
      const pending = send(controller.signal).then(
        () => 'answered',
        () => 'aborted',
      )
      // Another call is answered while this one still waits.
      const other = await fetch(`${api.url}/v1/supported-chains?projectId=${DEMO_PROJECT_ID}`)
      expect(other.status).toBe(200)
      const record = api.requests.find((r) => r.path === path)
      expect(record?.status, path).toBe(0)
      controller.abort()
      expect(await pending, path).toBe('aborted')
      api.reset()
    }
  })

  test('behavior: tampered approvals and swaps get exactly the asked field wrong, once', async () => {
    const chain = chainAt(0)
    const user = testAccount(0).address
    const amount = parseUnits('10', 6)
    const { attacker } = api.convert
    const honest = (await buildApprove(chain, 'USDC', user, amount)).tx
    const decoded = (tx: Tx) => decodeFunctionData({ abi: tokenAbi, data: tx.data }).args

    api.convert.tamperNext({ path: '/v1/convert/build-approve', field: 'target' })
    expect((await buildApprove(chain, 'USDC', user, amount)).tx.to).toBe(
      `${caip2(chain)}:${attacker}`,
    )
    api.convert.tamperNext({ path: '/v1/convert/build-approve', field: 'spender' })
    expect(decoded((await buildApprove(chain, 'USDC', user, amount)).tx)).toEqual([
      attacker,
      amount,
    ])
    api.convert.tamperNext({ path: '/v1/convert/build-approve', field: 'amount', times: 2 })
    expect(decoded((await buildApprove(chain, 'USDC', user, amount)).tx)).toEqual([
      chain.router,
      maxUint256,
    ])
    expect(decoded((await buildApprove(chain, 'USDC', user)).tx)).toEqual([chain.router, 1n])
    api.convert.tamperNext({ path: '/v1/convert/build-approve', field: 'value' })
    expect((await buildApprove(chain, 'USDC', user, amount)).tx.value).toBe(String(parseEther('1')))
    expect((await buildApprove(chain, 'USDC', user, amount)).tx).toEqual(honest)

    const swap = (await buildSwap(chain, 'ETH', 'USDC', parseEther('1'), user)).tx
    api.convert.tamperNext({ path: '/v1/convert/build-transaction', field: 'target' })
    expect((await buildSwap(chain, 'ETH', 'USDC', parseEther('1'), user)).tx.to).toBe(
      `${caip2(chain)}:${attacker}`,
    )
    api.convert.tamperNext({ path: '/v1/convert/build-transaction', field: 'value' })
    expect((await buildSwap(chain, 'ETH', 'USDC', parseEther('1'), user)).tx.value).toBe(
      String(parseEther('2')),
    )
    expect((await buildSwap(chain, 'ETH', 'USDC', parseEther('1'), user)).tx.to).toBe(swap.to)
    expect(() =>
      api.convert.tamperNext({ path: '/v1/convert/build-transaction', field: 'spender' }),
    ).toThrow('cannot tamper')
  })

  test('behavior: a tampered swap call gets exactly the asked part wrong, once', async () => {
    const chain = chainAt(0)
    const user = testAccount(0).address
    const amount = parseUnits('10', 6)
    const { attacker } = api.convert
    const routerAbi = artifacts.SimpleRouter.abi
    const call = async (from: string, to: string, value: bigint) => {
      const { tx } = await buildSwap(chain, from, to, value, user)
      return { tx, ...decodeFunctionData({ abi: routerAbi, data: tx.data }) }
    }
    const tampered = async (field: TamperField, from = 'USDC', to = 'WETH', value = amount) => {
      api.convert.tamperNext({ path: '/v1/convert/build-transaction', field })
      return call(from, to, value)
    }
    // swapExactTokensForTokens(amountIn, amountOutMin, path, to, deadline)
    const honest = await call('USDC', 'WETH', amount)
    const [amountIn, minOut, path, recipient] = honest.args as unknown as [
      bigint,
      bigint,
      Address[],
      Address,
    ]
    expect([amountIn, path, recipient]).toEqual([
      amount,
      [tokenOf(chain, 'USDC'), tokenOf(chain, 'WETH')],
      user,
    ])
    expect((await tampered('recipient')).args?.[3]).toBe(attacker)
    expect((await tampered('amountIn')).args?.[0]).toBe(amount * 2n)
    expect((await tampered('minimumOut')).args?.[1]).toBe(0n)
    // The whole quote as the minimum: the honest one is that less 1 %, rounded down.
    const full = (await tampered('fullMinimum')).args?.[1] as bigint
    expect((full * 9_900n) / 10_000n).toBe(minOut)
    const other = (await tampered('outputToken')).args?.[2] as Address[]
    expect(other[0]).toBe(path[0])
    expect(other.at(-1)).not.toBe(path[1])
    // Paid in the coin: the path ends elsewhere; the coin bought: the wrapped coin instead.
    const ethIn = await tampered('outputToken', 'ETH', 'USDC', parseEther('1'))
    expect(ethIn.functionName).toBe('swapExactETHForTokens')
    expect((ethIn.args as unknown as [bigint, Address[]])[1].at(-1)).not.toBe(
      tokenOf(chain, 'USDC'),
    )
    expect((await tampered('outputToken', 'USDC', 'ETH')).functionName).toBe(
      'swapExactTokensForTokens',
    )
    // The same arguments under a function the kit does not read.
    const unknown = (
      await (async () => {
        api.convert.tamperNext({ path: '/v1/convert/build-transaction', field: 'function' })
        return buildSwap(chain, 'USDC', 'WETH', amount, user)
      })()
    ).tx.data
    expect(unknown.slice(0, 10)).toBe('0x5c11d795')
    expect(unknown.slice(10)).toBe(honest.tx.data.slice(10))
    // Once: the next swap is honest again.
    expect((await call('USDC', 'WETH', amount)).args?.[1]).toBe(minOut)
  })
})

test('behavior: fungible prices name the asset they are for, the coin priced from its pool', async () => {
  const chain = chainAt(0)
  const asked = [caip10(chain, 'ETH'), caip10(chain, 'USDC').toLowerCase()]
  const { fungibles } = await post<{
    fungibles: { address: string; symbol: string; price: number }[]
  }>('/v1/fungible/price', { currency: 'usd', addresses: asked })
  expect(fungibles.map((f) => [f.address, f.symbol])).toEqual([
    [asked[0], 'ETH'],
    [asked[1], 'USDC'],
  ])
  expect(fungibles[1]?.price).toBe(1)
  expect(fungibles[0]?.price).toBeGreaterThan(2000)
})
