import type { HistoryItem, HistoryTransfer } from '../../../../src/core/history/types.js'

/** The account whose history the tests read. */
export const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** A friend the account really sent to. */
export const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** A poisoner's look-alike of FRIEND: same first and last 4 hex characters. */
export const LOOKALIKE = '0x7099aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa79c8'

let n = 0

/** A transfer: 1 USDC out to FRIEND unless told otherwise. */
export function transfer(overrides: Partial<HistoryTransfer> = {}): HistoryTransfer {
  return {
    symbol: 'USDC',
    name: 'USD Coin',
    amount: '1',
    direction: 'out',
    spam: false,
    sender: ME,
    recipient: FRIEND,
    ...overrides,
  }
}

/** An item on eip155:1 mined at `minedAt` (default 2026-11-20), sent by ME. */
export function item(overrides: Partial<HistoryItem> = {}): HistoryItem {
  n += 1
  const hash = `0x${n.toString(16).padStart(64, '0')}`
  return {
    id: `eip155:1:${hash}`,
    hash,
    chain: 'eip155:1',
    minedAt: Date.UTC(2026, 10, 20, 12),
    operationType: 'send',
    status: 'confirmed',
    sentFrom: ME,
    sentTo: FRIEND,
    transfers: [transfer()],
    ...overrides,
  }
}
