import { expect, test, vi } from 'vitest'
import { SwapSimulationMismatchError } from '../../../../src/core/errors/swap.js'
import {
  balanceChanges,
  checkBalanceChanges,
  simulateBalanceChanges,
} from '../../../../src/core/swap/simulate.js'
import { NATIVE_TOKEN_ADDRESS as NATIVE } from '../../../../src/core/swap/tokens.js'

const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const ROUTER = '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9'
const PAIR = '0x7553b4d2cb3a87e0bfd6c3e27d4de9c0b96414f1'
const ATTACKER = '0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f'
const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const WETH = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`
const amount = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`

/** A Transfer log as anvil's `eth_simulateV1` traces it (the coin's from 0xeeee…eeee). */
const transfer = (token: string, from: string, to: string, value: bigint) => ({
  address: token,
  topics: [TRANSFER, topic(from), topic(to)],
  data: amount(value),
})
/** One simulated block of calls, each successful with its logs, in anvil's answer shape. */
const block = (...calls: { logs: unknown[]; status?: string }[]) => [
  {
    number: '0x1',
    calls: calls.map((c) => ({ returnData: '0x', gasUsed: '0x5208', status: '0x1', ...c })),
  },
]

const swap = [
  transfer(USDC, USER, PAIR, 3_000_000_000n),
  transfer(WETH, PAIR, USER, 996_006_981_039_903_216n),
]
const review = {
  input: USDC,
  amount: 3_000_000_000n,
  output: WETH,
  minimum: 986_046_911_229_504_184n,
}

test('default', () => {
  // The approval (no transfer), then the swap.
  const changes = balanceChanges(block({ logs: [] }, { logs: swap }), USER, 2) as Map<
    string,
    bigint
  >
  expect([...changes]).toEqual([
    [USDC, -3_000_000_000n],
    [WETH, 996_006_981_039_903_216n],
  ])
  expect(() => checkBalanceChanges(changes, review)).not.toThrow()
})

test('behavior: the coin’s traced transfers count; others’ transfers do not', () => {
  const changes = balanceChanges(
    block({
      logs: [
        transfer(NATIVE, USER, ROUTER, 10n ** 18n),
        transfer(NATIVE, ROUTER, WETH, 10n ** 18n),
        transfer(USDC, PAIR, USER, 3_000_000n),
      ],
    }),
    USER.toUpperCase().replace('0X', '0x'),
    1,
  )
  expect(changes && [...changes]).toEqual([
    [NATIVE, -(10n ** 18n)],
    [USDC, 3_000_000n],
  ])
})

test('error: other amounts than the review refuse: more paid, less bought, anything else moved', () => {
  const refused = (logs: unknown[]) => {
    const changes = balanceChanges(block({ logs }), USER, 1) as Map<string, bigint>
    try {
      checkBalanceChanges(changes, review)
    } catch (error) {
      expect(error).toBeInstanceOf(SwapSimulationMismatchError)
      return (error as SwapSimulationMismatchError).shortMessage
    }
    return 'accepted'
  }
  const text = 'A simulation of the swap moves other amounts than the review shows.'
  expect(refused(swap)).toBe('accepted')
  // More paid.
  expect(refused([...swap, transfer(USDC, USER, ATTACKER, 1n)])).toBe(text)
  // Less bought, or bought by someone else.
  expect(refused([swap[0], transfer(WETH, PAIR, USER, review.minimum - 1n)])).toBe(text)
  expect(refused([swap[0], transfer(WETH, PAIR, ATTACKER, 10n ** 18n)])).toBe(text)
  // Another token, or the coin, leaves as well; an NFT leaves.
  expect(
    refused([...swap, transfer('0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', USER, ATTACKER, 1n)]),
  ).toBe(text)
  expect(refused([...swap, transfer(NATIVE, USER, ATTACKER, 1n)])).toBe(text)
  expect(
    refused([
      ...swap,
      {
        address: ATTACKER,
        topics: [TRANSFER, topic(USER), topic(ATTACKER), amount(7n)],
        data: '0x',
      },
    ]),
  ).toBe(text)
  // Paying less than typed, or receiving more, is not a difference.
  expect(refused([transfer(USDC, USER, PAIR, 1n), transfer(WETH, PAIR, USER, 10n ** 19n)])).toBe(
    'accepted',
  )
})

test('behavior: an answer that says nothing is no answer: decoding alone decides', () => {
  expect(balanceChanges(block({ logs: swap, status: '0x0' }), USER, 1)).toBeUndefined()
  expect(balanceChanges(block({ logs: swap }), USER, 2)).toBeUndefined()
  expect(balanceChanges({ error: 'x' }, USER, 1)).toBeUndefined()
  expect(balanceChanges([{ calls: [{ status: '0x1' }] }], USER, 1)).toBeUndefined()
})

test('args: one eth_simulateV1 call of every call, coin transfers traced; a failure is no answer', async () => {
  const read = vi.fn(async () => block({ logs: swap }))
  const calls = [{ from: USER, to: ROUTER, data: '0x38ed1739', value: 5n }]
  await simulateBalanceChanges(read, USER, calls)
  expect(read).toHaveBeenCalledWith('eth_simulateV1', [
    {
      blockStateCalls: [{ calls: [{ from: USER, to: ROUTER, data: '0x38ed1739', value: '0x5' }] }],
      traceTransfers: true,
    },
    'latest',
  ])
  const notFound = Object.assign(new Error('the method eth_simulateV1 does not exist'), {
    code: -32601,
  })
  read.mockRejectedValueOnce(notFound)
  expect(await simulateBalanceChanges(read, USER, calls)).toBeUndefined()
})
