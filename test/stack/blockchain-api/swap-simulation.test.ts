// @vitest-environment node
import { type Address, encodeFunctionData, type Hex, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { SwapTransactionMismatchError } from '../../../src/core/errors/swap.js'
import { checkOnChain } from '../../../src/core/swap/checks.js'
import { decodeSwapCall } from '../../../src/core/swap/decode.js'
import { simulateBalanceChanges } from '../../../src/core/swap/simulate.js'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import {
  type ChainDescription,
  type Chains,
  rpc,
  startChains,
  testAccount,
} from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import { type BlockchainApi, startBlockchainApi } from './index.js'

/**
 * The kit's chain checks against anvil's real answers: the local exchange's honest swap passes
 * its simulation, and a swap call that decodes as honest but moves other amounts does not.
 */
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

const chain = () => chains.chains[0] as ChainDescription
const token = (symbol: string) =>
  chain().tokens.find((t) => t.symbol === symbol)?.address as Address
const read = (method: string, params: unknown[]) => rpc(chain().rpcUrl, method, params)
const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
}
const user = testAccount(3).address
const amount = parseUnits('100', 6)
const approve = (spender: Address) => ({
  from: user,
  to: token('USDC'),
  data: encodeFunctionData({
    abi: artifacts.TestToken.abi,
    functionName: 'approve',
    args: [spender, amount],
  }),
  value: 0n,
})

/** The swap of 100 USDC for WETH the convert stand-in builds for the user. */
async function built(): Promise<{ to: Address; data: Hex }> {
  const response = await fetch(`${api.url}/v1/convert/build-transaction`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      projectId: DEMO_PROJECT_ID,
      amount: String(amount),
      eip155: { slippage: 1 },
      from: `eip155:${chain().chainId}:${token('USDC')}`,
      to: `eip155:${chain().chainId}:${token('WETH')}`,
      userAddress: `eip155:${chain().chainId}:${user}`,
      disableEstimate: true,
    }),
  })
  const { tx } = (await response.json()) as { tx: { to: string; data: Hex } }
  return { to: tx.to.split(':')[2] as Address, data: tx.data }
}

/** checkOnChain's verdict on an approval and `swap`, as `name field` or 'accepted'. */
async function verdict(swap: { to: Address; data: Hex }, honest = swap): Promise<string> {
  try {
    await checkOnChain(read, timers, {
      // What decoding the honest call says the review shows.
      call: decodeSwapCall(honest.data),
      input: token('USDC'),
      amount,
      output: token('WETH'),
      owner: user,
      calls: [approve(swap.to), { from: user, ...swap, value: 0n }],
    })
    return 'accepted'
  } catch (error) {
    if (error instanceof SwapTransactionMismatchError) return `${error.name} ${error.field}`
    throw error
  }
}

test('default', async () => {
  const swap = await built()
  const changes = await simulateBalanceChanges(read, user, [
    approve(swap.to),
    { from: user, ...swap, value: 0n },
  ])
  const call = decodeSwapCall(swap.data)
  expect(changes?.get(token('USDC').toLowerCase())).toBe(-amount)
  expect(changes?.get(token('WETH').toLowerCase())).toBeGreaterThanOrEqual(call.minimum)
  expect(changes?.size).toBe(2)
  expect(await verdict(swap)).toBe('accepted')
})

test('error: a call that decodes as the review but pays someone else is refused by the simulation', async () => {
  const honest = await built()
  api.convert.tamperNext({ path: '/v1/convert/build-transaction', field: 'recipient' })
  const tampered = await built()
  // Checked as if decoding had been fooled: the simulation sees the WETH go elsewhere.
  expect(await verdict(tampered, honest)).toBe('SwapSimulationMismatchError simulation')
  // The tokens themselves, sent to the attacker by the "swap".
  const theft = {
    to: token('USDC'),
    data: encodeFunctionData({
      abi: artifacts.TestToken.abi,
      functionName: 'transfer',
      args: [api.convert.attacker, amount],
    }),
  }
  expect(await verdict(theft, honest)).toBe('SwapSimulationMismatchError simulation')
})

test('behavior: a swap that reverts in the simulation proves nothing: decoding decides', async () => {
  const swap = await built()
  // No approval first: the router's transferFrom fails.
  expect(await simulateBalanceChanges(read, user, [{ from: user, ...swap, value: 0n }])).toBe(
    undefined,
  )
})
