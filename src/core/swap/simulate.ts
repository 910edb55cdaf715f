import { SwapSimulationMismatchError } from '../errors/swap.js'
import type { SwapRead } from './ports.js'

/** A call of the simulated block, as the wallet would be asked to send it. */
export type SimulatedCall = { from: string; to: string; data: string; value: bigint }

/** `Transfer(address,address,uint256)`; the coin's traced transfers use it too. */
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/**
 * What `calls` (the approval, then the swap) would move of `owner`'s balances, run in one
 * simulated block on the network's latest state (`eth_simulateV1`, with the coin's transfers
 * traced as `Transfer` logs of 0xeeee…eeee): the net change per asset, by lower-case address.
 * Undefined when the network cannot say: no `eth_simulateV1`, an error, a call that reverts (the
 * wallet's own estimate refuses that one), or an answer of another shape.
 */
export async function simulateBalanceChanges(
  read: SwapRead,
  owner: string,
  calls: SimulatedCall[],
): Promise<Map<string, bigint> | undefined> {
  try {
    const answer = await read('eth_simulateV1', [
      {
        blockStateCalls: [
          { calls: calls.map((c) => ({ ...c, value: `0x${c.value.toString(16)}` })) },
        ],
        traceTransfers: true,
      },
      'latest',
    ])
    return balanceChanges(answer, owner, calls.length)
  } catch {
    return undefined
  }
}

type Log = { address?: unknown; topics?: unknown; data?: unknown }

/** The owner's net change per asset in an `eth_simulateV1` answer of one block of `count` calls. */
export function balanceChanges(
  answer: unknown,
  owner: string,
  count: number,
): Map<string, bigint> | undefined {
  const results: unknown = Array.isArray(answer) ? answer[0]?.calls : undefined
  if (!Array.isArray(results) || results.length !== count) return undefined
  const me = owner.toLowerCase()
  const changes = new Map<string, bigint>()
  for (const result of results as { status?: unknown; logs?: unknown }[]) {
    if (result?.status !== '0x1' || !Array.isArray(result.logs)) return undefined
    for (const log of result.logs as Log[]) {
      const topics = Array.isArray(log?.topics) ? (log.topics as unknown[]) : []
      if (topics[0] !== TRANSFER) continue
      const [from, to] = [topics[1], topics[2]].map((t) =>
        typeof t === 'string' ? `0x${t.slice(-40)}`.toLowerCase() : '',
      )
      if (from !== me && to !== me) continue
      const asset = String(log.address).toLowerCase()
      const data = typeof log.data === 'string' ? log.data : ''
      // Another kind of transfer (an NFT's, its id indexed) is a movement the review never shows.
      const fungible = topics.length === 3 && /^0x[0-9a-fA-F]{64}$/.test(data)
      const key = fungible ? asset : `${asset} (not fungible)`
      const sign = (to === me ? 1n : 0n) - (from === me ? 1n : 0n)
      changes.set(key, (changes.get(key) ?? 0n) + sign * (fungible ? BigInt(data) : 1n))
    }
  }
  return changes
}

/**
 * Compares simulated balance changes with the review: at most `amount` of `input` leaves, at
 * least `minimum` of `output` arrives, nothing else moves.
 *
 * @throws SwapSimulationMismatchError naming every change, when they differ.
 */
export function checkBalanceChanges(
  changes: Map<string, bigint>,
  expected: { input: string; amount: bigint; output: string; minimum: bigint },
): void {
  const input = expected.input.toLowerCase()
  const output = expected.output.toLowerCase()
  const fits = [...changes].every(([asset, delta]) =>
    asset === input ? delta >= -expected.amount : asset === output || delta === 0n,
  )
  if (!fits || (changes.get(output) ?? 0n) < expected.minimum)
    throw new SwapSimulationMismatchError({
      field: 'simulation',
      expected: `-${expected.amount} ${input} at most, +${expected.minimum} ${output} at least, nothing else`,
      received: [...changes].map(([asset, delta]) => `${delta} ${asset}`).join(', ') || 'nothing',
    })
}
