import { SWAP_MAX_DEADLINE_SECONDS, SWAP_SIMULATION_TIMEOUT_MS } from '../constants.js'
import { SwapDeadlineError, SwapOutputMismatchError } from '../errors/swap.js'
import type { SwapCall } from './decode.js'
import type { SwapRead } from './ports.js'
import { checkBalanceChanges, type SimulatedCall, simulateBalanceChanges } from './simulate.js'

/** Timers of the simulation's bound, replaceable in tests. */
type Timers = { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(id: unknown): void }

/** `token0()` and `token1()` of a Uniswap V2 or V3 pool. */
const TOKEN_SELECTORS = ['0x0dfe1681', '0xd21220a7'] as const

/** The chain's clock: the latest block's time, in Unix seconds. */
async function chainTime(read: SwapRead): Promise<bigint> {
  const block = (await read('eth_getBlockByNumber', ['latest', false])) as { timestamp?: unknown }
  const time = block?.timestamp
  if (typeof time !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(time)) throw new Error('no time')
  return BigInt(time)
}

/** The token a pool pays out on `side`, read from the chain. */
async function poolToken(read: SwapRead, pool: string, side: 0 | 1): Promise<string> {
  const word = await read('eth_call', [{ to: pool, data: TOKEN_SELECTORS[side] }, 'latest'])
  if (typeof word !== 'string' || !/^0x0{24}[0-9a-fA-F]{40}$/.test(word))
    throw new Error('no token')
  return `0x${word.slice(26)}`.toLowerCase()
}

/**
 * The checks of a decoded swap that need the chain, run after the review's first frame (its
 * button waits for them): the token the last pool pays out, the deadline against the chain's
 * clock (the visitor's when it cannot be read), and, where the network simulates, the balances
 * the approval and the swap move. The simulation is given SWAP_SIMULATION_TIMEOUT_MS; without an
 * answer by then, or without `eth_simulateV1`, decoding alone decides.
 *
 * @throws SwapOutputMismatchError ('output', or 'pool' when the pool cannot be read),
 *   SwapDeadlineError, SwapSimulationMismatchError.
 */
export async function checkOnChain(
  read: SwapRead | undefined,
  timers: Timers,
  swap: {
    call: SwapCall
    input: string
    amount: bigint
    output: string
    owner: string
    calls: SimulatedCall[]
  },
): Promise<void> {
  const { call } = swap
  const output = swap.output.toLowerCase()
  const pool = async () => {
    if (typeof call.output === 'string') return
    let token: string | undefined
    try {
      token = read && (await poolToken(read, call.output.pool, call.output.side))
    } catch {}
    if (!token)
      throw new SwapOutputMismatchError({
        field: 'pool',
        expected: 'a pool whose tokens can be read',
        received: call.output.pool,
      })
    if (token !== output)
      throw new SwapOutputMismatchError({ field: 'output', expected: output, received: token })
  }
  const deadline = async () => {
    if (call.deadline === undefined) return
    let now = BigInt(Math.floor(Date.now() / 1000))
    try {
      if (read) now = await chainTime(read)
    } catch {}
    if (call.deadline <= now || call.deadline > now + BigInt(SWAP_MAX_DEADLINE_SECONDS))
      throw new SwapDeadlineError({
        field: 'deadline',
        expected: `after ${now}, at most ${SWAP_MAX_DEADLINE_SECONDS} s later`,
        received: String(call.deadline),
      })
  }
  const simulation = async () => {
    if (!read) return
    let timer: unknown
    const changes = await Promise.race([
      simulateBalanceChanges(read, swap.owner, swap.calls),
      new Promise<undefined>((resolve) => {
        timer = timers.setTimeout(() => resolve(undefined), SWAP_SIMULATION_TIMEOUT_MS)
      }),
    ])
    timers.clearTimeout(timer)
    if (changes)
      checkBalanceChanges(changes, {
        input: swap.input,
        amount: swap.amount,
        output,
        minimum: call.minimum,
      })
  }
  await Promise.all([pool(), deadline(), simulation()])
}
