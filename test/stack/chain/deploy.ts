import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  maxUint256,
  parseUnits,
} from 'viem'
import { artifacts } from '../contracts/artifacts.js'
import { DEPLOYER_INDEX, SEEDED_ACCOUNT_INDEXES, testAccount } from './accounts.js'
import { receiptOf, rpc } from './rpc.js'

/** An ERC-20 deployed on a local chain. */
export interface TokenDescription {
  symbol: string
  name: string
  address: Address
  decimals: number
}

/** What a seeded local chain offers: its endpoint, tokens and swap router. */
export interface ChainDescription {
  chainId: number
  rpcUrl: string
  tokens: TokenDescription[]
  router: Address
  /** The token that wraps the chain's coin 1:1 (WETH); the router trades ether through it. */
  wrappedNative: Address
}

/**
 * Tokens deployed on every chain, in deployment order (their addresses follow from it). WETH is a
 * WrappedNative: ether deposited 1:1, so the router can swap the chain's coin through it.
 */
export const SEED_TOKENS = [
  { symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
  { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 },
] as const

/** Symbol of a seeded token. */
export type SeedSymbol = (typeof SEED_TOKENS)[number]['symbol']

/** Symbol of the seeded token that wraps the chain's coin. */
export const WRAPPED_NATIVE_SEED_SYMBOL = 'WETH' satisfies SeedSymbol

/** Pools created on every chain, in human units: 3000 USDC per WETH, DAI/USDC 1:1. */
export const SEED_POOLS = [
  { tokenA: 'USDC', tokenB: 'WETH', amountA: '3000000', amountB: '1000' },
  { tokenA: 'DAI', tokenB: 'USDC', amountA: '1000000', amountB: '1000000' },
] as const satisfies readonly {
  tokenA: SeedSymbol
  tokenB: SeedSymbol
  amountA: string
  amountB: string
}[]

/** Balance minted to each of the accounts 0–4, in human units. */
export const SEED_BALANCES = { USDC: '10000', WETH: '10', DAI: '5000' } as const satisfies Record<
  SeedSymbol,
  string
>

// Fixed gas limits and fees let every transaction go out as one signed raw transaction,
// with no estimate round trips.
const GAS = { token: 1_000_000n, router: 3_000_000n, call: 120_000n, liquidity: 1_500_000n }
const FEES = { maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
const NO_DEADLINE = 2n ** 64n

/**
 * Deploys the tokens and the router from the committed artifacts, creates the pools and funds
 * accounts 0–4 (WETH by wrapping the deployer's ether). Addresses are the same on every run
 * (fixed deployer, fixed order).
 * @throws when any seed transaction fails.
 */
export async function deployAndSeed(chain: {
  chainId: number
  rpcUrl: string
}): Promise<ChainDescription> {
  const { chainId, rpcUrl } = chain
  const deployer = testAccount(DEPLOYER_INDEX)
  let nonce = await rpc<Hex>(rpcUrl, 'eth_getTransactionCount', [deployer.address, 'pending']).then(
    Number,
  )
  if (nonce !== 0) throw new Error(`chain ${chainId} is not fresh: deployer nonce is ${nonce}`)
  const hashes: Hex[] = []

  const send = async (tx: { to?: Address; data: Hex; gas: bigint; value?: bigint }) => {
    const raw = await deployer.signTransaction({
      chainId,
      nonce: nonce++,
      type: 'eip1559',
      ...FEES,
      ...tx,
    })
    hashes.push(await rpc<Hex>(rpcUrl, 'eth_sendRawTransaction', [raw]))
  }
  const deploy = async (data: Hex, gas: bigint) => {
    const address = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
    await send({ data, gas })
    return address
  }
  const call = (to: Address, data: Hex, gas = GAS.call, value?: bigint) =>
    send({ to, data, gas, ...(value !== undefined && { value }) })
  const token = artifacts.TestToken
  const isWrapped = (symbol: string) => symbol === WRAPPED_NATIVE_SEED_SYMBOL

  const tokens: TokenDescription[] = []
  for (const { symbol, name, decimals } of SEED_TOKENS) {
    const args = [name, symbol, decimals] as const
    const data = isWrapped(symbol)
      ? encodeDeployData({ ...artifacts.WrappedNative, args })
      : encodeDeployData({ ...token, args })
    tokens.push({ symbol, name, decimals, address: await deploy(data, GAS.token) })
  }
  const bySymbol = (symbol: SeedSymbol) => {
    const found = tokens.find((t) => t.symbol === symbol)
    if (!found) throw new Error(`unknown seed token ${symbol}`)
    return found
  }
  const wrappedNative = bySymbol(WRAPPED_NATIVE_SEED_SYMBOL).address
  const router = await deploy(
    encodeDeployData({ ...artifacts.SimpleRouter, args: [wrappedNative] }),
    GAS.router,
  )

  for (const t of tokens) {
    const units = SEED_POOLS.flatMap((p) => [
      p.tokenA === t.symbol ? parseUnits(p.amountA, t.decimals) : 0n,
      p.tokenB === t.symbol ? parseUnits(p.amountB, t.decimals) : 0n,
    ]).reduce((a, b) => a + b, 0n)
    if (isWrapped(t.symbol)) {
      // Every wrapped token is backed by ether: the pool's share and the holders' alike.
      const held = parseUnits(SEED_BALANCES[t.symbol], t.decimals)
      const total = units + held * BigInt(SEEDED_ACCOUNT_INDEXES.length)
      const deposit = encodeFunctionData({
        abi: artifacts.WrappedNative.abi,
        functionName: 'deposit',
      })
      await call(t.address, deposit, GAS.call, total)
    } else {
      const mint = encodeFunctionData({
        abi: token.abi,
        functionName: 'mint',
        args: [deployer.address, units],
      })
      await call(t.address, mint)
    }
    const approve = encodeFunctionData({
      abi: token.abi,
      functionName: 'approve',
      args: [router, maxUint256],
    })
    await call(t.address, approve)
  }
  for (const pool of SEED_POOLS) {
    const a = bySymbol(pool.tokenA)
    const b = bySymbol(pool.tokenB)
    const amountA = parseUnits(pool.amountA, a.decimals)
    const amountB = parseUnits(pool.amountB, b.decimals)
    const data = encodeFunctionData({
      abi: artifacts.SimpleRouter.abi,
      functionName: 'addLiquidity',
      args: [
        a.address,
        b.address,
        amountA,
        amountB,
        amountA,
        amountB,
        deployer.address,
        NO_DEADLINE,
      ],
    })
    await call(router, data, GAS.liquidity)
  }
  for (const index of SEEDED_ACCOUNT_INDEXES) {
    const holder = testAccount(index).address
    for (const t of tokens) {
      const amount = parseUnits(SEED_BALANCES[t.symbol as SeedSymbol], t.decimals)
      const functionName = isWrapped(t.symbol) ? 'transfer' : 'mint'
      await call(
        t.address,
        encodeFunctionData({ abi: token.abi, functionName, args: [holder, amount] }),
      )
    }
  }

  // Each receipt (automine can answer before it is readable), then a revert told from no mining.
  const receipts = await Promise.all(hashes.map((hash) => receiptOf(rpcUrl, hash)))
  const failed = receipts.findIndex((r) => r.status !== '0x1')
  if (failed !== -1)
    throw new Error(`seed transaction ${hashes[failed]} on chain ${chainId} reverted`)
  return { chainId, rpcUrl, tokens, router, wrappedNative }
}
