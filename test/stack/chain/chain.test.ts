// @vitest-environment node
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { artifacts } from '../contracts/index.js'
import {
  type ChainDescription,
  type Chains,
  deployAndSeed,
  GENESIS_TIMESTAMP,
  rpc,
  SEED_BALANCES,
  type SeedSymbol,
  startAnvil,
  startChains,
  testAccount,
} from './index.js'

let stack: Chains
beforeAll(async () => {
  stack = await startChains()
}, 30_000)
afterAll(() => stack?.stop())

function first(): ChainDescription {
  const chain = stack.chains[0]
  if (!chain) throw new Error('no chain')
  return chain
}

function clients(chain: ChainDescription, accountIndex = 0) {
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

function token(chain: ChainDescription, symbol: SeedSymbol): Address {
  const found = chain.tokens.find((t) => t.symbol === symbol)
  if (!found) throw new Error(`no ${symbol}`)
  return found.address
}

test('default', async () => {
  expect(stack.chains.map((c) => c.chainId)).toEqual([31337, 31338])
  for (const chain of stack.chains) {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(Number(await rpc<string>(chain.rpcUrl, 'eth_chainId'))).toBe(chain.chainId)
  }
})

test('behavior: contract addresses are fixed, equal on both chains and on a fresh chain', async () => {
  const addresses = (c: ChainDescription) => ({ router: c.router, tokens: c.tokens })
  expect(addresses(first())).toMatchInlineSnapshot(`
    {
      "router": "0x8ce361602B935680E8DeC218b820ff5056BeB7af",
      "tokens": [
        {
          "address": "0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35",
          "decimals": 6,
          "name": "USD Coin",
          "symbol": "USDC",
        },
        {
          "address": "0xA15BB66138824a1c7167f5E85b957d04Dd34E468",
          "decimals": 18,
          "name": "Wrapped Ether",
          "symbol": "WETH",
        },
        {
          "address": "0xb19b36b1456E65E3A6D514D3F715f204BD59f431",
          "decimals": 18,
          "name": "Dai Stablecoin",
          "symbol": "DAI",
        },
      ],
    }
  `)
  expect(addresses(stack.chains[1] as ChainDescription)).toEqual(addresses(first()))
  const fresh = await startAnvil({ chainId: 31337 })
  try {
    expect(addresses(await deployAndSeed(fresh))).toEqual(addresses(first()))
  } finally {
    await fresh.stop()
  }
})

test('behavior: the genesis block is the same on every start', async () => {
  const genesis = await rpc<{ hash: string; timestamp: string }>(
    first().rpcUrl,
    'eth_getBlockByNumber',
    ['0x0', false],
  )
  expect(Number(genesis.timestamp)).toBe(GENESIS_TIMESTAMP)
  expect(genesis.hash).toBe('0xc56b8342e33b57477139f45874ae699b6fe1ca1a65d089b78c34dabc3206e07b')
})

test('behavior: accounts 0–4 hold the seed balances and untouched ether', async () => {
  for (const chain of stack.chains) {
    const { publicClient } = clients(chain)
    for (const index of [0, 1, 2, 3, 4]) {
      const holder = testAccount(index).address
      for (const t of chain.tokens) {
        const balance = await publicClient.readContract({
          address: t.address,
          abi: artifacts.TestToken.abi,
          functionName: 'balanceOf',
          args: [holder],
        })
        expect(balance).toBe(parseUnits(SEED_BALANCES[t.symbol as SeedSymbol], t.decimals))
      }
    }
    expect(await publicClient.getBalance({ address: testAccount(4).address })).toBe(
      parseEther('10000'),
    )
    const unfunded = await publicClient.readContract({
      address: token(chain, 'USDC'),
      abi: artifacts.TestToken.abi,
      functionName: 'balanceOf',
      args: [testAccount(5).address],
    })
    expect(unfunded).toBe(0n)
  }
})

test('behavior: pools hold 3000 USDC per WETH and DAI/USDC 1:1', async () => {
  const chain = first()
  const { publicClient } = clients(chain)
  const reserves = (a: SeedSymbol, b: SeedSymbol) =>
    publicClient.readContract({
      address: chain.router,
      abi: artifacts.SimpleRouter.abi,
      functionName: 'getReserves',
      args: [token(chain, a), token(chain, b)],
    })
  expect(await reserves('USDC', 'WETH')).toEqual([parseUnits('3000000', 6), parseEther('1000')])
  expect(await reserves('WETH', 'USDC')).toEqual([parseEther('1000'), parseUnits('3000000', 6)])
  expect(await reserves('DAI', 'USDC')).toEqual([parseEther('1000000'), parseUnits('1000000', 6)])
})

test('behavior: a swap through the router pays exactly the getAmountsOut quote', async () => {
  const chain = stack.chains[1] as ChainDescription
  const { publicClient, walletClient } = clients(chain, 2)
  const user = testAccount(2).address
  const usdc = token(chain, 'USDC')
  const weth = token(chain, 'WETH')
  const amountIn = parseUnits('3000', 6)
  const path = [usdc, weth]
  const router = { address: chain.router, abi: artifacts.SimpleRouter.abi } as const
  const quote = await publicClient.readContract({
    ...router,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })
  const [reserveIn, reserveOut] = [parseUnits('3000000', 6), parseEther('1000')]
  expect(quote[1]).toBe((amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n))

  const approve = await walletClient.writeContract({
    address: usdc,
    abi: artifacts.TestToken.abi,
    functionName: 'approve',
    args: [chain.router, maxUint256],
  })
  await publicClient.waitForTransactionReceipt({ hash: approve })
  const block = await publicClient.getBlock()
  const hash = await walletClient.writeContract({
    ...router,
    functionName: 'swapExactTokensForTokens',
    args: [amountIn, quote[1] as bigint, path, user, block.timestamp + 600n],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  const wethBalance = await publicClient.readContract({
    address: weth,
    abi: artifacts.TestToken.abi,
    functionName: 'balanceOf',
    args: [user],
  })
  expect(wethBalance).toBe(parseEther(SEED_BALANCES.WETH) + (quote[1] as bigint))
})

test('error: the router reverts with its slippage and deadline reasons', async () => {
  const chain = first()
  const { publicClient } = clients(chain, 3)
  const user = testAccount(3).address
  const path = [token(chain, 'USDC'), token(chain, 'WETH')]
  const router = { address: chain.router, abi: artifacts.SimpleRouter.abi, account: user } as const
  const amountIn = parseUnits('100', 6)
  const [, out] = await publicClient.readContract({
    ...router,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })
  const block = await publicClient.getBlock()
  await expect(
    publicClient.simulateContract({
      ...router,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, (out as bigint) + 1n, path, user, block.timestamp + 600n],
    }),
  ).rejects.toThrow('ROUTER: slippage')
  await expect(
    publicClient.simulateContract({
      ...router,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, 0n, path, user, block.timestamp - 1n],
    }),
  ).rejects.toThrow('ROUTER: expired')
})

test('error: seeding a chain twice is refused', async () => {
  await expect(deployAndSeed(first())).rejects.toThrow('is not fresh')
})

test('behavior: stop() ends the anvil process', async () => {
  const anvil = await startAnvil({ chainId: 31339 })
  expect(() => process.kill(anvil.pid, 0)).not.toThrow()
  await anvil.stop()
  expect(() => process.kill(anvil.pid, 0)).toThrow()
  await anvil.stop()
})

test('error: an anvil that cannot start is reported', async () => {
  await expect(startAnvil({ chainId: Number.NaN })).rejects.toThrow(
    /anvil \(chain NaN\) exited early/,
  )
})
