import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { SwapTransactionMismatchError } from '../../../../src/core/errors/swap.js'
import { checkOnChain } from '../../../../src/core/swap/checks.js'
import type { SwapCall } from '../../../../src/core/swap/decode.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const POOL = '0xb4e16d0168e52d35cacd2c6185b44281ec28c9dc'
const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const WETH = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const word = (hex: string) => `0x${hex.slice(2).padStart(64, '0')}`
/** The chain's clock: the stack's anvil chains start in November 2023. */
const CHAIN_TIME = 1_700_000_000n

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
}

/** A network's answers: token0/token1 of POOL, the latest block, and a simulation. */
function network(simulation: () => Promise<unknown> = async () => simulated(10n)) {
  return vi.fn(async (method: string, params: unknown[]) => {
    if (method === 'eth_getBlockByNumber') return { timestamp: `0x${CHAIN_TIME.toString(16)}` }
    if (method === 'eth_call') {
      const { data } = params[0] as { data: string }
      return word(data === '0x0dfe1681' ? USDC : WETH)
    }
    if (method === 'eth_simulateV1') return simulation()
    throw new Error(`unexpected ${method}`)
  })
}
/** A simulated swap of 5 USDC that pays `received` WETH to the user. */
const simulated = (received: bigint) => [
  {
    calls: [
      {
        status: '0x1',
        logs: [
          { address: USDC, topics: [TRANSFER, word(USER), word(POOL)], data: word('0x5') },
          {
            address: WETH,
            topics: [TRANSFER, word(POOL), word(USER)],
            data: word(`0x${received.toString(16)}`),
          },
        ],
      },
    ],
  },
]

const call: SwapCall = { input: USDC, amountIn: 5n, output: WETH, minimum: 10n }
const swap = (patch: Partial<SwapCall> = {}) => ({
  call: { ...call, ...patch },
  input: USDC,
  amount: 5n,
  output: WETH,
  owner: USER,
  calls: [{ from: USER, to: POOL, data: '0x', value: 0n }],
})

/** What checkOnChain refused, as `name field`, or 'accepted'. */
async function outcome(promise: Promise<void>): Promise<string> {
  try {
    await promise
    return 'accepted'
  } catch (error) {
    if (error instanceof SwapTransactionMismatchError) return `${error.name} ${error.field}`
    throw error
  }
}

test('default', async () => {
  const read = network()
  expect(await outcome(checkOnChain(read, timers, swap()))).toBe('accepted')
  expect(read.mock.calls.map((c) => c[0])).toEqual(['eth_simulateV1'])
})

test('behavior: the last pool’s output token is read from the chain, on its side', async () => {
  const read = network()
  expect(await outcome(checkOnChain(read, timers, swap({ output: { pool: POOL, side: 1 } })))).toBe(
    'accepted',
  )
  expect(read).toHaveBeenCalledWith('eth_call', [{ to: POOL, data: '0xd21220a7' }, 'latest'])
  expect(await outcome(checkOnChain(read, timers, swap({ output: { pool: POOL, side: 0 } })))).toBe(
    'SwapOutputMismatchError output',
  )
})

test('error: a pool that cannot be read is refused', async () => {
  const broken = vi.fn(async () => '0x')
  expect(
    await outcome(checkOnChain(broken, timers, swap({ output: { pool: POOL, side: 1 } }))),
  ).toBe('SwapOutputMismatchError pool')
  expect(
    await outcome(checkOnChain(undefined, timers, swap({ output: { pool: POOL, side: 1 } }))),
  ).toBe('SwapOutputMismatchError pool')
})

test('behavior: the deadline must be after the chain’s latest block and within the hour', async () => {
  const read = network()
  const at = async (deadline: bigint) => outcome(checkOnChain(read, timers, swap({ deadline })))
  expect(await at(CHAIN_TIME + 1200n)).toBe('accepted')
  expect(await at(CHAIN_TIME + 3600n)).toBe('accepted')
  expect(await at(CHAIN_TIME)).toBe('SwapDeadlineError deadline')
  expect(await at(CHAIN_TIME - 1n)).toBe('SwapDeadlineError deadline')
  expect(await at(CHAIN_TIME + 3601n)).toBe('SwapDeadlineError deadline')
  expect(await at(2n ** 256n - 1n)).toBe('SwapDeadlineError deadline')
})

test('behavior: without the chain’s clock, the visitor’s decides', async () => {
  vi.setSystemTime(new Date(Number(CHAIN_TIME + 100_000n) * 1000))
  const deadline = CHAIN_TIME + 101_000n
  expect(await outcome(checkOnChain(undefined, timers, swap({ deadline })))).toBe('accepted')
  expect(await outcome(checkOnChain(undefined, timers, swap({ deadline: CHAIN_TIME })))).toBe(
    'SwapDeadlineError deadline',
  )
})

test('error: a simulation that moves other amounts refuses', async () => {
  const read = network(async () => simulated(9n))
  expect(await outcome(checkOnChain(read, timers, swap()))).toBe(
    'SwapSimulationMismatchError simulation',
  )
})

test('behavior: without eth_simulateV1, or its answer within 5 s, decoding alone decides', async () => {
  const missing = network(async () => {
    throw Object.assign(new Error('Method not found'), { code: -32601 })
  })
  expect(await outcome(checkOnChain(missing, timers, swap()))).toBe('accepted')

  // An answer that would refuse, but too late: the check has already passed.
  let answer: (value: unknown) => void = () => undefined
  const slow = network(() => new Promise((resolve) => (answer = resolve)))
  let settled = false
  const pending = outcome(checkOnChain(slow, timers, swap())).finally(() => {
    settled = true
  })
  await vi.advanceTimersByTimeAsync(4_999)
  expect(settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(await pending).toBe('accepted')
  answer(simulated(0n))
})
