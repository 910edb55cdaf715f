import {
  type Address,
  formatUnits,
  getAddress,
  type Hex,
  hexToBigInt,
  toEventSelector,
  toFunctionSelector,
  zeroAddress,
} from 'viem'
import { tokenIconUrl } from '../fixtures.js'
import type { ChainPrices } from '../prices.js'
import type { IndexedTransaction } from './block-index.js'
import type { TokenBook, TokenInfo } from './tokens.js'
import { type HistoryTransfer, type IndexedItem, isoSeconds, sortKey } from './types.js'

const TRANSFER = toEventSelector('Transfer(address,address,uint256)')
const APPROVAL = toEventSelector('Approval(address,address,uint256)')
/** SimplePair's swap event: a trade went through one of the chain's pools. */
const SWAP = toEventSelector('Swap(address,uint256,uint256,uint256,uint256,address)')

/** What a failed transaction meant to do, from its selector (a revert leaves no logs). */
const INTENT: Record<string, string> = {
  [toFunctionSelector('transfer(address,uint256)')]: 'send',
  [toFunctionSelector('transferFrom(address,address,uint256)')]: 'send',
  [toFunctionSelector('approve(address,uint256)')]: 'approve',
  [toFunctionSelector('swapExactTokensForTokens(uint256,uint256,address[],address,uint256)')]:
    'trade',
}

const NATIVE = { name: 'Ethereum', symbol: 'ETH' } as const

const topicAddress = (topic: Hex | undefined): Address =>
  getAddress(`0x${(topic ?? '0x').slice(-40).padStart(40, '0')}`)

type Movement = { token: Address | null; from: Address; to: Address; amount: bigint }

/** Native value and ERC-20 `Transfer` logs of a successful transaction that touch `owner`. */
function movementsOf(tx: IndexedTransaction, owner: string): Movement[] {
  if (!tx.success) return []
  const moves: Movement[] = []
  const touches = (a: string) => a.toLowerCase() === owner
  if (tx.value > 0n && tx.to && (touches(tx.from) || touches(tx.to)))
    moves.push({ token: null, from: getAddress(tx.from), to: getAddress(tx.to), amount: tx.value })
  for (const log of tx.logs) {
    // ERC-20 Transfer has 3 topics; 4 would be an ERC-721 token id, which this indexer skips.
    if (log.topics[0] !== TRANSFER || log.topics.length !== 3) continue
    const from = topicAddress(log.topics[1])
    const to = topicAddress(log.topics[2])
    if (!touches(from) && !touches(to)) continue
    moves.push({ token: getAddress(log.address), from, to, amount: hexToBigInt(log.data) })
  }
  return moves
}

/** The operation, as the public service names it, seen from `owner`. */
function operationOf(tx: IndexedTransaction, owner: string, moves: Movement[]): string {
  const own = (a: string | null) => a?.toLowerCase() === owner
  if (!tx.success) return INTENT[tx.input.slice(0, 10)] ?? (tx.to ? 'execute' : 'deploy')
  if (!tx.to && own(tx.from)) return 'deploy'
  const outs = moves.filter((m) => own(m.from))
  const ins = moves.filter((m) => own(m.to))
  const swapped = tx.logs.some((l) => l.topics[0] === SWAP)
  if (outs.length && ins.length)
    return swapped || !moves.every((m) => own(m.from) && own(m.to)) ? 'trade' : 'send'
  if (ins.length && ins.every((m) => m.from === zeroAddress)) return 'mint'
  if (outs.length && outs.every((m) => m.to === zeroAddress)) return 'burn'
  if (outs.length) return 'send'
  if (ins.length) return 'receive'
  const approved = tx.logs.some(
    (l) => l.topics[0] === APPROVAL && topicAddress(l.topics[1]).toLowerCase() === owner,
  )
  if (approved) return 'approve'
  return 'execute'
}

/** Whether `owner` appears in the transaction at all (sender, receiver, or a log's party). */
function involves(tx: IndexedTransaction, owner: string): boolean {
  if (tx.from.toLowerCase() === owner || tx.to?.toLowerCase() === owner) return true
  return tx.logs.some(
    (l) =>
      (l.topics[0] === TRANSFER || l.topics[0] === APPROVAL) &&
      l.topics.slice(1, 3).some((t) => topicAddress(t).toLowerCase() === owner),
  )
}

/**
 * The history items of `owner` among `transactions` (any order in, any order out), in the public
 * service's shape: each transfer with its token's name and symbol, amount in whole units, today's
 * USD price and value for listed tokens, a spam flag for tokens the book flags.
 */
export async function eip155Items(parameters: {
  caip2: string
  owner: string
  transactions: readonly IndexedTransaction[]
  tokens: TokenBook
  prices: () => Promise<ChainPrices>
}): Promise<IndexedItem[]> {
  const { caip2, tokens } = parameters
  const owner = parameters.owner.toLowerCase()
  const mine = parameters.transactions.filter((tx) => involves(tx, owner))
  if (mine.length === 0) return []
  const prices = await parameters.prices()
  const items: IndexedItem[] = []
  for (const tx of mine) {
    const moves = movementsOf(tx, owner)
    const transfers: HistoryTransfer[] = []
    for (const move of moves) {
      const info: TokenInfo | null = move.token ? await tokens.info(move.token) : null
      const decimals = info ? info.decimals : 18
      const numeric = formatUnits(move.amount, decimals)
      const price = info
        ? info.listed
          ? (prices.tokens.get(info.address.toLowerCase()) ?? 0)
          : undefined
        : prices.native
      const fromOwner = move.from.toLowerCase() === owner
      const toOwner = move.to.toLowerCase() === owner
      transfers.push({
        fungible_info: info
          ? {
              name: info.name,
              symbol: info.symbol,
              ...(info.icon && { icon: { url: info.icon } }),
              implementations: [{ chain_id: caip2, address: info.address, decimals }],
            }
          : {
              ...NATIVE,
              icon: { url: tokenIconUrl(NATIVE.symbol) },
              implementations: [{ chain_id: caip2, address: null, decimals: 18 }],
            },
        ...(info?.spam && { nft_info: { name: info.name, flags: { is_spam: true } } }),
        direction: fromOwner && toOwner ? 'self' : fromOwner ? 'out' : 'in',
        quantity: { numeric },
        ...(price !== undefined && { price, value: Number(numeric) * price }),
        sender: move.from,
        recipient: move.to,
      })
    }
    items.push({
      key: sortKey(tx.timestamp, caip2, tx.blockNumber, tx.index),
      item: {
        id: `${caip2}:${tx.hash}`,
        metadata: {
          operationType: operationOf(tx, owner, moves),
          hash: tx.hash,
          chain: caip2,
          minedAt: isoSeconds(tx.timestamp),
          sentFrom: getAddress(tx.from),
          sentTo: getAddress(tx.to ?? tx.contractAddress ?? zeroAddress),
          status: tx.success ? 'confirmed' : 'failed',
          nonce: tx.nonce,
        },
        transfers,
      },
    })
  }
  return items
}
